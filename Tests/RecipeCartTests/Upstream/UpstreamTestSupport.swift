import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream

@testable import RecipeCart

extension TestEnvironment {
    /// A fresh data dir with the app in front of `source` at `url`. The stand-in answers in milliseconds, so the
    /// timeout only matters to tests of timeouts, which pass a short one; the default is generous, so that a busy
    /// machine running every suite at once never turns a good answer into a timeout.
    static func upstream(
        _ source: UpstreamSource, url: URL, dailyCallLimit: Int? = nil, clock: TestClock? = nil,
        timeout: TimeInterval = 10
    ) throws -> TestEnvironment {
        var environment = try TestEnvironment()
        var settings = UpstreamSettings(
            source: source, baseURL: url, apiKey: source == .spoonacular ? APIKey(StandIn.apiKey) : nil,
            dailyCallLimit: dailyCallLimit, timeout: timeout)
        settings.importPause = 0
        if let clock {
            // The app reads its one clock; a walk of `web import` reads the settings it is given.
            environment.clock = AppClock { clock.now }
            settings.clock = { clock.now }
        }
        environment.upstream = settings
        return environment
    }

    static func upstream(
        _ source: UpstreamSource, standIn: StandIn, dailyCallLimit: Int? = nil, clock: TestClock? = nil,
        timeout: TimeInterval = 10
    ) throws -> TestEnvironment {
        try upstream(
            source, url: source == .spoonacular ? standIn.spoonacularURL : standIn.mealDBURL,
            dailyCallLimit: dailyCallLimit,
            clock: clock, timeout: timeout)
    }

    /// Saves TheMealDB's search fixture as if fetched, without a call, pictures pointing at `standIn`.
    func seedMeals(pointingAt standIn: StandIn) async throws {
        let dump = try UpstreamFixtureBytes.raw("themealdb/search.json", host: "127.0.0.1:\(standIn.port)")
        _ = try await RecipeImporter(stores: stores(), progress: SilentProgress()).importJSON(
            Data(dump.readableBytesView))
    }

    /// Like `withShopper`, with every log line of the app kept in `logs`.
    func withShopper<Value>(logs: LogCapture, _ body: @Sendable (inout Shopper) async throws -> Value) async throws
        -> Value
    {
        var logger = Logger(label: "RecipeCartTests") { _ in logs }
        logger.logLevel = .trace
        let app = try await buildApplication(config, logger: logger)
        return try await app.test(.router) { client in
            var shopper = Shopper(client: client)
            return try await body(&shopper)
        }
    }

    func row<Value: DatabaseValueConvertible & Sendable>(_ sql: String, _ arguments: StatementArguments = [])
        async throws -> Value?
    {
        try await database().read { db in try Value.fetchOne(db, sql: sql, arguments: arguments) }
    }

    var imageCacheDirectory: URL { dataDirectory.appendingPathComponent("images/cache") }
}

/// Keeps every log line, message, metadata and source, to check what never gets logged.
final class LogCapture: LogHandler, Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    var text: String { lines.withLockedValue { $0.joined(separator: "\n") } }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        lines.withLockedValue { $0.append("\(event.level) \(event.message) \(metadata) [\(event.source)]") }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
}

/// One logger's handler over a shared `LogCapture`: keeps the logger's own metadata, such as Hummingbird's request id,
/// with each of its lines.
struct LogCaptureHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel = Logger.Level.trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.metadata = metadata.merging(event.metadata ?? [:]) { $1 }
        capture.log(event: event)
    }
}

/// Waits up to `seconds` for `condition`, for work the app does in the background.
func eventually(within seconds: TimeInterval = 10, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

extension Page {
    var notice: String? { firstMatch(#"<p class="notice notice--upstream" role="status">([^<]*)</p>"#) }
}
