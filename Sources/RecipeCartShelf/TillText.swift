extension Character {
    /// `0`…`9` and nothing else: a till's figures are ASCII, and other scripts' digits are no price.
    var isTillDigit: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// Without leading and trailing spaces, tabs and no-break spaces, which tills and spreadsheets leave around
    /// cells.
    var tillTrimmed: SubSequence {
        let plain: (UInt8) -> Bool = { $0 != 0x20 && $0 != 0x09 && $0 < 0x80 }
        if let first = utf8.first, let last = utf8.last, plain(first), plain(last) { return self[...] }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
