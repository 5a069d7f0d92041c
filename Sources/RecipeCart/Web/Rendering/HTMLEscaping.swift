import Mustache

/// How every template escapes what it shows (`{{% CONTENT_TYPE: HTML }}` opens each one): the five characters
/// Mustache's own HTML escaping replaces, found as bytes. Mustache's goes a Character at a time through a dictionary,
/// a tenth of an uncached Browse page; and as bytes, a `<` carrying a combining accent is escaped too.
struct HTMLEscaping: MustacheContentType {
    /// Registered before any template is read: a template takes its escaping when it is parsed.
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
    }

    /// Works on the text's own bytes: through `UTF8View`'s indices, the scan for a special byte cost as much as the
    /// escaping it spares (a search page escapes each tile's title and category).
    func escapeText(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            let added = bytes.reduce(0) { added, byte in
                added + (Self.entity(for: byte).map { $0.utf8CodeUnitCount - 1 } ?? 0)
            }
            guard added > 0 else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + added) { out in
                var count = 0
                for byte in bytes {
                    guard let entity = Self.entity(for: byte) else {
                        out[count] = byte
                        count += 1
                        continue
                    }
                    entity.withUTF8Buffer { entity in
                        for entityByte in entity {
                            out[count] = entityByte
                            count += 1
                        }
                    }
                }
                return count
            }
        }
        return escaped ?? text
    }

    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
