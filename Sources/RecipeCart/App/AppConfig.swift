import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartUpstream
import RecipeCartWire

/// Everything `web serve` can be told, each with a `RECIPECART_…` environment variable (`Settings`).
package struct AppConfig: Sendable {
    package var host: String
    package var port: Int
    package var dataDirectory: URL
    /// PostgreSQL shared by every instance (`--database-url`); nil keeps everything in SQLite under the data dir.
    package var databaseURL: String?
    /// Where `GET /metrics` is served (`--metrics-port`); nil serves no metrics.
    package var metricsPort: Int?
    /// Where `Templates/` and `Public/` are read from.
    package var resourcesDirectory: URL
    package var secureCookies: Bool
    /// The token staff sign in with; a random one is made (and its sign-in URL logged) when nil.
    package var staffToken: String?
    /// The recipe API behind the cache (`--source` and friends); the bundled catalog alone by default.
    package var upstream: UpstreamSettings
    /// Memory for hot static files, both variants (`--static-cache-mb`).
    package var staticCacheBytes: Int
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    package var trustedProxies: TrustedProxies
    /// When the staff board calls an open order waiting long, then late (`--order-warn-after`, `--order-late-after`).
    package var orderAges: OrderAge.Limits
    /// How much dearer, in percent, a replacement may be for a shopper who chose a close match
    /// (`--close-match-price-rise`).
    package var closeMatchPriceRise: Int
    /// How long a connection may sit idle, send its request or leave its answers unread (`--connection-timeout`);
    /// the request guard's other limits are in proportion to it.
    package var connectionTimeout: TimeInterval
    /// The most connections open at once (`--max-connections`); nil derives it from the open-file limit.
    package var maxConnections: Int?
    /// What every price is in (`--currency`).
    package var currency: Currency
    /// The shop's time zone (`--time-zone`): pickup slots are cut, the board's day is counted and every time is shown
    /// in it.
    package var timeZone: TimeZone
    /// The payment and delivery partner orders are handed to (`--partner-url`, `--partner-secret`); nil keeps
    /// pickup at the counter only.
    package var partner: PartnerSettings?
    /// What every part of the app reads the time from.
    package var clock: AppClock
    /// Static files in memory and cached pages answered on the event loop (`EarlyAnswerSource`); off, every request goes
    /// through the router, which tests compare against. Both count into the same metrics when they are served.
    package var answersOnEventLoop = true
    /// How many pages and posts the router works on at once before it refuses more with a 503.
    var requestLimits = RequestAdmission.Limits.standard

    /// Each value left out is the setting's default, as `web serve` would have it with nothing set.
    package init(
        host: String = Settings.host.defaultValue, port: Int = Settings.port.defaultValue,
        dataDirectory: URL = URL(fileURLWithPath: Settings.dataDir.defaultValue), databaseURL: String? = nil,
        metricsPort: Int? = nil,
        resourcesDirectory: URL = URL(fileURLWithPath: Settings.resourcesDir.defaultValue),
        secureCookies: Bool = Settings.secureCookies.defaultValue,
        staffToken: String? = Settings.staffToken.defaultValue,
        upstream: UpstreamSettings = UpstreamSettings(),
        staticCacheBytes: Int = Settings.staticCacheMB.defaultValue << 20,
        trustedProxies: TrustedProxies = Settings.trustedProxy.defaultValue,
        orderAges: OrderAge.Limits = OrderAge.Limits(
            warnAfter: Settings.orderWarnAfter.defaultValue, lateAfter: Settings.orderLateAfter.defaultValue),
        closeMatchPriceRise: Int = Settings.closeMatchPriceRise.defaultValue,
        connectionTimeout: TimeInterval = Settings.connectionTimeout.defaultValue,
        maxConnections: Int? = nil,
        currency: Currency = Settings.currency.defaultValue,
        timeZone: TimeZone = Settings.timeZone.defaultValue,
        partner: PartnerSettings? = nil,
        clock: AppClock = .system
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.metricsPort = metricsPort
        self.resourcesDirectory = resourcesDirectory
        self.secureCookies = secureCookies
        self.staffToken = staffToken
        self.upstream = upstream
        self.staticCacheBytes = staticCacheBytes
        self.trustedProxies = trustedProxies
        self.orderAges = orderAges
        self.closeMatchPriceRise = closeMatchPriceRise
        self.connectionTimeout = connectionTimeout
        self.maxConnections = maxConnections
        self.currency = currency
        self.timeZone = timeZone
        self.partner = partner
        self.clock = clock
    }

    /// The command line, then the environment, then the defaults: what `web serve` builds the app from.
    package init(reading settings: SettingsReader) throws(SettingError) {
        self.init(
            host: try settings(Settings.host), port: try settings(Settings.port),
            dataDirectory: URL(fileURLWithPath: try settings(Settings.dataDir)),
            databaseURL: try settings(Settings.databaseURL),
            metricsPort: try settings(Settings.metricsPort),
            resourcesDirectory: URL(fileURLWithPath: try settings(Settings.resourcesDir)),
            secureCookies: try settings(Settings.secureCookies), staffToken: try settings(Settings.staffToken),
            upstream: try UpstreamSettings(reading: settings),
            staticCacheBytes: try settings(Settings.staticCacheMB) << 20,
            trustedProxies: try settings(Settings.trustedProxy),
            orderAges: OrderAge.Limits(
                warnAfter: try settings(Settings.orderWarnAfter), lateAfter: try settings(Settings.orderLateAfter)),
            closeMatchPriceRise: try settings(Settings.closeMatchPriceRise),
            connectionTimeout: try settings(Settings.connectionTimeout),
            maxConnections: try settings(Settings.maxConnections), currency: try settings(Settings.currency),
            timeZone: try settings(Settings.timeZone), partner: try PartnerSettings(reading: settings))
        guard orderAges.lateAfter > orderAges.warnAfter else {
            throw SettingError(
                description: "\(Settings.orderLateAfter.flag) must be longer than \(Settings.orderWarnAfter.flag)")
        }
    }

    /// The request guard's limits, in proportion to the connection timeout.
    var requestGuardTimings: RequestGuardTimings {
        RequestGuardTimings(connectionTimeout: .nanoseconds(Int64((connectionTimeout * 1e9).rounded())))
    }
    /// Uploaded pictures and the upstream image cache, served under `/images/`.
    var imagesDirectory: URL { dataDirectory.appendingPathComponent("images") }
    var templatesDirectory: URL { resourcesDirectory.appendingPathComponent("Templates") }
    var publicDirectory: URL { resourcesDirectory.appendingPathComponent("Public") }
}
