import Metrics

/// What an operator watches besides requests (which `RequestMetrics` counts by route and status):
/// cart posts and the page cache (the database's are `StorageMetrics`, the recipe API's `UpstreamMetrics`). Each instance reports its own.
///
/// The per-request counters are made once, on first use: making one asks the metrics backend to find or register
/// it, which is not work for every page. First use comes after `MetricsServer` has chosen the backend.
enum AppMetrics {
    private static let cartPosts = Counter(label: "recipecart_cart_posts_total")
    private static let ordersPlaced = Counter(label: "recipecart_orders_placed_total")
    /// Their estimated value in minor units of the shop's currency; orders without priced rows add nothing.
    private static let orderValue = Counter(label: "recipecart_orders_placed_value_minor_total")
    private static let pageCacheHits = Counter(label: "recipecart_page_cache_total", dimensions: [("result", "hit")])
    private static let pageCacheMisses = Counter(label: "recipecart_page_cache_total", dimensions: [("result", "miss")])

    static func cartPosted() {
        cartPosts.increment()
    }

    static func orderPlaced(estimateMinor: Int?) {
        ordersPlaced.increment()
        if let estimateMinor { orderValue.increment(by: Int64(estimateMinor)) }
    }

    static func pageCache(hit: Bool) {
        (hit ? pageCacheHits : pageCacheMisses).increment()
    }

}
