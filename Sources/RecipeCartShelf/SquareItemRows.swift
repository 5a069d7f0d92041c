import RecipeCartDomain

/// Rows of Square's item library export (`Token, Item Name, Variation Name, SKU, Description, Categories, …, GTIN,
/// …, Price, …, Current Quantity <location>, …`): one row a variation.
///
/// The name is `Item Name`, with `, Variation Name` unless the variation is Square's default `Regular`; the pack size
/// comes from the variation's name, then the item's (Square has no pack column), else 1 piece; a name priced
/// `per kg` is sold by weight. The SKU is the variation's `SKU`, else its `Token`. Stock is the sum of every
/// `Current Quantity <location>` column, since RecipeCart has one shelf a shop (a weighed item's decimals are
/// dropped, a negative count is none); empty in all of them is "not tracked". The aisle is read from `Categories`
/// (or `Category`, `Reporting Category`).
struct SquareItemRows: TillRowReader {
    private let token: Int?
    private let itemName: Int
    private let variationName: Int?
    private let sku: Int?
    private let gtin: Int?
    private let price: Int
    private let category: Int?
    private let quantities: [Int]
    private let currency: Currency
    private var aisles = AisleCache()

    init(header: HeaderColumns, currency: Currency) throws(ProductFileRefusal) {
        token = header.column(["Token"])
        itemName = header.column(["Item Name"]) ?? -1
        variationName = header.column(["Variation Name"])
        sku = header.column(["SKU"])
        gtin = header.column(["GTIN"])
        price = header.column(["Price"]) ?? -1
        category = header.column(["Categories", "Category", "Reporting Category"])
        quantities = header.columns(startingWith: "Current Quantity ")
        self.currency = currency
        var missing: [String] = []
        if itemName < 0 { missing.append("Item Name") }
        if sku == nil, token == nil { missing.append("SKU") }
        if price < 0 { missing.append("Price") }
        guard missing.isEmpty else { throw .missingColumns(.square, missing) }
    }

    mutating func product(from record: CSVRecord) throws(RowRefusal) -> ImportedProduct? {
        let item = record.rawCell(itemName)
        let variation = record.cell(variationName)
        let named = variation.isEmpty || variation.lowercased() == "regular" ? item : item + ", " + variation
        let name = try ProductNameRules.cleaned(named)
        let skuText = record.cell(sku).isEmpty ? record.cell(token) : record.cell(sku)
        let priceMinor = try ProductFields.price(record.cell(price), in: currency)
        let soldByWeight = PackSize.namesPricePerKilogram(name)
        var stock: Int?
        for column in quantities {
            if let count = try ProductFields.tillStock(record.cell(column)) { stock = (stock ?? 0) + count }
        }
        return ImportedProduct(
            row: record.row,
            sku: try ProductFields.sku(skuText),
            name: name,
            gtin: ProductFields.gtinShaped(record.cell(gtin)),
            aisle: aisles.aisle(for: record.cell(category)),
            packSize: soldByWeight
                ? ProductFields.kilogram
                : PackSize(inName: variation) ?? PackSize(inName: name) ?? PackSize(1, .piece)!,
            priceMinor: priceMinor,
            soldByWeight: soldByWeight,
            stock: stock.map { min($0, ProductFields.largestStock) }
        )
    }
}
