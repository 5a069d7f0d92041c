import Foundation
import Hummingbird
import NIOCore
import RecipeCartDomain

/// The fields of an `application/x-www-form-urlencoded` body, read with hard limits.
struct FormFields: Sendable {
    static let maximumBodySize = 64 * 1024
    static let maximumFieldCount = 10_000

    private var values: [String: String] = [:]
    /// The second and later values of names given more than once, in the order sent.
    private var repeats: [String: [String]] = [:]

    subscript(name: String) -> String? { values[name] }

    /// Every value of a name a form may repeat (one hidden field a row).
    func values(_ name: String) -> [String] {
        values[name].map { [$0] + repeats[name, default: []] } ?? []
    }

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
        query(request.uri.query)
    }

    /// `query(of:)` for a query string read from the request line.
    static func query(_ query: String?) -> FormFields {
        (try? parse(query ?? "", strict: false)) ?? FormFields()
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
            } else {
                fields.repeats[name, default: []].append(value)
            }
        }
        return fields
    }

    /// NUL bytes are dropped: no field means anything with one, and PostgreSQL cannot store it in text.
    private static func decode(_ component: Substring) -> String? {
        PercentDecoding.decode(component, plusIsSpace: true, droppingNULs: true)
    }
}
