/// Numbered steps from free-text instructions (TheMealDB's `strInstructions`): one step a line.
///
/// Lines break on `\r\n`, `\n` or `\r`. Blank lines and bare headers (`STEP 1`, `Step 3:`, `1.`)
/// are dropped, and a leading label (`1. `, `Step 1 - `) is taken off, because the page numbers
/// the steps itself. A long paragraph stays one step: sentences are too unreliable to split on.
package enum InstructionSteps {
    package static func split(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let words = line.split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty else { return nil }
            let step = withoutLabel(Substring(words.joined(separator: " ")))
            return step.isEmpty ? nil : String(step)
        }
    }

    /// `line` without a leading `Step 2:`-style or `2.`-style label; empty when the line is only a label.
    private static func withoutLabel(_ line: Substring) -> Substring {
        if line.prefix(4).lowercased() == "step" {
            let afterWord = line.dropFirst(4).drop(while: \.isWhitespace)
            let afterNumber = afterWord.drop(while: isDigit)
            // "Stepping back…" or "Step away…" are sentences, not labels.
            guard afterNumber.startIndex != afterWord.startIndex else { return line }
            return afterSeparator(afterNumber.drop(while: \.isWhitespace))
        }
        let afterNumber = line.drop(while: isDigit)
        guard afterNumber.startIndex != line.startIndex else { return line }
        if afterNumber.isEmpty { return afterNumber }
        // "1. Heat" and "2) Stir" are labels; "2 eggs…" and "1.5 kg…" are not.
        guard let mark = afterNumber.first, mark == "." || mark == ")",
            afterNumber.dropFirst().first.map(\.isWhitespace) ?? true
        else { return line }
        return afterNumber.dropFirst().drop(while: \.isWhitespace)
    }

    private static func afterSeparator(_ text: Substring) -> Substring {
        guard let first = text.first, ".:)-–—".contains(first) else { return text }
        return text.dropFirst().drop(while: \.isWhitespace)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
