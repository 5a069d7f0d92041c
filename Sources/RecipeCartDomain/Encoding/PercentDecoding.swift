/// `%XX` escapes decoded once, byte by byte: Foundation's string replace and percent decoding showed in profiles.
package enum PercentDecoding {
    /// Nil for a broken escape or bytes that are not UTF-8 (overlong `%c0%ae` included).
    /// - Parameters:
    ///   - plusIsSpace: `+` stands for a space, as in a form body or query.
    ///   - droppingNULs: NUL bytes, typed or escaped, are left out.
    package static func decode(_ encoded: Substring, plusIsSpace: Bool = false, droppingNULs: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var input = encoded.utf8.makeIterator()
        while let byte = input.next() {
            var decoded = byte
            if byte == UInt8(ascii: "%") {
                guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else {
                    return nil
                }
                decoded = high << 4 | low
            } else if plusIsSpace, byte == UInt8(ascii: "+") {
                decoded = UInt8(ascii: " ")
            }
            if droppingNULs, decoded == 0 { continue }
            bytes.append(decoded)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
