import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import ServiceLifecycle
import Synchronization
import Testing

@testable import RecipeCart

/// The outbox's sender against a real partner on 127.0.0.1: it signs what it posts, counts a redirect as a failed
/// try without following it, and marks a 2xx delivered.
@Suite struct PartnerSenderTests {
    static let secret = WebhookSecret("whsec_" + Data(repeating: 42, count: 32).base64EncodedString())!

    /// What the partner took: webhook-id and body, each checked against its signature.
    final class Received: Sendable {
        let events = Mutex<[(id: String, body: String)]>([])
        let badSignatures = Mutex(0)
    }

    /// A partner at `/events` that takes what is signed with `secret`, and `/moved` that redirects there.
    static func withPartner(_ body: @Sendable (_ port: Int, Received) async throws -> Void) async throws {
        let received = Received()
        let router = Router()
        router.post("events") { request, _ -> Response in
            let bytes = Data(buffer: try await request.body.collect(upTo: 1 << 20))
            do {
                try WebhookSigner(secret: secret).verify(
                    id: request.headers[HTTPField.Name("webhook-id")!],
                    timestamp: request.headers[HTTPField.Name("webhook-timestamp")!],
                    signatures: request.headers[HTTPField.Name("webhook-signature")!], body: bytes, now: Date())
            } catch {
                received.badSignatures.withLock { $0 += 1 }
                return Response(status: .unauthorized)
            }
            let id = request.headers[HTTPField.Name("webhook-id")!] ?? ""
            received.events.withLock { $0.append((id, String(decoding: bytes, as: UTF8.self))) }
            return Response(status: .noContent)
        }
        router.post("moved") { _, _ in Response(status: .temporaryRedirect, headers: [.location: "/events"]) }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "StandInPartner")
        logger.logLevel = .error
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            do {
                guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }
                try await body(port, received)
                await services.triggerGracefulShutdown()
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }

    @Test func signsEachEventAndFollowsNoRedirect() async throws {
        // One moment for the sender and the store: a failed try's next attempt is then always still ahead, however
        // long the machine takes between the steps.
        let clock = AppClock.fixed(Date())
        try await Self.withPartner { port, received in
            try await StoreBackend.sqlite.withStores(clock: clock, partnerEvents: true) {
                (stores: TestStores) async throws in
                try await stores.installBundled()
                let session = SessionKey(sessionID: "sender-session")
                try await stores.carts.apply(.increment, recipe: RecipeID("bundled-1")!, session: session)
                let cart = try await stores.carts.cart(session: session)
                let placement = try await stores.orders.place(
                    OrderContent(cart: cart, ingredients: [:], have: [:]), note: "", session: session)
                guard case .placed(let order) = placement else { throw CancellationError() }
                let client = PartnerSender.makeClient()
                // Shut down on every way out: a client left running is a crash when it goes.
                do {
                    func sender(_ path: String) -> PartnerSender {
                        PartnerSender(
                            settings: PartnerSettings(
                                url: URL(string: "http://127.0.0.1:\(port)/\(path)")!, secret: Self.secret),
                            store: stores.stores.partner, client: client, clock: clock,
                            logger: Logger(label: "PartnerSenderTests"))
                    }

                    #expect(await sender("moved").sendDueBatch() == 1)
                    #expect(received.events.withLock { $0.isEmpty })
                    #expect(try await stores.stores.partner.backlog().waiting == 1)
                    #expect(try await stores.stores.partner.retryNow(order.code))

                    #expect(await sender("events").sendDueBatch() == 1)
                    let taken = received.events.withLock { $0 }
                    #expect(taken.count == 1)
                    #expect(taken.first?.body.contains(#""type":"order.placed""#) == true)
                    #expect(taken.first?.body.contains(order.code.rawValue) == true)
                    #expect(received.badSignatures.withLock { $0 } == 0)
                    #expect(try await stores.stores.partner.backlog().waiting == 0)
                    #expect(try await stores.stores.partner.handoffs([order.code]) == [order.code: .sent])
                } catch {
                    try? await client.shutdown()
                    throw error
                }
                try await client.shutdown()
            }
        }
    }
}
