import Foundation
import RecipeCartDomain

/// A secret that never shows up in logs, descriptions or pages, even when printed by mistake.
public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let value: String

    public init?(_ value: String?) {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        self.value = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
}

/// `--source`, `--upstream-url`, `--api-key`, `--daily-call-limit`, `--upstream-timeout`, `--cache-ttl`.
public struct UpstreamSettings: Sendable {
    public static let defaultCacheTTL = Settings.cacheTTL.defaultValue

    public var source: UpstreamSource
    /// Nil: the API's public address.
    public var baseURL: URL?
    public var apiKey: APIKey?
    /// Points a UTC day (a TheMealDB call is one); nil: the source's `defaultDailyCallLimit`.
    public var dailyCallLimit: Int?
    /// Connect, read and whole-request limit of one API call, in seconds.
    public var timeout: TimeInterval
    /// How long a search, a category or a recipe counts as fresh, in seconds.
    public var cacheTTL: TimeInterval
    /// After a failed call, pages wait this long before trying again, so an outage costs no page a timeout.
    var failureBackoff: TimeInterval = 30
    /// Upstream calls one client may cause an hour (`ClientCallBudget`).
    var callsPerClientHour = 10
    /// Pause between the calls of `web import`, to walk the API politely.
    var importPause: TimeInterval = 0.5
    var clock: @Sendable () -> Date = { Date() }

    public init(
        source: UpstreamSource = Settings.source.defaultValue, baseURL: URL? = nil, apiKey: APIKey? = nil,
        dailyCallLimit: Int? = nil, timeout: TimeInterval = Settings.upstreamTimeout.defaultValue,
        cacheTTL: TimeInterval = defaultCacheTTL
    ) {
        self.source = source
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.dailyCallLimit = dailyCallLimit
        self.timeout = timeout
        self.cacheTTL = cacheTTL
    }

    var resolvedBaseURL: URL {
        if let baseURL { return baseURL }
        switch source {
        case .spoonacular: return URL(string: "https://api.spoonacular.com")!
        case .themealdb, .bundled: return URL(string: "https://www.themealdb.com/api/json/v1/1/")!
        }
    }

    var resolvedDailyCallLimit: Int {
        dailyCallLimit ?? source.defaultDailyCallLimit
    }
}

extension UpstreamSettings {
    /// `--source` and the rest of the recipe API settings, which `web serve` and `web import` share.
    public init(reading settings: SettingsReader) throws(SettingError) {
        let source = try settings(Settings.source)
        let apiKey = APIKey(try settings(Settings.apiKey))
        if source == .spoonacular, apiKey == nil {
            throw SettingError(
                description:
                    "\(Settings.source.flag) spoonacular needs an API key: set \(Settings.apiKey.variable) (or \(Settings.apiKey.flag))"
            )
        }
        self.init(
            source: source, baseURL: try settings(Settings.upstreamURL), apiKey: apiKey,
            dailyCallLimit: try settings(Settings.dailyCallLimit), timeout: try settings(Settings.upstreamTimeout),
            cacheTTL: try settings(Settings.cacheTTL))
    }

    /// Seconds from `--upstream-timeout` / `--cache-ttl` text: `5`, `0.5`, `500ms`, `30s`, `15m`, `24h`, `7d`.
    /// Nil unless positive and finite.
    public static func seconds(from text: String) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, TimeInterval)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        let (number, scale) =
            units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else {
            return nil
        }
        return value * scale
    }
}
