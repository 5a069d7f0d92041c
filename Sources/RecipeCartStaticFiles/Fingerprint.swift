import Crypto
import NIOCore

/// The content hash in an asset's URL, `app.3f9c1a2b.css`: a new file gets a new URL, so the
/// old one can be cached for a year.
package enum Fingerprint {
    static let length = 8

    static func of(_ contents: ByteBuffer) -> String {
        let digest = contents.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        return digest.prefix(length / 2).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0\(hex)" : hex
        }.joined()
    }

    /// `dir/app.css` with fingerprint `3f9c1a2b` -> `dir/app.3f9c1a2b.css`.
    package static func name(_ path: String, with fingerprint: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "\(path).\(fingerprint)" }
        return "\(path[..<dot]).\(fingerprint)\(path[dot...])"
    }

    /// Splits `dir/app.3f9c1a2b.css` into `dir/app.css` and `3f9c1a2b`; nil when the name carries no fingerprint.
    static func split(_ path: StaticFilePath) -> (plain: StaticFilePath, fingerprint: String)? {
        // UTF-8 indices: this runs on every `/static/` request, and Character search is slow.
        let value = path.value
        let bytes = value.utf8
        let dot = UInt8(ascii: ".")
        guard let lastDot = bytes.lastIndex(of: dot), let hashDot = bytes[..<lastDot].lastIndex(of: dot) else {
            return nil
        }
        let hash = bytes[bytes.index(after: hashDot)..<lastDot]
        guard hash.count == length, hash.allSatisfy(isLowercaseHex),
            let plain = try? StaticFilePath("\(value[..<hashDot])\(value[lastDot...])")
        else { return nil }
        return (plain, String(Substring(hash)))
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
