/// A request's `Range` over a file of known length (RFC 9110 §14).
///
/// One range is served as a 206; several (which would need multipart/byteranges), or a header
/// that does not parse, are ignored and the whole file is sent, which the RFC allows.
enum ByteRange: Equatable {
    case whole
    case part(ClosedRange<Int>)
    /// Every range starts past the end: 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    init(header: String?, length: Int) {
        guard let header, header.hasPrefix("bytes="), length > 0 else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingWhitespace()
        let last = spec[spec.index(after: dash)...].trimmingWhitespace()
        switch (Self.number(first), Self.number(last)) {
        case (nil, let suffix?) where first.isEmpty && suffix > 0:
            // `bytes=-N`: the last N bytes.
            self = .part(max(length - suffix, 0)...(length - 1))
        case (let start?, nil) where last.isEmpty:
            self = start < length ? .part(start...(length - 1)) : .unsatisfiable
        case (let start?, let end?) where start <= end:
            self = start < length ? .part(start...min(end, length - 1)) : .unsatisfiable
        case (nil, 0?) where first.isEmpty:
            self = .unsatisfiable
        default:
            self = .whole
        }
    }

    /// Digits only: `Int` alone would take `+5`.
    private static func number(_ text: Substring) -> Int? {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? Int(text) : nil
    }
}
