import Foundation

/// Plain text from upstream HTML (Spoonacular's `summary`, titles and steps): tags dropped,
/// character references decoded, whitespace collapsed. The result is text, never markup, and
/// pages escape it like any other text.
package enum PlainText {
    package static func from(html: String) -> String {
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let (name, end) = tag(in: html, at: index) {
                if blockTags.contains(name) { text.append(" ") }
                index = name == "script" || name == "style" ? endOfElement(name, in: html, from: end) : end
            } else if character == "&", let (decoded, end) = reference(in: html, at: index) {
                text += decoded
                index = end
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Tags that separate words; inline ones such as `<b>` and `<a>` do not.
    private static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "blockquote", "section", "article", "header", "footer",
    ]

    /// The lowercased tag name and the index after the tag, when a tag starts at `start`.
    /// A `<` that does not start a tag (`1 < 2`) is text. An unterminated tag runs to the end,
    /// so half-written markup is dropped rather than shown.
    private static func tag(in html: String, at start: String.Index) -> (String, String.Index)? {
        let afterBracket = html.index(after: start)
        guard afterBracket < html.endIndex else { return nil }
        let first = html[afterBracket]
        guard first.isLetter || first == "/" || first == "!" || first == "?" else { return nil }
        if html[afterBracket...].hasPrefix("!--") {
            let end = html[afterBracket...].range(of: "-->")?.upperBound ?? html.endIndex
            return ("!--", end)
        }
        var quote: Character?
        var index = afterBracket
        while index < html.endIndex {
            let character = html[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                break
            }
            index = html.index(after: index)
        }
        let end = index < html.endIndex ? html.index(after: index) : html.endIndex
        let name = html[afterBracket..<index].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        return (name.lowercased(), end)
    }

    /// Skips a script or style element's content up to and including its closing tag.
    private static func endOfElement(_ name: String, in html: String, from start: String.Index) -> String.Index {
        html.range(of: "</\(name)", options: .caseInsensitive, range: start..<html.endIndex)
            .map { range in html[range.upperBound...].firstIndex(of: ">").map(html.index(after:)) ?? html.endIndex }
            ?? html.endIndex
    }

    /// The text of a character reference (`&amp;`, `&#39;`, `&#x27;`) at `start` and the index after it.
    /// Anything else beginning with `&` is left as text.
    private static func reference(in html: String, at start: String.Index) -> (String, String.Index)? {
        let bodyStart = html.index(after: start)
        guard let semicolon = html[bodyStart...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = html[bodyStart..<semicolon]
        let end = html.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            // NUL, surrogates and out-of-range values become the replacement character, as in HTML.
            guard value != 0, let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", end) }
            return (String(Character(scalar)), end)
        }
        return namedReferences[String(body)].map { ($0, end) }
    }

    /// The named references that turn up in recipe text; an unknown one stays as written.
    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "bull": "•", "middot": "·", "deg": "°", "times": "×", "frasl": "⁄",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "copy": "©", "reg": "®", "trade": "™",
        "cent": "¢", "pound": "£", "euro": "€", "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë",
        "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "iacute": "í", "icirc": "î", "iuml": "ï",
        "oacute": "ó", "ocirc": "ô", "ouml": "ö", "uacute": "ú", "ucirc": "û", "uuml": "ü",
        "ntilde": "ñ", "ccedil": "ç", "szlig": "ß", "Eacute": "É",
    ]
}
