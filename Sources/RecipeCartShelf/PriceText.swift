/// A till's price text read as whole minor units of the shop's currency, never through a floating-point number:
/// `2.49`, `€2.49`, `$1,299.00`, `12,50`, `1.299,00`, `1 299,00`, `1'299.00`; JPY's `1,299` is 1,299 yen.
///
/// The decimal separator is the last `.` or `,` when both appear; a single one is decimal unless it is followed by
/// exactly three digits, which are thousands in a currency without decimals, decimals in one of three (KWD), and
/// refused as ambiguous otherwise. Spaces and apostrophes only ever group thousands, and groups must be of three.
package enum PriceText {
    /// The largest price in major units: past it a figure is a typo, and sums of prices stay far from overflow.
    package static let largestMajor = 1_000_000

    package static func minorUnits(_ text: String, in currency: Currency) throws(PriceTextError) -> Int {
        if let minor = plainDecimal(text, in: currency) { return minor }
        let trimmed = String(text.tillTrimmed)
        guard !trimmed.isEmpty else { throw .empty }
        var body = Substring(trimmed)
        var negative = false
        if body.first == "(", body.last == ")" {
            negative = true
            body = body.dropFirst().dropLast()
        }
        for _ in 0..<2 {
            if let first = body.first, minusSigns.contains(first) {
                negative = true
                body = body.dropFirst()
            }
            if let last = body.last, minusSigns.contains(last) {
                negative = true
                body = body.dropLast()
            }
            body = try strippingSign(body, of: currency, text: trimmed)
        }
        let minor = try number(body, in: currency, text: trimmed)
        if negative { throw .negative(trimmed) }
        return minor
    }

    /// `2.49` and `1299`, as tills export most prices, read without the general path; nil for anything else.
    private static func plainDecimal(_ text: String, in currency: Currency) -> Int? {
        var minor = 0
        var wholeDigits = 0
        var fractionDigits: Int?
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                minor = minor * 10 + Int(byte - UInt8(ascii: "0"))
                if let digits = fractionDigits { fractionDigits = digits + 1 } else { wholeDigits += 1 }
                guard wholeDigits <= 7, (fractionDigits ?? 0) <= currency.minorDigits else { return nil }
            } else if byte == UInt8(ascii: "."), fractionDigits == nil, wholeDigits > 0 {
                fractionDigits = 0
            } else {
                return nil
            }
        }
        guard wholeDigits > 0, fractionDigits.map({ $0 > 0 }) ?? true
        else { return nil }
        for _ in (fractionDigits ?? 0)..<currency.minorDigits { minor *= 10 }
        return minor <= largestMajor * currency.minorPerMajor ? minor : nil
    }

    private static let minusSigns: Set<Character> = ["-", "\u{2212}", "\u{2013}"]
    private static let groupingOnly: Set<Character> = [" ", "'", "\u{00A0}", "\u{202F}", "\u{2009}", "\u{2019}"]

    /// The text without the currency's own sign or code before or after the number; another currency's sign is
    /// refused rather than read as this one's.
    private static func strippingSign(_ body: Substring, of currency: Currency, text: String) throws(PriceTextError)
        -> Substring
    {
        var body = body.tillTrimmed
        guard let first = body.first, let last = body.last else { return body }
        if !first.isTillDigit, first != ".", first != "," {
            if let sign = currency.signs.sorted(by: { $0.count > $1.count }).first(where: { body.hasPrefix($0) }) {
                body = body.dropFirst(sign.count).tillTrimmed
            } else if let sign = Currency.allSigns.first(where: { body.hasPrefix($0) }) {
                throw .otherCurrency(text, sign: sign, currency)
            }
        } else if !last.isTillDigit {
            if let sign = currency.signs.sorted(by: { $0.count > $1.count }).first(where: { body.hasSuffix($0) }) {
                body = body.dropLast(sign.count).tillTrimmed
            } else if let sign = Currency.allSigns.first(where: { body.hasSuffix($0) }) {
                throw .otherCurrency(text, sign: sign, currency)
            }
        }
        return body
    }

    private static func number(_ body: Substring, in currency: Currency, text: String) throws(PriceTextError) -> Int {
        let characters = Array(body)
        guard let last = characters.last, last.isTillDigit else { throw .malformed(text) }
        for character in characters
        where !character.isTillDigit && character != "." && character != "," && !groupingOnly.contains(character) {
            throw .malformed(text)
        }
        let marks = characters.indices.filter { characters[$0] == "." || characters[$0] == "," }
        var decimalAt: Int?
        if let lastMark = marks.last {
            let mark = characters[lastMark]
            let sameMarks = marks.filter { characters[$0] == mark }.count
            if sameMarks == 1, marks.count > 1 {
                decimalAt = lastMark
            } else if sameMarks == 1 {
                let after = characters.count - lastMark - 1
                let before = characters[..<lastMark].filter(\.isTillDigit)
                if after != 3 || before.allSatisfy({ $0 == "0" }) {
                    decimalAt = lastMark
                } else if currency.minorDigits == 3 {
                    decimalAt = lastMark
                } else if currency.minorDigits != 0 {
                    throw .ambiguous(text, currency)
                }
            }
        }
        let whole = characters[..<(decimalAt ?? characters.count)]
        let fraction = decimalAt.map { characters[($0 + 1)...] } ?? []
        guard fraction.allSatisfy(\.isTillDigit) else { throw .malformed(text) }
        guard let major = wholeNumber(whole, allowEmpty: decimalAt != nil) else { throw .malformed(text) }
        guard major <= largestMajor else { throw .tooLarge(text) }
        var fractionDigits = Array(fraction)
        while fractionDigits.count > currency.minorDigits {
            guard fractionDigits.removeLast() == "0" else { throw .tooManyDecimals(text, currency) }
        }
        var minor = major
        for index in 0..<currency.minorDigits {
            let digit = index < fractionDigits.count ? fractionDigits[index].wholeNumberValue! : 0
            minor = minor * 10 + digit
        }
        guard minor <= largestMajor * currency.minorPerMajor else { throw .tooLarge(text) }
        return minor
    }

    /// The value of digits grouped by thousands with one kind of mark (`1,299,000`, `1 299`); nil when a group is not
    /// three digits long or the marks differ. Stops counting past `largestMajor`, which the caller refuses.
    private static func wholeNumber(_ characters: ArraySlice<Character>, allowEmpty: Bool) -> Int? {
        if characters.isEmpty { return allowEmpty ? 0 : nil }
        let marks = Set(characters.filter { !$0.isTillDigit })
        guard marks.count <= 1 else { return nil }
        let groups = characters.split(separator: marks.first ?? "0", omittingEmptySubsequences: false)
        if marks.count == 1 {
            guard let head = groups.first, (1...3).contains(head.count),
                groups.dropFirst().allSatisfy({ $0.count == 3 })
            else { return nil }
        }
        var value = 0
        for character in characters where character.isTillDigit {
            value = min(value * 10 + character.wholeNumberValue!, largestMajor + 1)
        }
        return value
    }
}
