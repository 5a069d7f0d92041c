import ArgumentParser
import RecipeCart

/// The recipe API options `web serve` and `web import` share.
struct UpstreamOptions: ParsableArguments {
    @Option(Settings.source) var source: String?
    @Option(Settings.upstreamURL) var upstreamURL: String?
    @Option(Settings.apiKey) var apiKey: String?
    @Option(Settings.dailyCallLimit) var dailyCallLimit: String?
    @Option(Settings.upstreamTimeout) var upstreamTimeout: String?
    @Option(Settings.cacheTTL) var cacheTTL: String?

    var given: [String: String] {
        [
            Settings.source.name: source, Settings.upstreamURL.name: upstreamURL, Settings.apiKey.name: apiKey,
            Settings.dailyCallLimit.name: dailyCallLimit, Settings.upstreamTimeout.name: upstreamTimeout,
            Settings.cacheTTL.name: cacheTTL,
        ].compactMapValues { $0 }
    }
}
