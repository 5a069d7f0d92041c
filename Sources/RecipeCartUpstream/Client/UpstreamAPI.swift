import Foundation
import Logging
import NIOCore
import RecipeCartContracts
import RecipeCartDomain

/// JSON calls to one recipe API: each budgeted in quota points, checked, decoded.
package struct UpstreamAPI: Sendable {
    package static let bodyLimit = 10 * 1024 * 1024

    package let http: UpstreamHTTP
    package let quota: CallQuota
    package let baseURL: URL
    package let timeout: TimeInterval
    /// Redacted wherever it is printed; only `get` reads its value, into a header.
    package let apiKey: APIKey?
    package let logger: Logger

    package init(http: UpstreamHTTP, quotaStore: any CallQuotaStore, settings: UpstreamSettings, logger: Logger) {
        self.http = http
        quota = CallQuota(
            store: quotaStore, source: settings.source, dailyLimit: settings.resolvedDailyCallLimit,
            clock: settings.clock)
        baseURL = settings.resolvedBaseURL
        timeout = settings.timeout
        apiKey = settings.apiKey
        self.logger = logger
    }

    /// The decoded answer, or nil when upstream has no such thing (404).
    package func get<Value: Decodable>(_ type: Value.Type, path: String, query: [(String, String)] = [])
        async throws(UpstreamFault) -> Value?
    {
        let url = Self.url(baseURL, path: path, query: query)
        let ticket = try await quota.reserve(kind: CallQuota.kind(ofPath: path))
        logger.debug("upstream call", metadata: ["url": "\(url.absoluteString)"])
        // A header rather than `?apiKey=`, so the key is in no URL that could end up in a log.
        let headers = [("Accept", "application/json")] + (apiKey.map { [("x-api-key", $0.value)] } ?? [])
        // A call that gets no answer keeps its reservation: it may have been counted upstream.
        let answer = try await http.get(url, headers: headers, limit: Self.bodyLimit, timeout: timeout) {
            $0.status == 200
        }
        await quota.observe(answer, for: ticket)
        switch answer.status {
        case 200: break
        case 404: return nil
        case 401, 403: throw .unauthorized(answer.status)
        case 402: throw .quotaExhausted
        case 429: throw .rateLimited(retryAfter: CallQuota.retryAfter(answer.header("Retry-After"), now: quota.clock()))
        default: throw .status(answer.status)
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(answer.body.readableBytesView))
        } catch {
            throw .malformed(DecodingFailure.describe(error))
        }
    }

    /// `base` + `path` + the query, every value percent-encoded so `&`, `+` or `#` typed by a shopper stay text.
    package static func url(_ base: URL, path: String, query: [(String, String)]) -> URL {
        let url = base.appendingPathComponent(path)
        guard !query.isEmpty else { return url }
        let encoded = query.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(
            separator: "&")
        return URL(string: url.absoluteString + "?" + encoded) ?? url
    }
}
