import ArgumentParser
import Foundation
import RecipeCart

/// The recipe API options `web serve` and `web import` share, each with its `RECIPECART_…` twin.
struct UpstreamOptions: ParsableArguments {
    @Option(help: "bundled, themealdb or spoonacular. [env: RECIPECART_SOURCE]")
    var source: String = Environment.string("RECIPECART_SOURCE") ?? "bundled"

    @Option(name: .customLong("upstream-url"), help: "The API's address; the public one of --source when unset. [env: RECIPECART_UPSTREAM_URL]")
    var upstreamURL: String?

    // No default shown in --help: the key must never be printed.
    @Option(help: "Spoonacular API key; prefer the environment variable, which `ps` does not show. [env: RECIPECART_API_KEY]")
    var apiKey: String?

    @Option(help: "Upstream calls a UTC day; 150 for spoonacular, 2000 for themealdb when unset. [env: RECIPECART_DAILY_CALL_LIMIT]")
    var dailyCallLimit: Int?

    @Option(help: "Time limit of one upstream call: 5s, 500ms… [env: RECIPECART_UPSTREAM_TIMEOUT]")
    var upstreamTimeout: String = Environment.string("RECIPECART_UPSTREAM_TIMEOUT") ?? "5s"

    @Option(name: .customLong("cache-ttl"), help: "How long a search, category or recipe stays fresh: 24h, 30m… [env: RECIPECART_CACHE_TTL]")
    var cacheTTL: String = Environment.string("RECIPECART_CACHE_TTL") ?? "24h"

    func validate() throws {
        _ = try settings()
    }

    func settings() throws -> UpstreamSettings {
        guard let source = UpstreamSource(rawValue: source.lowercased()) else {
            throw ValidationError("unknown --source \(source): use bundled, themealdb or spoonacular")
        }
        var baseURL: URL?
        if let text = upstreamURL ?? Environment.string("RECIPECART_UPSTREAM_URL") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--upstream-url must be an http(s) address, e.g. https://www.themealdb.com/api/json/v1/1/")
            }
            baseURL = url
        }
        let apiKey = APIKey(apiKey ?? Environment.string("RECIPECART_API_KEY"))
        if source == .spoonacular, apiKey == nil {
            throw ValidationError("--source spoonacular needs an API key: set RECIPECART_API_KEY (or --api-key)")
        }
        let limit = dailyCallLimit ?? Environment.int("RECIPECART_DAILY_CALL_LIMIT")
        if let limit, limit < 1 { throw ValidationError("--daily-call-limit must be at least 1") }
        guard let timeout = UpstreamSettings.seconds(from: upstreamTimeout) else {
            throw ValidationError("--upstream-timeout must be a duration such as 5s or 500ms")
        }
        guard let ttl = UpstreamSettings.seconds(from: cacheTTL) else {
            throw ValidationError("--cache-ttl must be a duration such as 24h or 30m")
        }
        return UpstreamSettings(
            source: source, baseURL: baseURL, apiKey: apiKey, dailyCallLimit: limit, timeout: timeout, cacheTTL: ttl)
    }
}
