import RecipeCartDomain
import RecipeCartShelf

/// The shop's products for staff: searched by SKU, name or GTIN, a page of them at a time, each with its price and
/// unit price in the shop's currency, its stock and a link to edit it; with the upload of a till's file and, after an
/// upload that was refused, its report.
struct StaffProductsView: PageView {
    static let template = PageTemplate.staffProducts

    struct Row {
        var sku: String
        var name: String
        var packSize: String
        var price: String
        var priceMinor: Int
        var unitPrice: String
        var unitPriceMinor: Int
        var unit: String
        var stock: String
        /// `data-stock`: the count, or `untracked`.
        var stockHook: String
        var isActive: Bool
        var editURL: String
    }

    /// What an upload that changed nothing says: the reason the file was refused, or each refused row.
    struct Report {
        var summary: String
        var refused: [String]
    }

    struct FormatOption {
        var value: String
        var title: String
        var isSelected: Bool
    }

    var title = "Products"
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var currency: String
    var boardURL = SiteURL.staffBoard.path
    var listURL = SiteURL.staffProducts.path
    var importURL = SiteURL.staffProductsImport.path
    var matchesURL = SiteURL.staffProductMatches.path
    var search: String
    var rows: [Row]
    var hasRows: Bool
    var emptyText: String
    var pageText: String
    var previousURL: String?
    var nextURL: String?
    var status: String?
    var report: Report?
    var formats: [FormatOption]
    var skipBad: Bool

    init(
        products: [Product], search: String, page: Int, hasNextPage: Bool, currency: Currency, csrfToken: String,
        assets: AssetURLs, status: String? = nil, report: Report? = nil, format: String = "auto",
        skipBad: Bool = false
    ) {
        stylesheetURL = assets.url(for: "staff.css")
        iconURL = assets.url(for: "icon.svg")
        self.csrfToken = csrfToken
        self.currency = currency.code
        self.search = search
        rows = products.map { Self.row($0, currency: currency) }
        hasRows = !products.isEmpty
        emptyText = search.isEmpty ? "The shop has no products yet." : "No product’s SKU, name or GTIN holds that."
        pageText = "Page \(page)"
        previousURL = page > 1 ? Self.url(search: search, page: page - 1) : nil
        nextURL = hasNextPage ? Self.url(search: search, page: page + 1) : nil
        self.status = status
        self.report = report
        formats = (["auto"] + TillFormat.allCases.map(\.rawValue)).map { value in
            FormatOption(
                value: value, title: TillFormat(rawValue: value)?.title ?? "Recognised by its header",
                isSelected: value == format)
        }
        self.skipBad = skipBad
    }

    /// The list's address for a search and a page; the first page has no `page`.
    static func url(search: String, page: Int) -> String {
        var query: [String] = []
        if !search.isEmpty { query.append("q=" + PercentEncoding.encode(search)) }
        if page > 1 { query.append("page=\(page)") }
        return SiteURL.staffProducts.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    static func row(_ product: Product, currency: Currency) -> Row {
        let unitPrice = ProductPriceText.unitPrice(of: product)
        return Row(
            sku: product.sku, name: product.name, packSize: product.packSize.display,
            price: ProductPriceText.price(of: product, in: currency), priceMinor: product.priceMinor,
            unitPrice: ProductPriceText.unitPrice(unitPrice, in: currency), unitPriceMinor: unitPrice.minor,
            unit: unitPrice.unitName, stock: ProductStockText.text(of: product),
            stockHook: product.stock.map(String.init) ?? "untracked", isActive: product.isActive,
            editURL: SiteURL.staffProduct(sku: product.sku).path)
    }
}
