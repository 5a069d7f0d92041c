/// What a product's name may be. Names are shown on every page and may go back out in a spreadsheet, so a name
/// holding markup (`<script>`, `</b>`, `<!--`) or starting like a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, a tab or
/// a carriage return: OWASP's CSV injection list) is refused rather than cleaned, and the grocer fixes the till.
enum ProductNameRules {
    static let longest = 200

    /// The name as kept: trimmed, with line breaks and runs of spaces as one space.
    static func cleaned(_ raw: String) throws(RowRefusal) -> String {
        if let first = raw.drop(while: { $0 == " " }).first, formulaStarts.contains(first) {
            let shown = first == "\t" ? "a tab" : first == "\r" ? "a carriage return" : "\"\(first)\""
            throw RowRefusal("the name starts with \(shown), which a spreadsheet runs as a formula")
        }
        let name = isTidy(raw) ? raw : raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else { throw RowRefusal("the name is empty") }
        guard name.count <= longest else { throw RowRefusal("the name is over \(longest) characters") }
        if let markup = markup(in: name) { throw RowRefusal("the name holds markup (\"\(markup)\")") }
        return name
    }

    /// True for a name of printable ASCII with single spaces between words only, as most are: it is kept as it is.
    private static func isTidy(_ name: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in name.utf8 {
            guard byte > 0x20 && byte < 0x7F || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    private static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

    /// The first `<` followed by a letter, `/`, `!` or `?`, with what follows it up to 10 characters.
    private static func markup(in name: String) -> String? {
        guard name.utf8.contains(UInt8(ascii: "<")) else { return nil }
        var index = name.startIndex
        while let open = name[index...].firstIndex(of: "<") {
            let next = name.index(after: open)
            if next < name.endIndex, name[next].isLetter || "/!?".contains(name[next]) {
                return String(name[open...].prefix(10))
            }
            index = next
        }
        return nil
    }
}
