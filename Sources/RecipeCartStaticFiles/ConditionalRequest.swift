import HTTPTypes
import RecipeCartWire

/// The validators a request carries, checked against the variant about to be sent (RFC 9110 §13.2.2).
struct ConditionalRequest {
    let headers: HTTPFields

    /// True when the client already holds this variant: answer 304.
    /// `If-None-Match` wins over `If-Modified-Since`, and matches weakly, as the RFC says for GET and HEAD.
    func isNotModified(entityTag: String, modifiedSeconds: Int) -> Bool {
        let ifNoneMatch = headers[values: .ifNoneMatch]
        if !ifNoneMatch.isEmpty {
            let wanted = Self.opaqueTag(entityTag[...])
            return ifNoneMatch.contains { value in
                value.split(separator: ",").contains { tag in
                    let tag = tag.trimmingWhitespace()
                    return tag == "*" || Self.opaqueTag(tag) == wanted
                }
            }
        }
        if let since = headers[.ifModifiedSince], let sinceSeconds = HTTPDate.seconds(from: since) {
            return modifiedSeconds <= sinceSeconds
        }
        return false
    }

    /// `If-Range`: a range applies only while the client's validator still matches exactly.
    func allowsRange(entityTag: String, lastModified: String) -> Bool {
        guard let ifRange = headers[.ifRange] else { return true }
        return ifRange == entityTag || ifRange == lastModified
    }

    private static func opaqueTag(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}
