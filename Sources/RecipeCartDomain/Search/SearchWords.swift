import Foundation

/// The words search compares: runs of letters and digits, lower case, accents folded ("Crème Brûlée" is `creme`,
/// `brulee`), as the database's search index tokenizes them.
package enum SearchWords {
    /// Every word of `text`. Most catalog text is ASCII and is split byte by byte; only other text pays for
    /// Foundation's folding, which took most of an index build at 100,000 recipes when every title went through it.
    package static func of(_ text: String) -> [String] {
        var words: [String] = []
        var isASCII = true
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte + 32)
            case 0x80...:
                isASCII = false
            default:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
            if !isASCII { break }
        }
        guard isASCII else { return folded(text) }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// The words of a search as typed, as many as a search reads and each as long as it reads.
    package static func typed(_ text: String) -> [String] {
        of(text).prefix(SearchPattern.maximumTokens).map { String($0.prefix(SearchPattern.maximumTokenLength)) }
    }

    private static func folded(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// What a typed word finds as a prefix: itself and, for a plural, its singular, so "potatoes" finds "potato",
    /// "berries" finds "berry" and "dishes" finds "dish". A double s ("bass") or a stem under three letters stays as typed.
    package static func forms(of word: String) -> [String] {
        var forms = [word]
        func add(_ form: String) {
            if form.count >= 3, !forms.contains(form) { forms.append(form) }
        }
        guard word.hasSuffix("s"), !word.hasSuffix("ss") else { return forms }
        let stem = String(word.dropLast())
        add(stem)
        if word.hasSuffix("ies") { add(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es"), ["o", "x", "z", "ch", "sh", "ss"].contains(where: { stem.dropLast().hasSuffix($0) }) {
            add(String(word.dropLast(2)))
        }
        return forms
    }
}
