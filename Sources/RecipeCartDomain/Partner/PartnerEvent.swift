import Foundation

/// One status event from the partner, read from its JSON body `{"type", "timestamp", "data": {"order", …}}` once its
/// signature has been checked.
package struct PartnerEvent: Sendable, Equatable {
    package static let maximumReasonLength = 200

    package enum Kind: String, Sendable, CaseIterable {
        case paymentSucceeded = "payment.succeeded"
        case paymentFailed = "payment.failed"
        case dispatched = "delivery.dispatched"
        case delivered = "delivery.delivered"
        case rejected = "order.rejected"

        package var status: PartnerStatus {
            switch self {
            case .paymentSucceeded: .paid
            case .paymentFailed: .paymentFailed
            case .dispatched: .dispatched
            case .delivered: .delivered
            case .rejected: .rejected
            }
        }
    }

    package var kind: Kind
    /// As sent: it may name no order at all.
    package var order: String
    package var trackingURL: String?
    package var reason: String?
    /// What a `payment.succeeded` says was paid, in minor units of `currency` (the shop's when nil); nil when it says
    /// nothing of it.
    package var amount: Int?
    /// ISO 4217, as sent (three capital letters).
    package var currency: String?

    /// The largest amount a partner may name: ten million in major units.
    package static let largestAmountMinor = 1_000_000_000

    /// Reads a body. Throws `.notStrictJSON` for bytes that are not strict JSON, `.malformed` for JSON that is not
    /// the envelope, `.invalid` for a text field holding a `TextHazard` (checked before the type, whose refusal
    /// repeats it), `.unknownType` for a type not in `Kind`, `.invalid` for a field of a known type that breaks its
    /// rule.
    package init(json body: Data) throws(PartnerEventError) {
        do throws(StrictJSON.Violation) {
            try StrictJSON.validate(body)
        } catch {
            throw .notStrictJSON(error.description)
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: body)
        } catch {
            throw .malformed
        }
        try Self.refuseHazards(in: envelope)
        guard let kind = Kind(rawValue: envelope.type) else { throw .unknownType(envelope.type) }
        self.kind = kind
        order = envelope.data.order
        trackingURL = nil
        reason = nil
        amount = nil
        currency = nil
        switch kind {
        case .dispatched:
            if let text = envelope.data.trackingURL {
                guard let url = URL(string: text), url.scheme?.lowercased() == "https", url.host?.isEmpty == false
                else { throw .invalid("tracking_url must be an https address") }
                trackingURL = text
            }
        case .rejected:
            let text = (envelope.data.reason ?? "").trimmingWhitespaceAndNewlines
            guard text.count <= Self.maximumReasonLength else {
                throw .invalid("reason can be at most \(Self.maximumReasonLength) characters")
            }
            reason = text.isEmpty ? nil : text
        case .paymentSucceeded:
            if let number = envelope.data.amount {
                guard number.rounded() == number, (0...Double(Self.largestAmountMinor)).contains(number) else {
                    throw .invalid("amount must be a whole number of minor units, from 0 to \(Self.largestAmountMinor)")
                }
                amount = Int(number)
            }
            if let code = envelope.data.currency {
                guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
                    throw .invalid("currency must be an ISO 4217 code of three capital letters")
                }
                currency = code
            }
        case .paymentFailed, .delivered:
            break
        }
    }

    /// Every free text of the event that is kept (in the body or beside the order), shown, or repeated in a
    /// refusal, whatever the event's type: a hazard refuses the event, it is never cut or kept. The order is not
    /// free text: anything but a code is no order.
    private static func refuseHazards(in envelope: Envelope) throws(PartnerEventError) {
        let texts: [(field: String, text: String?)] = [
            ("type", envelope.type), ("timestamp", envelope.timestamp), ("tracking_url", envelope.data.trackingURL),
            ("reason", envelope.data.reason), ("currency", envelope.data.currency),
        ]
        for (field, text) in texts {
            if let hazard = text?.firstHazard { throw .invalid("\(field) holds \(hazard), which is refused") }
        }
    }

    private struct Envelope: Decodable {
        var type: String
        var timestamp: String
        var data: Payload
    }

    private struct Payload: Decodable {
        var order: String
        var trackingURL: String?
        var reason: String?
        /// Read as a number of any form, so a fraction is refused by name rather than as a malformed body.
        var amount: Double?
        var currency: String?

        enum CodingKeys: String, CodingKey {
            case order, reason, amount, currency
            case trackingURL = "tracking_url"
        }
    }
}

package enum PartnerEventError: Error, Equatable, Sendable {
    /// Not JSON as RFC 8259 has it: why, and at which byte.
    case notStrictJSON(String)
    /// JSON without `type`, `timestamp` or `data.order`.
    case malformed
    case unknownType(String)
    case invalid(String)
}
