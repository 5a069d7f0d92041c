import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream

@testable import RecipeCart

/// A fresh data dir a test, and the app built on it exactly as `web serve` builds it.
struct TestEnvironment {
    /// The package's root, for the templates, `Public/` and the built `web`.
    static var packageRoot: URL { TestDirectories.packageRoot }

    let dataDirectory: URL
    var staffToken: String?
    var secureCookies = false
    /// The app's one clock: tests that show times set it.
    var clock = AppClock.system
    /// The shop's zone (`--time-zone`): the machine's, unless a test of slots or times says otherwise.
    var timeZone = TimeZone.current
    /// The recipe API the app sits in front of; the bundled catalog alone unless a test says otherwise.
    var upstream = UpstreamSettings()
    /// Off, every request goes through the router (`EarlyAnswerSource`).
    var answersOnEventLoop = true
    /// Every piece of shared state in this PostgreSQL database (`TestPostgres`) instead of SQLite under the data dir.
    var databaseURL: String?
    /// A payment and delivery partner the shop hands its orders to.
    var partner: PartnerSettings?
    /// How many pages and posts the router takes at once.
    var requestLimits = RequestAdmission.Limits.standard

    init() throws {
        dataDirectory = try TestDirectories.fresh()
    }

    var config: AppConfig {
        var config = AppConfig(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, resourcesDirectory: Self.packageRoot,
            secureCookies: secureCookies,
            staffToken: staffToken, upstream: upstream, timeZone: timeZone, clock: clock)
        config.answersOnEventLoop = answersOnEventLoop
        config.databaseURL = databaseURL
        config.partner = partner
        config.requestLimits = requestLimits
        return config
    }

    /// - Parameter logs: keeps every line the app logs, request lines included; without it, warnings and worse go to
    ///   the console.
    func makeApp(logs: LogCapture? = nil) async throws -> some ApplicationProtocol {
        var logger =
            logs.map { logs in Logger(label: "RecipeCartTests") { _ in LogCaptureHandler(capture: logs) } }
            ?? Logger(label: "RecipeCartTests")
        logger.logLevel = logs == nil ? .warning : .trace
        return try await buildApplication(config, logger: logger)
    }

    func database() throws -> SQLiteDatabase { try SQLiteDatabase(directory: dataDirectory) }

    /// The stores the app opens on this data dir, for a test that checks what a request left behind.
    func stores() throws -> Stores {
        try Stores.openSQLite(
            directory: dataDirectory, clock: clock, logger: Logger(label: "RecipeCartTests"),
            partnerEvents: partner != nil, timeZone: timeZone)
    }

    /// Runs a test against the router of a freshly built app on this data dir; `.live` serves it over HTTP on loopback.
    func withShopper<Value>(over setup: TestingSetup = .router, _ body: @Sendable (inout Shopper) async throws -> Value)
        async throws -> Value
    {
        let app = try await makeApp()
        return try await app.test(setup) { client in
            var shopper = Shopper(client: client)
            return try await body(&shopper)
        }
    }
}
