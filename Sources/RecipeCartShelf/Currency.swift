/// The shop's one currency: an ISO 4217 code with its minor-unit digits, and how an English-language shop writes an
/// amount of it. Amounts are always whole minor units (cents, pence, yen), never floating point.
package struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// The three capital letters, `EUR`.
    package let code: String
    /// How many digits the minor unit has: 2 for EUR (cents), 0 for JPY, 3 for KWD (fils).
    package let minorDigits: Int
    /// What comes before the amount: `€`, `£`, `$`, `¥`, or the code and a space (`CHF `) where English has no sign
    /// of its own that cannot be mistaken for another currency's.
    package let prefix: String

    package static let euro = Currency(known: "EUR")
    /// The shop's currency when `--currency` is not given.
    package static let defaultCurrency = euro

    /// The currency of an ISO 4217 code written as three capital letters (`EUR`, `GBP`); the error says what a valid
    /// code is, for the start to name the setting with.
    package init(code: String) throws(CurrencyError) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw .malformed(code)
        }
        guard let entry = Self.table[code] else { throw .unknown(code) }
        self.code = code
        self.minorDigits = entry.digits
        self.prefix = entry.sign ?? code + " "
    }

    /// The currency of a code, or nil when it is not one `init(code:)` accepts.
    package init?(validCode code: String) {
        guard let currency = try? Currency(code: code) else { return nil }
        self = currency
    }

    private init(known code: String) {
        let entry = Self.table[code]!
        self.code = code
        self.minorDigits = entry.digits
        self.prefix = entry.sign ?? code + " "
    }

    package var description: String { code }

    /// How many minor units make one major unit: 100 for EUR, 1 for JPY, 1,000 for KWD.
    package var minorPerMajor: Int {
        var factor = 1
        for _ in 0..<minorDigits { factor *= 10 }
        return factor
    }

    /// An amount as an English-language shop writes it: `€2.49`, `£1,299.00`, `¥300`, `CHF 2.49`, `-€0.26`.
    package func format(minor: Int) -> String {
        (minor < 0 ? "-" : "") + prefix + amount(minor.magnitude)
    }

    /// The amount without its sign, grouped by thousands: `1,299.00`; negative amounts keep their minus.
    package func plainAmount(minor: Int) -> String {
        (minor < 0 ? "-" : "") + amount(minor.magnitude)
    }

    private func amount(_ minor: UInt) -> String {
        let factor = UInt(minorPerMajor)
        var text = Self.grouped(minor / factor)
        guard minorDigits > 0 else { return text }
        let fraction = String(minor % factor)
        text += "." + String(repeating: "0", count: minorDigits - fraction.count) + fraction
        return text
    }

    /// `1299` as `1,299`.
    private static func grouped(_ whole: UInt) -> String {
        let digits = Array(String(whole))
        var text = ""
        text.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The signs written before amounts of this currency when a till puts one in a price: its own sign, its code, and
    /// the `US$`-style forms that name it. Used to read prices, not to write them.
    var signs: [String] {
        var signs = [code]
        if let sign = Self.table[code]?.sign { signs.append(sign) }
        signs += Self.otherSigns[code] ?? []
        return signs
    }

    /// Signs that name some currency, longest first so that `US$` is seen before `$`.
    static let allSigns: [String] = {
        var signs = Set(table.keys)
        for entry in table.values { if let sign = entry.sign { signs.insert(sign) } }
        for more in otherSigns.values { signs.formUnion(more) }
        signs.formUnion(["kr", "zł", "Kč", "Ft", "lei", "R", "Fr.", "₺", "₴", "₦", "₱", "₫", "฿"])
        return signs.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }()

    private static let otherSigns: [String: [String]] = [
        "USD": ["US$"], "JPY": ["円", "￥"], "GBP": ["GB£"], "SEK": ["kr"], "DKK": ["kr."], "NOK": ["kr"],
        "PLN": ["zł"], "CZK": ["Kč"], "HUF": ["Ft"], "CHF": ["Fr.", "SFr."], "ZAR": ["R"], "RON": ["lei"],
        "TRY": ["₺"], "UAH": ["₴"], "NGN": ["₦"], "PHP": ["₱"], "VND": ["₫"], "THB": ["฿"],
    ]

    /// ISO 4217 codes in use with their minor-unit digits, and the sign English (CLDR `en`) writes before an amount
    /// where it has one that names the currency alone; the others are written with their code.
    private static let table: [String: (digits: Int, sign: String?)] = [
        "AED": (2, nil), "ARS": (2, nil), "AUD": (2, "A$"), "BAM": (2, nil), "BDT": (2, nil), "BGN": (2, nil),
        "BHD": (3, nil), "BRL": (2, "R$"), "CAD": (2, "CA$"), "CHF": (2, nil), "CLP": (0, nil), "CNY": (2, "CN¥"),
        "COP": (2, nil), "CZK": (2, nil), "DKK": (2, nil), "DZD": (2, nil), "EGP": (2, nil), "EUR": (2, "€"),
        "GBP": (2, "£"), "GEL": (2, nil), "GHS": (2, nil), "HKD": (2, "HK$"), "HUF": (2, nil), "IDR": (2, nil),
        "ILS": (2, "₪"), "INR": (2, "₹"), "IQD": (3, nil), "ISK": (0, nil), "JOD": (3, nil), "JPY": (0, "¥"),
        "KES": (2, nil), "KRW": (0, "₩"), "KWD": (3, nil), "KZT": (2, nil), "LKR": (2, nil), "LYD": (3, nil),
        "MAD": (2, nil), "MXN": (2, "MX$"), "MYR": (2, nil), "NGN": (2, nil), "NOK": (2, nil), "NZD": (2, "NZ$"),
        "OMR": (3, nil), "PEN": (2, nil), "PHP": (2, nil), "PKR": (2, nil), "PLN": (2, nil), "PYG": (0, nil),
        "QAR": (2, nil), "RON": (2, nil), "RSD": (2, nil), "SAR": (2, nil), "SEK": (2, nil), "SGD": (2, nil),
        "THB": (2, nil), "TND": (3, nil), "TRY": (2, nil), "TWD": (2, "NT$"), "UAH": (2, nil), "UGX": (0, nil),
        "USD": (2, "$"), "UYU": (2, nil), "VND": (0, "₫"), "XAF": (0, nil), "XOF": (0, nil),
        "ZAR": (2, nil),
    ]

    /// Every code `init(code:)` accepts, in alphabetical order.
    package static var knownCodes: [String] { table.keys.sorted() }
}
