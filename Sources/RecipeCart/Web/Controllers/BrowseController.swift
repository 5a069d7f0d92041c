import Foundation
import Hummingbird

/// `GET /`: search, filters, sections.
struct BrowseController: Sendable {
    static let maximumSearchLength = 200

    let catalog: CatalogStore
    let upstream: UpstreamCatalog
    let pages: PageContext

    func index(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = FormFields.query(of: request)
        let query = Self.query(from: fields)
        // Fills SQLite first when the source is an API; the page itself always comes from SQLite.
        let status = await upstream.refresh(for: query)
        async let page = catalog.browse(query)
        async let categories = catalog.categories()
        let title = query.text.isEmpty ? "Browse recipes" : "“\(query.text.prefix(60))” – recipes"
        let chrome = try await pages.chrome(title: title, section: "browse", context: context)
        var view = BrowseView(query: query, page: try await page, categories: try await categories, chrome: chrome)
        view.notice = status.notice
        return try pages.renderer.response("browse", view)
    }

    /// Unknown filter values are ignored rather than refused: a hand-edited address still shows recipes.
    static func query(from fields: FormFields) -> BrowseQuery {
        let text = String((fields["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumSearchLength))
        let category = fields["category"].flatMap { $0.isEmpty || $0.count > 60 ? nil : $0 }
        let page = fields["page"].flatMap(Int.init).map { min(max($0, 1), 10_000) } ?? 1
        return BrowseQuery(
            text: text, category: category, diet: fields["diet"].flatMap(Diet.init(slug:)),
            grouping: fields["group"].flatMap(BrowseQuery.Grouping.init(rawValue:)) ?? .photo, page: page)
    }
}
