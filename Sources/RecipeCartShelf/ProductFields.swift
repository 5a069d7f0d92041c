/// The checks every format shares for a product's SKU, GTIN, stock and flags.
enum ProductFields {
    static let longestSKU = 100
    /// More packs than any shop holds: past it a stock figure is a typo.
    static let largestStock = 1_000_000_000

    static func price(_ text: String, in currency: Currency) throws(RowRefusal) -> Int {
        do throws(PriceTextError) {
            return try PriceText.minorUnits(text, in: currency)
        } catch {
            throw RowRefusal(error)
        }
    }

    static func sku(_ text: String) throws(RowRefusal) -> String {
        guard !text.isEmpty else { throw RowRefusal("the SKU is empty") }
        guard text.count <= longestSKU else { throw RowRefusal("the SKU is over \(longestSKU) characters") }
        let controls = text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
        let unusual = text.utf8.contains { $0 >= 0x80 }
        guard !controls, !unusual || !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw RowRefusal("the SKU holds a line break or another control character")
        }
        return text
    }

    /// The plain format's stock: empty for "not tracked", else a whole number of packs, 0 or more.
    static func strictStock(_ text: String) throws(RowRefusal) -> Int? {
        guard !text.isEmpty else { return nil }
        guard text.allSatisfy(\.isTillDigit), let stock = Int(text), stock <= largestStock else {
            throw RowRefusal("the stock \"\(text)\" is not a whole number of packs (0 or more; empty for not tracked)")
        }
        return stock
    }

    /// A till's stock: `12`, `12.5` (a weighed product's kilograms, counted down), or negative where the till sold
    /// more than it had (counted as none); nil when empty.
    static func tillStock(_ text: String) throws(RowRefusal) -> Int? {
        guard !text.isEmpty else { return nil }
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let whole = body.prefix(while: \.isTillDigit)
        let rest = body.dropFirst(whole.count)
        guard !whole.isEmpty, rest.isEmpty || (rest.first == "." && rest.dropFirst().allSatisfy(\.isTillDigit)),
            let value = Int(whole.prefix(12))
        else { throw RowRefusal("the stock \"\(text)\" is not a number") }
        return negative ? 0 : min(value, largestStock)
    }

    /// The plain format's GTIN: empty, or 8, 12, 13 or 14 figures whose last is the check digit.
    static func strictGTIN(_ text: String) throws(RowRefusal) -> String? {
        guard !text.isEmpty else { return nil }
        guard let gtin = gtinShaped(text), checkDigitHolds(gtin) else {
            throw RowRefusal("the GTIN \"\(text)\" is not 8, 12, 13 or 14 figures with a valid check digit")
        }
        return gtin
    }

    /// A till's barcode when it has the shape of a GTIN; nil otherwise, since tills keep other codes there too.
    static func gtinShaped(_ text: String) -> String? {
        [8, 12, 13, 14].contains(text.count) && text.allSatisfy(\.isTillDigit) ? text : nil
    }

    private static func checkDigitHolds(_ gtin: String) -> Bool {
        let digits = gtin.compactMap(\.wholeNumberValue)
        var sum = 0
        for (offset, digit) in digits.dropLast().reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == digits.last
    }

    /// `true`, `false`, `yes`, `no`, `1`, `0` in any case; empty is false.
    static func flag(_ text: String, column: String) throws(RowRefusal) -> Bool {
        switch text.lowercased() {
        case "", "false", "no", "0", "n": return false
        case "true", "yes", "1", "y": return true
        default: throw RowRefusal("\(column) \"\(text)\" is not true, false, yes, no, 1 or 0")
        }
    }

    static let kilogram = PackSize(1000, .gram)!
}
