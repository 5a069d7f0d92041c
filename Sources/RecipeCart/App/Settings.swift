import Foundation
import Logging
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartUpstream

/// Every setting of `web serve` and `web import`: the one place their flags, environment variables, defaults and
/// readings are written, and what `--help` is made from.
package enum Settings {
    package static let host = Setting<String>(
        "host", "Address to listen on.", valueName: "address", default: "127.0.0.1", reading: .text)
    package static let port = Setting<Int>(
        "port", "Port to listen on.", valueName: "port", default: "8080", reading: .wholeNumber(1...65535))
    package static let dataDir = Setting<String>(
        "data-dir", "Where the SQLite database, server key and picture copies live.", valueName: "path",
        default: "./data",
        reading: .text)
    package static let databaseURL = Setting<String?>(
        "database-url",
        "PostgreSQL for several instances: postgres://user:password@host:5432/dbname[?sslmode=require].",
        valueName: "url", default: "", note: "SQLite under --data-dir", isSecret: true, reading: Reading.text.optional)
    package static let resourcesDir = Setting<String>(
        "resources-dir", "Folder holding Templates/ and Public/.", valueName: "path", default: ".", reading: .text)
    package static let secureCookies = Setting<Bool>(
        "secure-cookies", "Mark cookies Secure (behind HTTPS).", valueName: nil, default: "false", note: "off",
        reading: .onOff)
    package static let staffToken = Setting<String?>(
        "staff-token", "Token staff sign in with at /staff/login; a random one is logged at start when unset.",
        valueName: "token", default: "", note: "random", isSecret: true,
        reading: Reading.text(atLeast: 12, because: "so it cannot be guessed").optional)
    package static let logLevel = Setting<Logger.Level>(
        "log-level", "trace, debug, info, notice, warning, error or critical.", valueName: "level", default: "info",
        reading: .choice)
    package static let staticCacheMB = Setting<Int>(
        "static-cache-mb", "Memory in MB for hot static files (both variants); 0 serves every file from disk.",
        valueName: "mb", default: "32", reading: .wholeNumber(0...4096))
    package static let trustedProxy = Setting<TrustedProxies>(
        "trusted-proxy", "Comma-separated IP addresses of reverse proxies whose X-Forwarded-For names the client.",
        valueName: "addresses", default: "", note: "none", reading: .addresses)
    package static let metricsPort = Setting<Int?>(
        "metrics-port", "Port for GET /metrics (Prometheus text format) on --host.", valueName: "port", default: "",
        note: "off", reading: Reading.wholeNumber(1...65535).optional)
    package static let connectionTimeout = Setting<TimeInterval>(
        "connection-timeout",
        "How long a connection may sit idle, take to send a request or leave its answers unread; the request guard's "
            + "other limits (20s of silence, 1s more a 16 KB of body) shrink with it. Tests set a few seconds.",
        valueName: "duration", default: "30s", reading: .duration(from: 1, to: 600, as: "from 1s to 10m"))
    package static let maxConnections = Setting<Int?>(
        "max-connections",
        "Most connections open at once; past it new ones wait in the kernel's queue, and idle ones close sooner.",
        valueName: "count", default: "", note: "from the open-file limit",
        reading: Reading.wholeNumber(1...1_000_000).optional)
    package static let currency = Setting<Currency>(
        "currency", "The shop's one currency, an ISO 4217 code; prices are whole minor units of it.",
        valueName: "code", default: "EUR", reading: .currency)
    package static let timeZone = Setting<TimeZone>(
        "time-zone",
        "The shop's time zone, an IANA name such as Europe/Dublin: pickup slots, the board's day and every time shown.",
        valueName: "zone", default: "", note: "the machine's", reading: .timeZone)
    package static let orderWarnAfter = Setting<TimeInterval>(
        "order-warn-after", "How long an open order waits before the staff board marks it as waiting long: 5m, 90s…",
        valueName: "duration", default: "5m", reading: .positiveDuration)
    package static let orderLateAfter = Setting<TimeInterval>(
        "order-late-after", "How long an open order waits before the staff board marks it late; after the warning.",
        valueName: "duration", default: "10m", reading: .positiveDuration)
    package static let closeMatchPriceRise = Setting<Int>(
        "close-match-price-rise",
        "How much dearer, in percent, staff may replace a row for a shopper who chose “Pick a close match”.",
        valueName: "percent", default: String(SubstitutionChoice.defaultCloseMatchPriceRise),
        reading: .wholeNumber(0...1000))

    package static let partnerURL = Setting<URL?>(
        "partner-url",
        "Where order events go, for a payment and delivery partner: https, or http to a loopback address only.",
        valueName: "url", default: "", note: "none: pickup at the counter", reading: Reading.partnerAddress.optional)
    package static let partnerSecret = Setting<WebhookSecret?>(
        "partner-secret",
        "The partner's Standard Webhooks secret, which signs events both ways; prefer the environment variable.",
        valueName: "secret", default: "", note: "none", isSecret: true, reading: Reading.webhookSecret.optional)

    package static let source = Setting<UpstreamSource>(
        "source", "bundled, themealdb or spoonacular.", valueName: "source", default: UpstreamSource.bundled.rawValue,
        reading: .choice)
    package static let upstreamURL = Setting<URL?>(
        "upstream-url", "The API's address.", valueName: "url", default: "", note: "the public one of --source",
        reading: Reading.webAddress.optional)
    package static let apiKey = Setting<String?>(
        "api-key", "Spoonacular API key; prefer the environment variable, which `ps` does not show.", valueName: "key",
        default: "", note: "none", isSecret: true, reading: Reading.text.optional)
    package static let dailyCallLimit = Setting<Int?>(
        "daily-call-limit", "Upstream budget a UTC day: Spoonacular's quota points; for TheMealDB, calls.",
        valueName: "points",
        default: "",
        note: [UpstreamSource.spoonacular, .themealdb].map { "\($0.defaultDailyCallLimit) for \($0)" }.joined(
            separator: ", "),
        reading: Reading.wholeNumber(1...Int.max).optional)
    package static let upstreamTimeout = Setting<TimeInterval>(
        "upstream-timeout", "Time limit of one upstream call: 5s, 500ms…", valueName: "duration",
        default: "\(Int(UpstreamSettings.defaultTimeout))s",
        reading: .duration)
    package static let cacheTTL = Setting<TimeInterval>(
        "cache-ttl", "How long a search, category or recipe stays fresh: 24h, 30m…", valueName: "duration",
        default: "\(Int(UpstreamSettings.defaultCacheTTL / 3600))h", reading: .duration)
}
