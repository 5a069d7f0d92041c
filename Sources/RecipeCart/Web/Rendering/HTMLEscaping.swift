import Mustache

/// How every template escapes what it shows (`{{% CONTENT_TYPE: HTML }}` opens each one): the five characters
/// Mustache's own HTML escaping replaces, found as bytes. Mustache's goes a Character at a time through a dictionary,
/// a tenth of an uncached Browse page; and as bytes, a `<` carrying a combining accent is escaped too.
struct HTMLEscaping: MustacheContentType {
    /// Registered before any template is read: a template takes its escaping when it is parsed.
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
    }

    func escapeText(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: Self.isSpecial) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
