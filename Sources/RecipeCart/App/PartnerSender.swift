import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import ServiceLifecycle

/// Works through the partner outbox beside the server: claims due events a batch at a time, posts each as a signed
/// Standard Webhook, marks it delivered on a 2xx and schedules its next try otherwise. A shopper's post only writes
/// the event, so a partner that is slow or away holds up nobody; a full batch is followed at once by the next, so a
/// long backlog drains at a steady rate, soonest due first.
struct PartnerSender: Service {
    /// Events a batch, all sent at once: the lease covers one try of each.
    static let batchSize = 16
    static let timeout: TimeInterval = 10
    /// How long a claim holds an event: past one try's timeout, so a sender that died lets go soon after.
    static let lease: TimeInterval = 30
    static let idlePause: Duration = .milliseconds(500)
    /// The most of a partner's answer read, and kept as the last error.
    static let answerLimit = 4096

    let settings: PartnerSettings
    let store: any PartnerStore
    let client: HTTPClient
    let clock: AppClock
    let logger: Logger
    /// Told of every try's outcome, since the board shows each order's hand-off.
    var boardChanges: BoardChanges?

    /// A client that never follows a redirect (an answer of 3xx is a failed try, so events cannot be steered
    /// elsewhere), with room for a whole batch at once. Shut it down with `HTTPClientService`.
    static func makeClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Int64(timeout)), read: .seconds(Int64(timeout))))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = batchSize
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastLook = ContinuousClock.now - .seconds(60)
            while !Task.isCancelled {
                let claimed = await sendDueBatch()
                if ContinuousClock.now - lastLook > .seconds(5) {
                    lastLook = ContinuousClock.now
                    if let backlog = try? await store.backlog() { PartnerMetrics.record(backlog, now: clock.now()) }
                }
                if claimed < Self.batchSize { try? await Task.sleep(for: Self.idlePause) }
            }
        }
    }

    /// Claims one batch and sends it. - Returns: how many events it claimed.
    @discardableResult func sendDueBatch() async -> Int {
        let claimed: [ClaimedEvent]
        do {
            claimed = try await store.claimDue(limit: Self.batchSize, lease: Self.lease)
        } catch {
            logger.warning("partner outbox not read: \(error)")
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for event in claimed { group.addTask { await send(event) } }
        }
        return claimed.count
    }

    private func send(_ event: ClaimedEvent) async {
        let failure = await post(event)
        do {
            if let failure {
                let wait = PartnerRetry.wait(afterFailures: event.attempts + 1)
                try await store.failed(event, error: failure, wait: wait)
                PartnerMetrics.failed()
                logger.notice(
                    "partner event not delivered",
                    metadata: [
                        "event": "\(event.id)", "order": "\(event.orderCode)", "error": "\(failure)",
                        "tries": "\(event.attempts + 1)", "next_try_in_s": "\(Int(wait.rounded(.up)))",
                    ])
            } else {
                try await store.delivered(event)
                PartnerMetrics.delivered()
            }
            boardChanges?.changed()
        } catch {
            // The lease runs out and the event is tried again: it may arrive twice, which its webhook-id tells.
            logger.warning("partner outbox not updated: \(error)", metadata: ["event": "\(event.id)"])
        }
    }

    /// One try. - Returns: nil when the partner took the event, otherwise what went wrong, in words for the board.
    private func post(_ event: ClaimedEvent) async -> String? {
        let timestamp = Int(clock.now().timeIntervalSince1970)
        var request = HTTPClientRequest(url: settings.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "RecipeCart")
        request.headers.add(name: "webhook-id", value: event.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature",
            value: WebhookSigner(secret: settings.secret).signature(
                id: event.id, timestamp: timestamp, body: Data(event.body.utf8)))
        request.body = .bytes(ByteBuffer(string: event.body))
        do {
            let response = try await client.execute(request, timeout: .seconds(Int64(Self.timeout)))
            let answer = try? await response.body.collect(upTo: Self.answerLimit)
            if (200..<300).contains(response.status.code) { return nil }
            let text = answer.map { String(buffer: $0) }?.split(whereSeparator: \.isNewline).first.map(String.init)
            return "HTTP \(response.status.code)" + (text.map { ": \($0.prefix(200))" } ?? "")
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error)
        {
            return "no answer within \(Int(Self.timeout)) s"
        } catch {
            return "could not reach the partner: \(error)"
        }
    }
}
