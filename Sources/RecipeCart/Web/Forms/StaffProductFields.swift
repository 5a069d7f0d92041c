import RecipeCartShelf

/// The edit form's fields as typed, and what they make of a product: the price read as the shop writes it
/// (`2.49`, `2,49`), the stock a whole number or empty for "not counted", the pack size a positive number of a unit.
struct StaffProductFields: Sendable {
    /// The units the form offers; `kg` and `l` are kept as `g` and `ml`.
    static let units = ["g", "kg", "ml", "l", "pieces"]
    static let largestStock = 1_000_000

    var price: String
    var stock: String
    var packSize: String
    var packUnit: String
    var isSoldByWeight: Bool
    var isActive: Bool

    /// The product's own values, as the form first shows them.
    init(_ product: Product, currency: Currency) {
        price = currency.plainAmount(minor: product.priceMinor).replacingOccurrences(of: ",", with: "")
        stock = product.stock.map(String.init) ?? ""
        packSize = String(product.packSize.amount)
        packUnit = product.packSize.unit == .piece ? "pieces" : product.packSize.unit.rawValue
        isSoldByWeight = product.isSoldByWeight
        isActive = product.isActive
    }

    init(form: FormFields) {
        price = Self.shown(form["price"])
        stock = Self.shown(form["stock"])
        packSize = Self.shown(form["pack_size"])
        packUnit = Self.shown(form["pack_unit"])
        isSoldByWeight = form["sold_by_weight"] != nil
        isActive = form["active"] != nil
    }

    /// `product` with these values, or every reason they cannot be saved.
    func applied(to product: Product, currency: Currency) -> Result<Product, Refusal> {
        var reasons: [String] = []
        var edited = product
        do {
            edited.priceMinor = try PriceText.minorUnits(price, in: currency)
        } catch {
            reasons.append("Price: \(error.description).")
        }
        let stockText = stock.trimmingCharacters(in: .whitespaces)
        if stockText.isEmpty {
            edited.stock = nil
        } else if stockText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let count = Int(stockText), count <= Self.largestStock
        {
            edited.stock = count
        } else {
            reasons.append(
                "Stock: \"\(stockText)\" is not a whole number from 0 to 1,000,000 (leave it empty when not counted).")
        }
        let sizeText = packSize.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        if !Self.units.contains(packUnit) {
            reasons.append("Pack size: choose a unit: g, kg, ml, l or pieces.")
        } else if let number = Double(sizeText), number.isFinite, number > 0,
            let size = PackSize(number, unitText: packUnit)
        {
            edited.packSize = size
        } else {
            reasons.append(
                "Pack size: \"\(packSize)\" is not a size more than 0 and at most 1,000 kg, 1,000 l or 1,000,000 pieces."
            )
        }
        edited.isSoldByWeight = isSoldByWeight
        edited.isActive = isActive
        return reasons.isEmpty ? .success(edited) : .failure(Refusal(reasons: reasons))
    }

    struct Refusal: Error {
        var reasons: [String]
    }

    /// Shown again in the form to be corrected: cut short, and without the control characters HTML cannot hold.
    private static func shown(_ value: String?) -> String {
        let kept = (value ?? "").unicodeScalars.filter { $0.properties.generalCategory != .control }
        return String(String(kept).prefix(100))
    }
}
