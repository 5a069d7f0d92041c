import RecipeCartDomain

/// A file's path below its root, taken from the URL: percent-decoded exactly once, then checked
/// segment by segment before it comes near the file system.
package struct StaticFilePath: Hashable, Sendable {
    package enum Rejection: Error, Equatable {
        /// Bad percent-encoding, invalid UTF-8, a NUL, a backslash, or a `.`/`..` segment: a 400.
        case malformed
        /// A folder, a hidden file or a `.gz` twin: nothing is served there, a 404.
        case notServed
    }

    /// Segments joined by `/`, never starting with one.
    package let value: String

    /// The lowercased extension of the last segment, "" when it has none.
    var fileExtension: String {
        guard let dot = value.lastIndex(of: "."), !value[dot...].contains("/") else { return "" }
        return value[value.index(after: dot)...].lowercased()
    }

    package init(urlEncoded encoded: Substring) throws(Rejection) {
        guard let decoded = Self.percentDecoded(encoded) else { throw .malformed }
        try self.init(decoded)
    }

    /// Checks a path that is already decoded; it is never decoded a second time.
    /// One pass over the bytes, without allocating: this runs on every static request.
    package init(_ decoded: String) throws(Rejection) {
        var segment = Segment()
        var notServed = false
        for byte in decoded.utf8 {
            switch byte {
            case 0, UInt8(ascii: "\\"):
                throw .malformed
            case UInt8(ascii: "/"):
                if segment.isDotSegment { throw .malformed }
                notServed = notServed || segment.isNotServed
                segment = Segment()
            default:
                segment.add(byte)
            }
        }
        if segment.isDotSegment { throw .malformed }
        // A `.gz` twin is an internal variant, never addressed by name.
        if notServed || segment.isNotServed || Self.hasTwinSuffix(decoded) { throw .notServed }
        value = decoded
    }

    /// The shape of one segment, gathered byte by byte.
    private struct Segment {
        var length = 0
        var dots = 0
        var startsWithDot = false

        mutating func add(_ byte: UInt8) {
            if byte == UInt8(ascii: ".") {
                startsWithDot = startsWithDot || length == 0
                dots += 1
            }
            length += 1
        }

        /// `.` or `..`.
        var isDotSegment: Bool { length > 0 && length <= 2 && dots == length }
        /// Empty (a folder: `a//b`, `dir/`) or a dot file.
        var isNotServed: Bool { length == 0 || startsWithDot }
    }

    private static func hasTwinSuffix(_ path: String) -> Bool {
        let tail = path.utf8.suffix(3)
        return tail.count == 3 && tail.elementsEqual(".gz".utf8) { $0 | 0x20 == $1 | 0x20 }
    }

    /// Decodes `%XX` escapes once; a `%2e` left over from `%252e` stays literal text.
    /// Nil for a broken escape or bytes that are not UTF-8 (overlong `%c0%ae` included).
    static func percentDecoded(_ encoded: Substring) -> String? {
        guard encoded.utf8.contains(UInt8(ascii: "%")) else { return String(encoded) }
        return PercentDecoding.decode(encoded)
    }
}
