import Foundation

/// One status event from the partner, read from its JSON body `{"type", "timestamp", "data": {"order", …}}` once its
/// signature has been checked.
public struct PartnerEvent: Sendable, Equatable {
    public static let maximumReasonLength = 200

    public enum Kind: String, Sendable, CaseIterable {
        case paymentSucceeded = "payment.succeeded"
        case paymentFailed = "payment.failed"
        case dispatched = "delivery.dispatched"
        case delivered = "delivery.delivered"
        case rejected = "order.rejected"

        public var status: PartnerStatus {
            switch self {
            case .paymentSucceeded: .paid
            case .paymentFailed: .paymentFailed
            case .dispatched: .dispatched
            case .delivered: .delivered
            case .rejected: .rejected
            }
        }
    }

    public var kind: Kind
    /// As sent: it may name no order at all.
    public var order: String
    public var trackingURL: String?
    public var reason: String?

    /// Reads a body. Throws `.malformed` for anything that is not the envelope, `.unknownType` for a type not in
    /// `Kind`, `.invalid` for a field of a known type that breaks its rule.
    public init(json body: Data) throws(PartnerEventError) {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: body)
        } catch {
            throw .malformed
        }
        guard let kind = Kind(rawValue: envelope.type) else { throw .unknownType(envelope.type) }
        self.kind = kind
        order = envelope.data.order
        trackingURL = nil
        reason = nil
        switch kind {
        case .dispatched:
            if let text = envelope.data.trackingURL {
                guard let url = URL(string: text), url.scheme?.lowercased() == "https", url.host?.isEmpty == false
                else { throw .invalid("tracking_url must be an https address") }
                trackingURL = text
            }
        case .rejected:
            let text = (envelope.data.reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.count <= Self.maximumReasonLength else {
                throw .invalid("reason can be at most \(Self.maximumReasonLength) characters")
            }
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalid("reason holds control characters")
            }
            reason = text.isEmpty ? nil : text
        case .paymentSucceeded, .paymentFailed, .delivered:
            break
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

        enum CodingKeys: String, CodingKey {
            case order, reason
            case trackingURL = "tracking_url"
        }
    }
}

public enum PartnerEventError: Error, Equatable, Sendable {
    /// Not JSON, or without `type`, `timestamp` or `data.order`.
    case malformed
    case unknownType(String)
    case invalid(String)
}
