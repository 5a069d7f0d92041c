import AsyncHTTPClient
import Foundation
import NIOCore

/// One GET over the shared `HTTPClient`, with a deadline and a body limit, every failure an `UpstreamFault`.
package struct UpstreamHTTP: Sendable {
    package struct Answer: Sendable {
        package var status: Int
        /// Names lowercased; a repeated header keeps its first value.
        package var headers: [String: String]
        package var body: ByteBuffer

        package init(status: Int, headers: [String: String], body: ByteBuffer) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        package func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    package static let userAgent = "RecipeCart/1.0 (+https://github.com/recipecart)"

    package let client: HTTPClient

    /// The client every upstream call and image download shares; shut it down with `HTTPClientService`.
    package static func makeClient(timeout: TimeInterval) -> HTTPClient {
        let amount = TimeAmount.milliseconds(Int64(max(timeout, 0.05) * 1000))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: .init(connect: amount, read: amount))
        configuration.connectionPool.idleTimeout = .seconds(30)
        // A refused connection fails the call at once rather than retrying until the timeout: the page is waiting.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// - Parameters:
    ///   - limit: the largest body accepted; a larger one is `.tooLarge`, whatever the status.
    ///   - accept: called with the status and headers (no body yet); return false to leave the body unread.
    package func get(
        _ url: URL, headers: [(String, String)] = [], limit: Int, timeout: TimeInterval,
        accept: (Answer) -> Bool = { _ in true }
    ) async throws(UpstreamFault) -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            var answer = Answer(
                status: Int(response.status.code),
                headers: Dictionary(
                    response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
                body: ByteBuffer())
            if let length = answer.header("Content-Length").flatMap(Int.init), length > limit {
                throw UpstreamFault.tooLarge(limit: limit)
            }
            guard accept(answer) else { return answer }
            answer.body = try await response.body.collect(upTo: limit)
            return answer
        } catch {
            throw Self.fault(for: error, limit: limit)
        }
    }

    package static func fault(for error: any Error, limit: Int) -> UpstreamFault {
        switch error {
        case let fault as UpstreamFault:
            return fault
        case is NIOTooManyBytesError:
            return .tooLarge(limit: limit)
        case let error as HTTPClientError
        where [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error):
            return .timedOut
        case let error as HTTPClientError:
            return .unreachable(error.description)
        case is CancellationError:
            return .timedOut
        default:
            return .unreachable(String(describing: error))
        }
    }
}
