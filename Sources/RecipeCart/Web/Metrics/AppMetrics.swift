import Metrics

/// What an operator watches besides requests (which `RequestMetrics` counts by route and status):
/// cart posts and the page cache (the database's are `StorageMetrics`, the recipe API's `UpstreamMetrics`). Each instance reports its own.
///
/// The per-request counters are made once, on first use: making one asks the metrics backend to find or register
/// it, which is not work for every page. First use comes after `MetricsServer` has chosen the backend.
enum AppMetrics {
    private static let cartPosts = Counter(label: "recipecart_cart_posts_total")
    private static let ordersPlaced = Counter(label: "recipecart_orders_placed_total")
    private static let pageCacheHits = Counter(label: "recipecart_page_cache_total", dimensions: [("result", "hit")])
    private static let pageCacheMisses = Counter(label: "recipecart_page_cache_total", dimensions: [("result", "miss")])

    static func cartPosted() {
        cartPosts.increment()
    }

    static func orderPlaced() {
        ordersPlaced.increment()
    }

    static func pageCache(hit: Bool) {
        (hit ? pageCacheHits : pageCacheMisses).increment()
    }

}
