import Foundation
import RecipeCartDomain

/// Rows of Shopify's products CSV, with the export's older column names (`Handle`, `Variant SKU`, `Variant Price`,
/// `Variant Grams`, `Variant Inventory Qty`, `Variant Barcode`) or the newer template's (`URL handle`, `SKU`,
/// `Price`, `Weight value (grams)`, `Inventory quantity`, `Barcode`): one row a variant, the product's title on its
/// first row only, and rows holding only another image of a product (a handle, no SKU, no price) skipped.
///
/// The name is the title with the variant's option values unless it is Shopify's `Default Title`. The pack size is
/// `Unit Price Total Measure` with its unit, else what the name says, else `Variant Grams` (the shipping weight, so
/// last: a dozen eggs is 12 pieces, not the 700 g Shopify ships), else 1 piece; a name priced `per kg` is sold by
/// weight. A variant without an SKU is keyed by its handle and option values. Stock is `Variant Inventory Qty`
/// unless the inventory tracker is empty (not tracked); the aisle is read from `Type`, then `Product category`.
struct ShopifyProductRows: TillRowReader {
    private let handle: Int
    private let title: Int
    private let sku: Int?
    private let price: Int
    private let grams: Int?
    private let quantity: Int?
    private let tracker: Int?
    private let barcode: Int?
    private let measure: Int?
    private let measureUnit: Int?
    private let options: [Int]
    private let type: Int?
    private let category: Int?
    private let currency: Currency
    private var aisles = AisleCache()
    /// Each handle's title, from its first row, for the variant rows after it.
    private var titles: [String: String] = [:]

    init(header: HeaderColumns, currency: Currency) throws(ProductFileRefusal) {
        handle = header.column(["Handle", "URL handle"]) ?? -1
        title = header.column(["Title"]) ?? -1
        sku = header.column(["Variant SKU", "SKU"])
        price = header.column(["Variant Price", "Price"]) ?? -1
        grams = header.column(["Variant Grams", "Weight value (grams)"])
        quantity = header.column(["Variant Inventory Qty", "Inventory quantity"])
        tracker = header.column(["Variant Inventory Tracker", "Inventory tracker"])
        barcode = header.column(["Variant Barcode", "Barcode"])
        measure = header.column(["Unit Price Total Measure"])
        measureUnit = header.column(["Unit Price Total Measure Unit"])
        options = ["Option1 Value", "Option2 Value", "Option3 Value"].compactMap { header.column([$0]) }
        type = header.column(["Type"])
        category = header.column(["Product category"])
        self.currency = currency
        var missing: [String] = []
        if handle < 0 { missing.append("Handle") }
        if title < 0 { missing.append("Title") }
        if price < 0 { missing.append("Variant Price") }
        guard missing.isEmpty else { throw .missingColumns(.shopify, missing) }
    }

    mutating func product(from record: CSVRecord) throws(RowRefusal) -> ImportedProduct? {
        let handleText = record.cell(handle)
        let titleText = record.rawCell(title)
        if !titleText.isEmpty, titles[handleText] == nil { titles[handleText] = titleText }
        let skuText = record.cell(sku)
        let priceText = record.cell(price)
        let values = options.map { record.cell($0) }.filter { !$0.isEmpty && $0 != "Default Title" }
        if skuText.isEmpty, priceText.isEmpty, values.isEmpty, titleText.tillTrimmed.isEmpty {
            return nil
        }
        guard let productTitle = titleText.isEmpty ? titles[handleText] : titleText else {
            throw RowRefusal("no Title for the handle \"\(handleText)\" on this row or an earlier one")
        }
        let name = try ProductNameRules.cleaned(([productTitle] + values).joined(separator: ", "))
        let priceMinor = try ProductFields.price(priceText, in: currency)
        let key = skuText.isEmpty ? Self.key(handle: handleText, options: values) : skuText
        let soldByWeight = PackSize.namesPricePerKilogram(name)
        let tracked = tracker.map { !record.cell($0).isEmpty } ?? true
        return ImportedProduct(
            row: record.row,
            sku: try ProductFields.sku(key),
            name: name,
            gtin: ProductFields.gtinShaped(record.cell(barcode)),
            aisle: aisles.aisle(for: record.cell(type)) ?? aisles.aisle(for: record.cell(category)),
            packSize: soldByWeight ? ProductFields.kilogram : packSize(record, name: name),
            priceMinor: priceMinor,
            soldByWeight: soldByWeight,
            stock: tracked ? try ProductFields.tillStock(record.cell(quantity)) : nil
        )
    }

    private func packSize(_ record: CSVRecord, name: String) -> PackSize {
        if let amount = Self.decimal(record.cell(measure)),
            let size = PackSize(tillAmount: amount, unit: record.cell(measureUnit))
        {
            return size
        }
        if let size = PackSize(inName: name) { return size }
        if let weight = Self.decimal(record.cell(grams)), let size = PackSize(weight, .gram) { return size }
        return PackSize(1, .piece)!
    }

    /// `400`, `1.5`, `1,5` as a number (a measure, never a price); nil when empty or not one.
    private static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isTillDigit || $0 == "." || $0 == "," }) else { return nil }
        return Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// `tinned-tomatoes` for the one variant of a product, `flour-1-5-kg` for its `1.5 kg` variant.
    private static func key(handle: String, options: [String]) -> String {
        guard !handle.isEmpty else { return "" }
        let slug = options.joined(separator: " ").lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let tail = String(slug).split(separator: "-").joined(separator: "-")
        return tail.isEmpty ? handle : handle + "-" + tail
    }
}
