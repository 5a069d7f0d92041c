import HTTPTypes

/// The content codings RecipeCart can send.
package enum ContentCoding: Sendable {
    case identity, gzip
}

/// A request's `Accept-Encoding`, read as RFC 9110 §12.5.3 says.
///
/// - No header, or an empty one: identity only (a client that says nothing gets the plain bytes,
///   as nginx's `gzip_static on` does).
/// - `gzip;q=0` refuses gzip; `*` stands for every coding not named; `x-gzip` is `gzip`.
/// - Identity is acceptable unless refused by `identity;q=0`, or by `*;q=0` without an `identity` entry.
/// - When both are acceptable gzip wins, unless identity is given a higher q-value.
/// - When neither is: `preferred` is nil and the static handler answers 406, the RFC's alternative
///   to sending a coding the client refused.
package struct AcceptEncoding: Sendable {
    // Only the codings RecipeCart can send matter; `br`, `deflate` and the like are skipped.
    private var gzip: Double?
    private var identity: Double?
    private var wildcard: Double?

    package init(_ headers: HTTPFields) {
        for value in headers[values: .acceptEncoding] {
            for element in value.split(separator: ",") {
                parse(element)
            }
        }
    }

    init(_ value: String) {
        self.init([.acceptEncoding: value])
    }

    /// The best coding among those available, or nil when the client accepts none of them.
    package func preferred(gzipAvailable: Bool) -> ContentCoding? {
        // Identity unnamed (and no `*`) is acceptable, but never preferred to a coding the client named.
        let identity = self.identity ?? wildcard
        let gzip = gzipAvailable ? self.gzip ?? wildcard ?? 0 : 0
        if gzip > 0, gzip >= identity ?? 0 { return .gzip }
        return identity ?? 1 > 0 ? .identity : nil
    }

    private mutating func parse(_ element: Substring) {
        let parts = element.split(separator: ";")
        guard let name = parts.first?.trimmingWhitespace().lowercased() else { return }
        var quality = 1.0
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "q" else { continue }
            // A q-value outside 0...1 or not a number makes the element meaningless: skip it.
            guard let value = Double(pair[1].trimmingWhitespace()), (0...1).contains(value) else { return }
            quality = value
        }
        switch name {
        case "*": wildcard = max(wildcard ?? 0, quality)
        case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
        case "identity": identity = max(identity ?? 0, quality)
        default: break
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
