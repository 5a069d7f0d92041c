extension PackSize {
    /// A size from a number and a unit word as tills and product names write them: the units `init(_:unitText:)`
    /// knows, their plurals and short forms (`kgs`, `lt`), milligrams, and US ounces and pounds (`oz`, `lb`,
    /// `fl oz`) turned into grams and millilitres.
    public init?(tillAmount number: Double, unit: String) {
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
    public init?(inName name: String) {
        let characters = Array(name.lowercased())
        var scanner = NameScanner(characters: characters)
        guard let size = scanner.firstSize() else { return nil }
        self = size
    }

    /// Whether a name says its price is per kilogram (`Onions per kg`, `Beef mince /kg`): the product is sold by
    /// weight.
    static func namesPricePerKilogram(_ name: String) -> Bool {
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
        guard let size = PackSize(tillAmount: number, unit: word), size.unit != .piece else { return nil }
        return size
    }

    fileprivate static let pieceWords: Set<String> = [
        "pcs", "pc", "piece", "pieces", "pk", "pack", "packs", "ct", "count", "each", "ea",
    ]
}

/// Reads a lowercased name for its first pack size.
private struct NameScanner {
    let characters: [Character]
    var index = 0

    init(characters: [Character]) { self.characters = characters }

    mutating func firstSize() -> PackSize? {
        while index < characters.count {
            let start = index
            if let size = sizeAtNumber() ?? sizeAtTimes() ?? sizeAtWords() { return size }
            index = start + 1
        }
        return nil
    }

    /// `400g`, `1.5 kg`, `6 x 330ml`, `330ml x 6`, `12 pcs`, `12x`.
    private func sizeAtNumber() -> PackSize? {
        guard startsToken(at: index), let (count, afterNumber) = number(at: index) else { return nil }
        var position = skipSpaces(afterNumber)
        if position < characters.count, isTimes(characters[position]) {
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
            if position < characters.count, isTimes(characters[position]),
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
        guard isTimes(characters[index]), startsToken(at: index) else { return nil }
        guard let (count, afterNumber) = number(at: skipSpaces(index + 1)), count == count.rounded(),
            word(at: skipSpaces(afterNumber)).map({ PackSize.measure(1, $0.0) == nil }) ?? true
        else { return nil }
        return PackSize(count, .piece)
    }

    /// `pack of 6`, `dozen`, `half dozen`.
    private func sizeAtWords() -> PackSize? {
        guard startsToken(at: index), let (first, afterFirst) = word(at: index) else { return nil }
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

    private func isTimes(_ character: Character) -> Bool { character == "x" || character == "×" }

    /// A token starts at the start of the name or after anything but a letter or a figure: `B12` holds no size.
    private func startsToken(at position: Int) -> Bool {
        position == 0
            || !(characters[position - 1].isLetter || characters[position - 1].isNumber
                || characters[position - 1] == "." || characters[position - 1] == ",")
    }

    private func endsToken(at position: Int) -> Bool {
        position >= characters.count || !characters[position].isLetter && !characters[position].isNumber
    }

    private func skipSpaces(_ position: Int) -> Int {
        var position = position
        while position < characters.count, characters[position] == " " || characters[position] == "-" {
            position += 1
        }
        return position
    }

    /// A figure with at most one decimal point or comma (`1.5`, `1,5`); a comma before exactly three figures groups
    /// thousands (`1,500`).
    private func number(at position: Int) -> (Double, Int)? {
        var position = position
        var text = ""
        while position < characters.count, characters[position].isTillDigit {
            text.append(characters[position])
            position += 1
        }
        guard !text.isEmpty else { return nil }
        if position + 1 < characters.count, characters[position] == "." || characters[position] == ",",
            characters[position + 1].isTillDigit
        {
            var fraction = ""
            var end = position + 1
            while end < characters.count, characters[end].isTillDigit {
                fraction.append(characters[end])
                end += 1
            }
            text += characters[position] == "," && fraction.count == 3 ? fraction : "." + fraction
            position = end
        }
        guard let value = Double(text) else { return nil }
        return (value, position)
    }

    /// The run of letters at a position (with `fl oz` and `fl. oz` as one word), and where it ends; nil when none
    /// starts there.
    private func word(at position: Int) -> (String, Int)? {
        var end = position
        while end < characters.count, characters[end].isLetter { end += 1 }
        guard end > position else { return nil }
        let word = String(characters[position..<end])
        if word == "fl" {
            let rest = String(characters[end...].prefix(4))
            for tail in [" oz", ". oz", "oz"] where rest.hasPrefix(tail) {
                let after = end + tail.count
                if endsToken(at: after) { return ("fl oz", after) }
            }
        }
        return (word, end)
    }
}
