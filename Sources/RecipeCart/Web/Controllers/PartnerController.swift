import Foundation
import HTTPTypes
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// `POST /partner/events`: the partner's status events. Believed for their Standard Webhooks signature alone,
/// checked over the raw bytes before anything is parsed; then the body must be strict JSON and its free texts free of
/// control and bidirectional formatting characters. Every refusal is a 4xx with a JSON reason and changes nothing.
/// A timestamp that is not plain seconds or is more than 5 minutes off is refused as a bad signature (401): the
/// signature covers it, and a replay is exactly what the tolerance is there to stop.
struct PartnerController: Sendable {
    static let bodyLimit = 64 * 1024

    /// Nil when the shop has no partner: then no call can be believed.
    let signer: WebhookSigner?
    let partner: any PartnerStore
    let clock: AppClock

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.partnerEvents, .post, use: receive)
    }

    func receive(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let signer else { return Self.answer(.notFound, "this shop has no delivery partner") }
        let body: ByteBuffer
        do {
            body = try await RequestBody.collect(request, limit: Self.bodyLimit)
        } catch AppError.payloadTooLarge {
            return Self.answer(.contentTooLarge, "the body is over \(Self.bodyLimit / 1024) KB")
        }
        let bytes = Data(buffer: body)
        let id = request.headers[Self.webhookID]
        do throws(WebhookRejection) {
            try signer.verify(
                id: id, timestamp: request.headers[Self.webhookTimestamp],
                signatures: request.headers[Self.webhookSignature], body: bytes, now: clock.now())
        } catch {
            return Self.answer(.unauthorized, Self.reason(error))
        }
        var event: PartnerEvent
        do throws(PartnerEventError) {
            event = try PartnerEvent(json: bytes)
        } catch .notStrictJSON(let violation) {
            return Self.answer(.badRequest, "the body is not strict JSON (RFC 8259): \(violation)")
        } catch .malformed {
            return Self.answer(
                .badRequest, "the body is not an event: {\"type\", \"timestamp\", \"data\": {\"order\"}}")
        } catch .unknownType(let type) {
            return Self.answer(.unprocessableContent, "unknown event type \(type)")
        } catch .invalid(let reason) {
            return Self.answer(.unprocessableContent, reason)
        }
        guard let code = OrderCode(event.order) else { return Self.answer(.notFound, "no such order") }
        event.order = code.rawValue
        switch try await partner.receive(event, webhookID: id ?? "", body: String(decoding: bytes, as: UTF8.self)) {
        case .applied, .kept:
            return Self.answer(.ok, nil)
        case .duplicate:
            return Self.answer(.ok, "already received")
        case .unknownOrder:
            return Self.answer(.notFound, "no such order")
        }
    }

    static let webhookID = HTTPField.Name("webhook-id")!
    static let webhookTimestamp = HTTPField.Name("webhook-timestamp")!
    static let webhookSignature = HTTPField.Name("webhook-signature")!

    private static func reason(_ rejection: WebhookRejection) -> String {
        switch rejection {
        case .missingHeaders: "webhook-id, webhook-timestamp and webhook-signature are needed"
        case .badTimestamp: "webhook-timestamp must be plain decimal seconds since 1970 within 5 minutes of now"
        case .badSignature: "no signature matches"
        }
    }

    /// A small JSON answer: `{"status":"accepted"}`, or the reason for a refusal.
    private static func answer(_ status: HTTPResponse.Status, _ message: String?) -> Response {
        var object: [String: String] = ["status": status.code < 300 ? "accepted" : "refused"]
        if let message { object[status.code < 300 ? "note" : "error"] = message }
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }
}
