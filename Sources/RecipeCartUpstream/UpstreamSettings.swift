import Foundation
import RecipeCartDomain

/// A secret that never shows up in logs, descriptions or pages, even when printed by mistake.
package struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    package let value: String

    package init?(_ value: String?) {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        self.value = value
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }
}

/// `--source`, `--upstream-url`, `--api-key`, `--daily-call-limit`, `--upstream-timeout`, `--cache-ttl`.
package struct UpstreamSettings: Sendable {
    /// How long a search counts as fresh unless `--cache-ttl` says otherwise: a day.
    package static let defaultCacheTTL: TimeInterval = 24 * 3600
    /// The limit of one API call unless `--upstream-timeout` says otherwise.
    package static let defaultTimeout: TimeInterval = 5

    package var source: UpstreamSource
    /// Nil: the API's public address.
    package var baseURL: URL?
    package var apiKey: APIKey?
    /// Points a UTC day (a TheMealDB call is one); nil: the source's `defaultDailyCallLimit`.
    package var dailyCallLimit: Int?
    /// Connect, read and whole-request limit of one API call, in seconds.
    package var timeout: TimeInterval
    /// How long a search, a category or a recipe counts as fresh, in seconds.
    package var cacheTTL: TimeInterval
    /// After a failed call, pages wait this long before trying again, so an outage costs no page a timeout.
    package var failureBackoff: TimeInterval = 30
    /// Upstream calls one client may cause an hour (`ClientCallBudget`).
    package var callsPerClientHour = 10
    /// Pause between the calls of `web import`, to walk the API politely.
    package var importPause: TimeInterval = 0.5
    package var clock: @Sendable () -> Date = { Date() }

    package init(
        source: UpstreamSource = .bundled, baseURL: URL? = nil, apiKey: APIKey? = nil,
        dailyCallLimit: Int? = nil, timeout: TimeInterval = defaultTimeout,
        cacheTTL: TimeInterval = defaultCacheTTL
    ) {
        self.source = source
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.dailyCallLimit = dailyCallLimit
        self.timeout = timeout
        self.cacheTTL = cacheTTL
    }

    package var resolvedBaseURL: URL {
        if let baseURL { return baseURL }
        switch source {
        case .spoonacular: return URL(string: "https://api.spoonacular.com")!
        case .themealdb, .bundled: return URL(string: "https://www.themealdb.com/api/json/v1/1/")!
        }
    }

    package var resolvedDailyCallLimit: Int {
        dailyCallLimit ?? source.defaultDailyCallLimit
    }
}
