import Foundation
import Hummingbird
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body, read with hard limits.
struct FormFields: Sendable {
    static let maximumBodySize = 64 * 1024
    static let maximumFieldCount = 10_000

    private var values: [String: String] = [:]

    subscript(name: String) -> String? { values[name] }

    /// Reads and parses the body. Over 64 KB is a 413; anything that is not a form is a 400.
    static func read(from request: Request, limit: Int = maximumBodySize) async throws -> FormFields {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw AppError.badRequest("This form must be sent as an ordinary web form.")
        }
        return try parse(String(buffer: try await RequestBody.collect(request, limit: limit)))
    }

    /// The fields of a URL's query. Malformed escapes are kept as typed rather than refused, so
    /// any address a shopper edits by hand still shows a page.
    static func query(of request: Request) -> FormFields {
        (try? parse(request.uri.query ?? "", strict: false)) ?? FormFields()
    }

    /// The first value of a repeated name wins, so a second `_csrf` or `op` cannot override the first.
    static func parse(_ body: String, strict: Bool = true) throws -> FormFields {
        var fields = FormFields()
        var count = 0
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            count += 1
            guard count <= maximumFieldCount else {
                throw AppError.badRequest("The form has too many fields.")
            }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawValue = parts.count > 1 ? parts[1] : ""
            guard let name = decode(parts[0]) ?? (strict ? nil : String(parts[0])),
                  let value = decode(rawValue) ?? (strict ? nil : String(rawValue))
            else {
                throw AppError.badRequest("The form is not encoded correctly.")
            }
            if fields.values[name] == nil {
                fields.values[name] = value
            }
        }
        return fields
    }

    /// `+` is a space and `%XX` a byte; nil for a broken escape or bytes that are not UTF-8. NUL bytes are dropped:
    /// no field means anything with one, and PostgreSQL cannot store it in text. Byte by byte, since Foundation's
    /// replace and percent decoding were a tenth of a stepper post.
    private static func decode(_ component: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var input = component.utf8.makeIterator()
        while let byte = input.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
                let decoded = high << 4 | low
                if decoded != 0 { bytes.append(decoded) }
            case 0:
                continue
            default:
                bytes.append(byte)
            }
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
