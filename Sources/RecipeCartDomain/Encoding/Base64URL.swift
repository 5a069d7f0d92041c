import Foundation

/// Base64 in the alphabet safe in cookies and URLs, without padding (RFC 4648, section 5).
package enum Base64URL {
    /// Both directions rewrite the bytes of plain base64: Foundation's string search and replace showed up in
    /// profiles.
    package static func encode(_ data: Data) -> String {
        var bytes = Array(data.base64EncodedData())
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Only the one spelling `encode` gives: a last character whose unused low bits are set (`…B` for `…A`) decodes
    /// to the same bytes, so without this check two different cookies would verify as one.
    package static func decode(_ string: String) -> Data? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 3)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), 128...: return nil
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4))
        guard let data = Data(base64Encoded: Data(bytes)), encode(data) == string else { return nil }
        return data
    }
}
