import HTTPTypes
import RecipeCartStorage
import RecipeCartUpstream

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only date format RecipeCart sends.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(fromSeconds seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Nil for anything but IMF-fixdate: an unreadable `If-Modified-Since` is ignored, as the RFC says.
    static func seconds(from text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let month = months.firstIndex(of: String(fields[2])),
            let day = Int32(fields[1]), let year = Int32(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int32($0) }
        guard clock.count == 3 else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = clock[0]
        parts.tm_min = clock[1]
        parts.tm_sec = clock[2]
        return Int(timegm(&parts))
    }
}
