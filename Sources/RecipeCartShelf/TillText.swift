extension Character {
    /// `0`…`9` and nothing else: a till's figures are ASCII, and other scripts' digits are no price.
    var isTillDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and no-break spaces, which tills and spreadsheets leave around
    /// cells.
    var tillTrimmed: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
