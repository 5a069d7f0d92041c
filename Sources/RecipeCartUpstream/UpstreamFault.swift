import Foundation

/// Why an upstream call failed or was not made. Descriptions are safe to log: they never hold the API key.
package enum UpstreamFault: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut
    /// Connection refused, reset, DNS, TLS…
    case unreachable(String)
    /// A 5xx or another status the client does not expect.
    case status(Int)
    /// 401 or 403: the key is missing, wrong or not allowed.
    case unauthorized(Int)
    /// 402, or `X-API-Quota-Left` down to nothing: the plan's points for today are used up.
    case quotaExhausted
    /// 429.
    case rateLimited(retryAfter: TimeInterval)
    /// Truncated or malformed JSON, or JSON of another shape.
    case malformed(String)
    /// An answer over the body limit.
    case tooLarge(limit: Int)
    /// No call was made: the daily limit is reached, or upstream asked to wait (402, 429).
    case blocked(until: Date, reason: String)
    /// No call was made: a recent call failed, and pages give upstream a moment before trying again.
    case backingOff

    package var description: String {
        switch self {
        case .timedOut: "timed out"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .status(let code): "answered HTTP \(code)"
        case .unauthorized(let code): "refused the API key (HTTP \(code))"
        case .quotaExhausted: "daily quota used up"
        case .rateLimited(let seconds): "rate limited (HTTP 429), retry after \(Int(seconds)) s"
        case .malformed(let reason): "sent JSON that does not decode: \(reason)"
        case .tooLarge(let limit): "sent more than \(limit / 1_048_576) MB"
        case .blocked(let until, let reason): "no call made until \(until.formatted(.iso8601)): \(reason)"
        case .backingOff: "no call made: waiting after a recent failure"
        }
    }

    /// True when no call went out, so there is nothing new to log.
    package var isLocal: Bool {
        switch self {
        case .blocked, .backingOff: true
        default: false
        }
    }
}
