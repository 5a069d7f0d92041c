import Metrics
import RecipeCartDomain

/// What an operator watches of the recipe API: calls made and points left, by source. Calls are rare next to
/// pages, so each looks its counter up.
package enum UpstreamMetrics {
    package static func called(_ source: UpstreamSource) {
        Counter(label: "recipecart_upstream_calls_total", dimensions: [("source", source.rawValue)]).increment()
    }

    package static func quotaLeft(_ left: Double, source: UpstreamSource) {
        Gauge(label: "recipecart_upstream_quota_left", dimensions: [("source", source.rawValue)]).record(left)
    }
}
