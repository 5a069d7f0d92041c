import Foundation

extension PackSize {
    /// A size from a number and a unit word as tills and product names write them: the units `init(_:unitText:)`
    /// knows, their plurals and short forms (`kgs`, `lt`), milligrams, and US ounces and pounds (`oz`, `lb`,
    /// `fl oz`) turned into grams and millilitres.
    package init?(tillAmount number: Double, unit: String) {
        let word = unit.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let (base, factor) = Self.moreUnits[word] {
            self.init(number * factor, base)
        } else {
            self.init(number, unitText: word)
        }
    }

    /// The pack size a product's name gives, read left to right: `Chopped tomatoes 400g`, `Flour 1.5 kg`, `Milk 1L`,
    /// `Eggs x12`, `12 pcs`, `pack of 6`, `a dozen`. A multipack is its whole content, the measure that its unit price
    /// is by: `Beer 6 x 330ml` and `330ml x 6` are 1,980 ml. Nil when the name gives none.
    package init?(inName name: String) {
        var scanner = NameScanner(bytes: Array(Self.scannable(name).utf8))
        guard let size = scanner.firstSize() else { return nil }
        self = size
    }

    /// The name lowercased, with `×` as `x` and no-break spaces as spaces, for the scanner's ASCII view.
    private static func scannable(_ name: String) -> String {
        let lowered = name.lowercased()
        guard lowered.utf8.contains(where: { $0 >= 0x80 }) else { return lowered }
        return lowered.replacingOccurrences(of: "×", with: "x").replacingOccurrences(of: "\u{00A0}", with: " ")
            .replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// Whether a name says its price is per kilogram (`Onions per kg`, `Beef mince /kg`): the product is sold by
    /// weight.
    static func namesPricePerKilogram(_ name: String) -> Bool {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "k") || $0 == UInt8(ascii: "K") }) else { return false }
        let lowered = name.lowercased()
        return lowered.contains("per kg") || lowered.contains("/kg") || lowered.contains("per kilo")
            || lowered.contains("/ kg")
    }

    fileprivate static let moreUnits: [String: (Unit, Double)] = [
        "kgs": (.gram, 1000), "kilos": (.gram, 1000), "gms": (.gram, 1), "grms": (.gram, 1), "mg": (.gram, 0.001),
        "lt": (.millilitre, 1000), "ltrs": (.millilitre, 1000), "mls": (.millilitre, 1), "cls": (.millilitre, 10),
        "oz": (.gram, 28.349523125), "lb": (.gram, 453.59237), "lbs": (.gram, 453.59237),
        "fl oz": (.millilitre, 29.5735295625), "floz": (.millilitre, 29.5735295625),
        "fl. oz": (.millilitre, 29.5735295625), "pieces": (.piece, 1), "pk": (.piece, 1), "pks": (.piece, 1),
        "packs": (.piece, 1), "count": (.piece, 1), "ct": (.piece, 1),
    ]

    /// Words that measure a weight or a volume after a number in a name; piece words are read apart, since `x` and
    /// `pack` mean a count there.
    fileprivate static func measure(_ number: Double, _ word: String) -> PackSize? {
        guard measureWords.contains(word), let size = PackSize(tillAmount: number, unit: word), size.unit != .piece
        else { return nil }
        return size
    }

    fileprivate static let measureWords: Set<String> = [
        "g", "gr", "gram", "grams", "gms", "grms", "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "mg", "ml",
        "mls", "cl", "cls", "dl", "l", "lt", "ltr", "ltrs", "litre", "litres", "liter", "liters", "oz", "lb", "lbs",
        "fl oz",
    ]

    fileprivate static let pieceWords: Set<String> = [
        "pcs", "pc", "piece", "pieces", "pk", "pack", "packs", "ct", "count", "each", "ea",
    ]
}

/// Reads a lowercased name's UTF-8 for its first pack size. Units and figures are ASCII; any other byte counts as a
/// letter, so that a figure inside a word of another script is no size either.
private struct NameScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func firstSize() -> PackSize? {
        while index < bytes.count {
            if startsToken(at: index), let size = sizeAtNumber() ?? sizeAtTimes() ?? sizeAtWords() { return size }
            index += 1
        }
        return nil
    }

    /// `400g`, `1.5 kg`, `6 x 330ml`, `330ml x 6`, `12 pcs`, `12x`.
    private func sizeAtNumber() -> PackSize? {
        guard let (count, afterNumber) = number(at: index) else { return nil }
        var position = skipSpaces(afterNumber)
        if position < bytes.count, bytes[position] == Self.times {
            let afterTimes = skipSpaces(position + 1)
            if let (each, afterEach) = number(at: afterTimes), let (word, _) = word(at: skipSpaces(afterEach)),
                let size = PackSize.measure(each, word), count == count.rounded(), count >= 1
            {
                return PackSize(Double(size.amount) * count, size.unit)
            }
            if count == count.rounded(), endsToken(at: position + 1) { return PackSize(count, .piece) }
            return nil
        }
        guard let (word, afterWord) = word(at: position) else { return nil }
        if let size = PackSize.measure(count, word) {
            position = skipSpaces(afterWord)
            if position < bytes.count, bytes[position] == Self.times,
                let (packs, afterPacks) = number(at: skipSpaces(position + 1)), packs == packs.rounded(), packs >= 1,
                self.word(at: skipSpaces(afterPacks)) == nil
            {
                return PackSize(Double(size.amount) * packs, size.unit)
            }
            return size
        }
        if PackSize.pieceWords.contains(word), count == count.rounded() { return PackSize(count, .piece) }
        return nil
    }

    /// `x12`, `x 6`, `× 4` standing alone: that many pieces.
    private func sizeAtTimes() -> PackSize? {
        guard bytes[index] == Self.times,
            let (count, afterNumber) = number(at: skipSpaces(index + 1)), count == count.rounded(),
            word(at: skipSpaces(afterNumber)).map({ PackSize.measure(1, $0.0) == nil }) ?? true
        else { return nil }
        return PackSize(count, .piece)
    }

    /// `pack of 6`, `dozen`, `half dozen`.
    private func sizeAtWords() -> PackSize? {
        guard let (first, afterFirst) = word(at: index) else { return nil }
        if first == "dozen" { return PackSize(12, .piece) }
        if first == "half", let (second, _) = word(at: skipSpaces(afterFirst)), second == "dozen" {
            return PackSize(6, .piece)
        }
        if first == "pack" || first == "box" || first == "bag",
            let (of, afterOf) = word(at: skipSpaces(afterFirst)), of == "of",
            let (count, _) = number(at: skipSpaces(afterOf)), count == count.rounded()
        {
            return PackSize(count, .piece)
        }
        return nil
    }

    private static let times = UInt8(ascii: "x")

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || byte >= 0x80
    }

    /// A token starts at the start of the name or after anything but a letter, a figure or a decimal mark: `B12`
    /// and the `5` of `3.5` hold no size of their own.
    private func startsToken(at position: Int) -> Bool {
        guard position > 0 else { return true }
        let before = bytes[position - 1]
        return !Self.isLetter(before) && !Self.isDigit(before) && before != UInt8(ascii: ".")
            && before != UInt8(ascii: ",")
    }

    private func endsToken(at position: Int) -> Bool {
        position >= bytes.count || !Self.isLetter(bytes[position]) && !Self.isDigit(bytes[position])
    }

    private func skipSpaces(_ position: Int) -> Int {
        var position = position
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "-") {
            position += 1
        }
        return position
    }

    /// A figure with at most one decimal point or comma (`1.5`, `1,5`); a comma before exactly three figures groups
    /// thousands (`1,500`).
    private func number(at position: Int) -> (Double, Int)? {
        var end = position
        while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
        guard end > position else { return nil }
        var text = String(decoding: bytes[position..<end], as: UTF8.self)
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ","),
            Self.isDigit(bytes[end + 1])
        {
            var fractionEnd = end + 1
            while fractionEnd < bytes.count, Self.isDigit(bytes[fractionEnd]) { fractionEnd += 1 }
            let fraction = String(decoding: bytes[(end + 1)..<fractionEnd], as: UTF8.self)
            text += bytes[end] == UInt8(ascii: ",") && fraction.utf8.count == 3 ? fraction : "." + fraction
            end = fractionEnd
        }
        guard let value = Double(text) else { return nil }
        return (value, end)
    }

    /// The run of letters at a position (with `fl oz` and `fl. oz` as one word), and where it ends; nil when none
    /// starts there.
    private func word(at position: Int) -> (String, Int)? {
        var end = position
        while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
        guard end > position else { return nil }
        let word = String(decoding: bytes[position..<end], as: UTF8.self)
        if word == "fl" {
            for tail in [" oz", ". oz", "oz"] where bytes[end...].starts(with: tail.utf8) {
                let after = end + tail.utf8.count
                if endsToken(at: after) { return ("fl oz", after) }
            }
        }
        return (word, end)
    }
}
