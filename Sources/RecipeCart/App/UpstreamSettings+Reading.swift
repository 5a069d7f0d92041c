import Foundation
import RecipeCartUpstream

extension UpstreamSettings {
    /// `--source` and the rest of the recipe API settings, which `web serve` and `web import` share.
    package init(reading settings: SettingsReader) throws(SettingError) {
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
    package static func seconds(from text: String) -> TimeInterval? {
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
