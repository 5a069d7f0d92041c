import RecipeCartShelf

/// One product's edit form: price as the shop writes it, stock, pack size and unit, sold by weight, active. The form
/// carries the version it was drawn from; after a race it shows the product as it is now beside what was typed.
struct StaffProductEditView: PageView {
    static let template = PageTemplate.staffProductEdit

    struct UnitOption {
        var value: String
        var isSelected: Bool
    }

    /// The product as another edit saved it, shown after a race.
    struct Current {
        var price: String
        var packSize: String
        var stock: String
        var isSoldByWeight: Bool
        var isActive: Bool
    }

    var title: String
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var listURL = SiteURL.staffProducts.path
    var action: String
    var sku: String
    var name: String
    var currency: String
    var version: Int
    var fields: StaffProductFields
    var units: [UnitOption]
    var errors: [String]
    var hasErrors: Bool
    var current: Current?

    init(
        product: Product, fields: StaffProductFields, errors: [String] = [], raced: Bool = false, currency: Currency,
        csrfToken: String, assets: AssetURLs
    ) {
        title = "Edit \(product.name)"
        stylesheetURL = assets.url(for: "staff.css")
        iconURL = assets.url(for: "icon.svg")
        self.csrfToken = csrfToken
        action = SiteURL.staffProduct(sku: product.sku).path
        sku = product.sku
        name = product.name
        self.currency = currency.code
        version = product.version
        self.fields = fields
        units = StaffProductFields.units.map { UnitOption(value: $0, isSelected: $0 == fields.packUnit) }
        self.errors = errors
        hasErrors = !errors.isEmpty
        current =
            raced
            ? Current(
                price: ProductPriceText.price(of: product, in: currency), packSize: product.packSize.display,
                stock: ProductStockText.text(of: product), isSoldByWeight: product.isSoldByWeight,
                isActive: product.isActive)
            : nil
    }
}
