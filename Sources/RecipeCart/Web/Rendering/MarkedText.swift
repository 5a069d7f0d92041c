/// Rendered text cut where values were marked off by a control byte on each side: `PageCache`'s placeholders and
/// `Stencil`'s fields.
struct MarkedText {
    /// The literal text around the marks: `pieces.count == marks.count + 1`. Slices of the text, not copies: an
    /// uncached search page is cut once per request, and copying its pieces into new strings cost 2% of it.
    let pieces: [Substring]
    /// Each mark with its two marker bytes.
    let marks: [Substring]

    init(_ text: String, marker: UInt8) {
        var text = text
        // Searched in the bytes' one buffer: through `String.UTF8View` the search cost 2% of an uncached search page.
        // A control character always stands alone as a Character, so the cuts fall between characters.
        let cuts = text.withUTF8 { bytes in
            var cuts: [Range<Int>] = []
            var rest = bytes[...]
            while let start = rest.firstIndex(of: marker), let end = rest[(start + 1)...].firstIndex(of: marker) {
                cuts.append(start..<(end + 1))
                rest = rest[(end + 1)...]
            }
            return cuts
        }
        let utf8 = text.utf8
        var pieces: [Substring] = []
        var marks: [Substring] = []
        var from = utf8.startIndex
        for cut in cuts {
            let start = utf8.index(utf8.startIndex, offsetBy: cut.lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: cut.upperBound)
            pieces.append(text[from..<start])
            marks.append(text[start..<end])
            from = end
        }
        pieces.append(text[from...])
        (self.pieces, self.marks) = (pieces, marks)
    }
}
