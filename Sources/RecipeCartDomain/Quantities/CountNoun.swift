import Foundation

/// The words after a count (`cloves`, `small bunch`, `eggs, beaten`), made to agree with the
/// number: `1 clove`, `2 cloves`. Nouns recipes count by are listed and inflect both ways. Any
/// other word only loses a plain plural `s` for one or less (`1 egg`), and never gains one:
/// guessing (`2 large` → `2 larges`) reads worse than a missing plural.
package enum CountNoun {
    package static func inflect(_ noun: String, plural: Bool) -> String {
        guard let head = head(in: noun) else { return noun }
        let word = noun[head.range].lowercased()
        let inflected: String
        if head.isListed {
            let singular = singulars[word] ?? word
            inflected = plural ? plurals[singular]! : singular
        } else {
            guard !plural else { return noun }
            inflected = IngredientName.singular(word)
        }
        guard inflected != word else { return noun }
        return noun.replacingCharacters(in: head.range, with: matchingCase(inflected, of: noun[head.range]))
    }

    /// The form two measures share when they count the same thing: `Cloves` and `clove` → `clove`.
    package static func key(_ noun: String) -> String {
        let lowered = noun.lowercased()
        guard let head = head(in: lowered) else { return lowered }
        let word = String(lowered[head.range])
        let singular = head.isListed ? singulars[word] ?? word : IngredientName.singular(word)
        return lowered.replacingCharacters(in: head.range, with: singular)
    }

    /// No noun, or only a size (`large`, `extra large`): what is counted is the ingredient itself, so
    /// its name takes the number (`2 large onions`).
    package static func countsTheIngredient(_ noun: String) -> Bool {
        noun.split { !$0.isLetter }.allSatisfy { sizeWords.contains($0.lowercased()) }
    }

    /// The first listed noun in the first phrase (`bunch` in `small bunch`, `clove` in `cloves,
    /// crushed`), else its last word (`eggs` in `large eggs`). A leading length (`2 cm piece`)
    /// describes one piece, so nothing inflects.
    private static func head(in noun: String) -> (range: Range<String.Index>, isListed: Bool)? {
        let phraseEnd = noun.firstIndex { ",;".contains($0) } ?? noun.endIndex
        let phrase = noun[..<phraseEnd]
        var words: [Range<String.Index>] = []
        var start: String.Index?
        for index in phrase.indices {
            if phrase[index].isLetter {
                if start == nil { start = index }
            } else if let wordStart = start {
                words.append(wordStart..<index)
                start = nil
            }
        }
        if let wordStart = start { words.append(wordStart..<phrase.endIndex) }
        guard let first = words.first, !lengthWords.contains(noun[first].lowercased()) else { return nil }
        let listed = words.first { range in
            let word = noun[range].lowercased()
            return plurals[word] != nil || singulars[word] != nil
        }
        return listed.map { ($0, true) } ?? words.last.map { ($0, false) }
    }

    private static func matchingCase(_ word: String, of original: Substring) -> String {
        guard let first = original.first, first.isUppercase else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    private static let sizeWords: Set<String> = ["small", "medium", "large", "big", "whole"]

    private static let lengthWords: Set<String> = ["cm", "mm", "in", "inch", "inches", "centimetre", "centimetres"]

    /// Singular → plural for the nouns recipes count by.
    private static let plurals: [String: String] = {
        var table: [String: String] = [
            "leaf": "leaves", "loaf": "loaves", "half": "halves",
            "bunch": "bunches", "pinch": "pinches", "dash": "dashes", "splash": "splashes",
            "box": "boxes", "glass": "glasses",
        ]
        for noun in [
            "bag", "ball", "bottle", "bulb", "can", "carton", "clove", "cube", "drop", "ear", "fillet",
            "handful", "head", "jar", "knob", "link", "pack", "packet", "piece", "pod", "pot", "rasher",
            "sachet", "sheet", "slice", "sprig", "stalk", "stick", "strip", "tin", "tub", "wedge",
        ] {
            table[noun] = noun + "s"
        }
        return table
    }()

    private static let singulars: [String: String] = Dictionary(
        uniqueKeysWithValues: plurals.map { ($0.value, $0.key) }
    )
}
