import RecipeCartDomain

/// The section a Browse row falls in, as SQL both databases read alike, over a recipe row named `r`.
package enum BrowseSectionSQL {
    /// A search is one list in order of relevance, pictured or not; browsing without one is grouped.
    package static func expression(for query: BrowseQuery) -> String {
        guard SearchPattern.make(from: query.text) == nil else { return String(BrowseSection.results.rawValue) }
        return switch query.grouping {
        case .photo:
            "CASE WHEN r.image_path IS NULL THEN \(BrowseSection.other.rawValue) ELSE \(BrowseSection.popular.rawValue) END"
        case .time:
            """
            CASE WHEN r.ready_minutes IS NULL THEN \(BrowseSection.timeUnknown.rawValue)
                 WHEN r.ready_minutes <= 20 THEN \(BrowseSection.quick.rawValue)
                 WHEN r.ready_minutes < 60 THEN \(BrowseSection.underAnHour.rawValue)
                 ELSE \(BrowseSection.longer.rawValue) END
            """
        }
    }
}
