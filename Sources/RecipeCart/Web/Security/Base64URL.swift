import Foundation

/// Base64 in the alphabet safe in cookies and URLs, without padding (RFC 4648, section 5).
enum Base64URL {
    /// Rewrites the bytes of plain base64 in place: this runs twice a request, where Foundation's
    /// string search and replace showed up in profiles.
    static func encode(_ data: Data) -> String {
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

    static func decode(_ string: String) -> Data? {
        guard string.utf8.allSatisfy({ $0 < 128 }) else { return nil }
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
