import Foundation
import RecipeCartContracts
import RecipeCartStorage

/// The little script that keeps a wall screen in step with its pairing: it asks the status address every second and,
/// once the answer is no longer `expected`, goes to the pairing page, which hands the screen its session or a new code.
struct ScreenWatch {
    var scriptURL: String
    var statusURL = SiteURL.staffScreenStatus.path
    var nextURL = SiteURL.staffScreen.path
    var expected: String

    /// On the pairing page: waiting for staff to type the code.
    static func waiting(scriptURL: String) -> ScreenWatch { ScreenWatch(scriptURL: scriptURL, expected: "waiting") }

    /// On the board a paired screen shows: until it is revoked.
    static func paired(scriptURL: String) -> ScreenWatch { ScreenWatch(scriptURL: scriptURL, expected: "live") }
}

/// What a wall screen shows until it is paired: its code, large, and where staff type it.
struct StaffScreenView: PageView {
    static let template = PageTemplate.staffScreen

    var title = "Pair this screen"
    var stylesheetURL: String
    var iconURL: String
    var code: String
    var groupedCode: String
    var screensURL = SiteURL.staffScreens.path
    var minutes = Int(ScreenPairing.codeLifetime / 60)
    /// Without JavaScript the page asks again this often.
    var refreshSeconds = 2
    var screenWatch: ScreenWatch

    init(code: PairingCode, stylesheetURL: String, iconURL: String, scriptURL: String) {
        self.code = code.value
        groupedCode = code.grouped
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        screenWatch = .waiting(scriptURL: scriptURL)
    }
}

/// Staff's page for wall screens: the form that pairs one by its code, and every paired screen with a Revoke button.
struct StaffScreensView: PageView {
    static let template = PageTemplate.staffScreens

    struct Row {
        var id: String
        var name: String
        var pairedAt: String
        var pairedAtISO: String
        var lastSeen: String
        var lastSeenISO: String?
        var revokeURL: String
    }

    var title = "Wall screens"
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var action = SiteURL.staffScreens.path
    var boardURL = SiteURL.staffBoard.path
    var screenURL = SiteURL.staffScreen.path
    var codeLength = PairingCode.length
    var nameLength = ScreenName.maximumLength
    var screens: [Row]
    var hasScreens: Bool
    /// Why the last try did not pair, with what was typed so it can be corrected.
    var error: String?
    var typedCode: String
    var typedName: String
    /// What the last post did ("… is paired"), from `StatusFlash`.
    var status: String?

    init(
        screens: [PairedScreen], now: Date, csrfToken: String, stylesheetURL: String, iconURL: String,
        error: String? = nil, typedCode: String = "", typedName: String = "", status: String? = nil
    ) {
        let iso = ISO8601DateFormatter()
        self.screens = screens.map { screen in
            Row(
                id: screen.id, name: screen.name, pairedAt: RelativeTime.text(from: screen.pairedAt, to: now),
                pairedAtISO: iso.string(from: screen.pairedAt),
                lastSeen: screen.lastSeenAt.map { RelativeTime.text(from: $0, to: now) } ?? "not yet",
                lastSeenISO: screen.lastSeenAt.map { iso.string(from: $0) },
                revokeURL: SiteURL.staffScreenRevoke(screenID: screen.id).path)
        }
        hasScreens = !screens.isEmpty
        self.csrfToken = csrfToken
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        self.error = error
        self.typedCode = typedCode
        self.typedName = typedName
        self.status = status
    }
}
