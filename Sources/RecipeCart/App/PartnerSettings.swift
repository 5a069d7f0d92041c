import Foundation
import RecipeCartDomain

/// The payment and delivery partner: where the shop's order events go and the secret that signs them, and the
/// partner's status events to `POST /partner/events`.
package struct PartnerSettings: Sendable {
    package var url: URL
    package var secret: WebhookSecret

    package init(url: URL, secret: WebhookSecret) {
        self.url = url
        self.secret = secret
    }

    /// `--partner-url` and `--partner-secret`, both or neither: nil when neither is set.
    package init?(reading settings: SettingsReader) throws(SettingError) {
        let url = try settings(Settings.partnerURL)
        let secret = try settings(Settings.partnerSecret)
        switch (url, secret) {
        case (let url?, let secret?):
            self.init(url: url, secret: secret)
        case (nil, nil):
            return nil
        case (nil, _?):
            throw SettingError(
                description:
                    "\(Settings.partnerSecret.flag) needs \(Settings.partnerURL.flag) (or \(Settings.partnerURL.variable)) too"
            )
        case (_?, nil):
            throw SettingError(
                description:
                    "\(Settings.partnerURL.flag) needs \(Settings.partnerSecret.variable) (or \(Settings.partnerSecret.flag)) too"
            )
        }
    }
}
