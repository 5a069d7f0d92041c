/// Pages of `BrowseQuery.pageSize` recipes, except that a last page of fewer than a quarter of that is folded into
/// the one before: 52 recipes are one page of 52, not 48 and a lonely 4.
package struct BrowsePaging: Sendable, Equatable {
    package let pageCount: Int
    package let page: Int
    package let offset: Int
    package let limit: Int

    package init(total: Int, requestedPage: Int, pageSize: Int = BrowseQuery.pageSize) {
        var pages = max(1, (total + pageSize - 1) / pageSize)
        let remainder = total % pageSize
        if pages > 1, remainder > 0, remainder < pageSize / 4 { pages -= 1 }
        pageCount = pages
        page = min(max(requestedPage, 1), pages)
        offset = (page - 1) * pageSize
        limit = page == pages ? max(total - offset, pageSize) : pageSize
    }

    /// The most recipes a ranking must put in order to show `requestedPage`, whatever the total: the pages before
    /// it, itself, and the up to a quarter page a last page holds more.
    package static func rankedNeeded(forPage requestedPage: Int, pageSize: Int = BrowseQuery.pageSize) -> Int {
        (max(requestedPage, 1) + 1) * pageSize
    }
}
