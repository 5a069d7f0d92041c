import Foundation
import RecipeCartDomain

/// Rows of RecipeCart's own format, `sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight`, of which
/// `sku`, `name` and `price` are required and the rest may be left out or empty.
///
/// `pack_size` with `pack_unit` (`g`, `kg`, `ml`, `cl`, `l`, `pieces`…) is the pack; both empty, the name's size or 1
/// piece. `stock` empty is "not tracked"; `aisle` is one of the shop's aisles or empty (the ingredient's aisle then);
/// `sold_by_weight` (`true`/`false`/`yes`/`no`/`1`/`0`, default false) makes `price` a price per kg and the pack
/// 1 kg, so its `pack_unit`, if given, must be a weight.
struct PlainProductRows: TillRowReader {
    private let sku: Int
    private let name: Int
    private let price: Int
    private let packSize: Int?
    private let packUnit: Int?
    private let stock: Int?
    private let aisle: Int?
    private let gtin: Int?
    private let soldByWeight: Int?
    private let currency: Currency

    init(header: HeaderColumns, currency: Currency) throws(ProductFileRefusal) {
        sku = header.column(["sku"]) ?? -1
        name = header.column(["name"]) ?? -1
        price = header.column(["price"]) ?? -1
        packSize = header.column(["pack_size"])
        packUnit = header.column(["pack_unit"])
        stock = header.column(["stock"])
        aisle = header.column(["aisle"])
        gtin = header.column(["gtin"])
        soldByWeight = header.column(["sold_by_weight"])
        self.currency = currency
        let missing = [("sku", sku), ("name", name), ("price", price)].filter { $0.1 < 0 }.map(\.0)
        guard missing.isEmpty else { throw .missingColumns(.plain, missing) }
    }

    func product(from record: CSVRecord) throws(RowRefusal) -> ImportedProduct? {
        let name = try ProductNameRules.cleaned(record.rawCell(self.name))
        let priceMinor = try ProductFields.price(record.cell(price), in: currency)
        let byWeight = try ProductFields.flag(record.cell(soldByWeight), column: "sold_by_weight")
        var pack = try statedPack(record)
        if byWeight {
            guard pack == nil || pack?.unit == .gram else {
                throw RowRefusal("sold_by_weight is priced per kg, so pack_unit must be a weight (g or kg) or empty")
            }
            pack = ProductFields.kilogram
        }
        return ImportedProduct(
            row: record.row,
            sku: try ProductFields.sku(record.cell(sku)),
            name: name,
            gtin: try ProductFields.strictGTIN(record.cell(gtin)),
            aisle: try aisle(record.cell(aisle)),
            packSize: pack ?? PackSize(inName: name) ?? PackSize(1, .piece)!,
            priceMinor: priceMinor,
            soldByWeight: byWeight,
            stock: try ProductFields.strictStock(record.cell(stock))
        )
    }

    /// The pack `pack_size` and `pack_unit` give; nil when both are empty.
    private func statedPack(_ record: CSVRecord) throws(RowRefusal) -> PackSize? {
        let sizeText = record.cell(packSize)
        let unitText = record.cell(packUnit)
        if sizeText.isEmpty, unitText.isEmpty { return nil }
        guard !sizeText.isEmpty else { throw RowRefusal("pack_unit \"\(unitText)\" is given without a pack_size") }
        guard !unitText.isEmpty else {
            throw RowRefusal("pack_size \"\(sizeText)\" needs a pack_unit: g, kg, ml, cl, l or pieces")
        }
        guard sizeText.allSatisfy({ $0.isTillDigit || $0 == "." || $0 == "," }),
            let amount = Double(sizeText.replacingOccurrences(of: ",", with: "."))
        else { throw RowRefusal("pack_size \"\(sizeText)\" is not a number") }
        guard amount > 0 else { throw RowRefusal("the pack size is 0") }
        guard PackSize(tillAmount: 1000, unit: unitText) != nil else {
            throw RowRefusal("pack_unit \"\(unitText)\" is not one of g, kg, ml, cl, l or pieces")
        }
        guard let size = PackSize(tillAmount: amount, unit: unitText) else {
            throw RowRefusal(
                "the pack size \(sizeText) \(unitText) is under one \(Self.baseName(unitText)) or too large")
        }
        return size
    }

    private static func baseName(_ unitText: String) -> String {
        switch PackSize(tillAmount: 1000, unit: unitText)?.unit {
        case .gram: "gram"
        case .millilitre: "millilitre"
        default: "piece"
        }
    }

    private func aisle(_ text: String) throws(RowRefusal) -> Aisle? {
        guard !text.isEmpty else { return nil }
        guard let aisle = Aisle(rawValue: text.lowercased()) else {
            let names = Aisle.allCases.map(\.rawValue).joined(separator: ", ")
            throw RowRefusal("aisle \"\(text)\" is not one of \(names) (or empty)")
        }
        return aisle
    }
}
