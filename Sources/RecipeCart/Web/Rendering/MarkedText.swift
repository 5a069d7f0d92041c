/// Rendered text cut where values were marked off by a control byte on each side: `PageCache`'s placeholders and
/// `Stencil`'s fields.
struct MarkedText {
    /// The literal text around the marks: `pieces.count == marks.count + 1`.
    let pieces: [String]
    /// Each mark with its two marker bytes.
    let marks: [String]

    init(_ text: String, marker: UInt8) {
        var text = text
        // Searched in the bytes' one buffer: through `String.UTF8View` the search cost 2% of an uncached search page.
        // A control character always stands alone as a Character, so the cuts fall between characters.
        (pieces, marks) = text.withUTF8 { bytes in
            var pieces: [String] = [], marks: [String] = []
            var rest = bytes[...]
            while let start = rest.firstIndex(of: marker), let end = rest[(start + 1)...].firstIndex(of: marker) {
                pieces.append(String(decoding: rest[..<start], as: UTF8.self))
                marks.append(String(decoding: rest[start...end], as: UTF8.self))
                rest = rest[(end + 1)...]
            }
            pieces.append(String(decoding: rest, as: UTF8.self))
            return (pieces, marks)
        }
    }
}
