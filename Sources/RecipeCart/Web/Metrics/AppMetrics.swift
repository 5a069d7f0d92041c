import Metrics

/// What an operator watches besides requests (which Hummingbird's `MetricsMiddleware` counts by route and status):
/// cart posts, the page cache, upstream calls and quota, database trouble. Each instance reports its own.
enum AppMetrics {
    static func cartPosted() {
        Counter(label: "recipecart_cart_posts_total").increment()
    }

    static func pageCache(hit: Bool) {
        Counter(label: "recipecart_page_cache_total", dimensions: [("result", hit ? "hit" : "miss")]).increment()
    }

    static func upstreamCalled(_ source: UpstreamSource) {
        Counter(label: "recipecart_upstream_calls_total", dimensions: [("source", source.rawValue)]).increment()
    }

    static func upstreamQuotaLeft(_ left: Int, source: UpstreamSource) {
        Gauge(label: "recipecart_upstream_quota_left", dimensions: [("source", source.rawValue)]).record(left)
    }

    static func databaseError() {
        Counter(label: "recipecart_database_errors_total").increment()
    }

    static func databaseReconnected() {
        Counter(label: "recipecart_database_reconnects_total").increment()
    }
}
