/// A value for a URL's query, every byte but the unreserved ones as `%XX`. Byte by byte: a search page encodes the
/// links of every chip and option, where a `Set` lookup and `String(format:)` a byte showed in profiles.
package enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    package static func encode(_ value: String) -> String {
        // Most values are ids and words that need no encoding: a copy of each cost a search page's links.
        guard value.utf8.contains(where: { !isUnreserved($0) }) else { return value }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
