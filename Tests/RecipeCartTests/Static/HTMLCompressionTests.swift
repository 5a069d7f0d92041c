import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct HTMLCompressionTests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip"]

    /// The middleware alone, in front of pages of chosen sizes and types.
    func withPages(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router()
        router.add(middleware: HTMLCompressionMiddleware())
        router.get("/small") { _, _ in Self.page(1023) }
        router.get("/large") { _, _ in Self.page(1024) }
        router.get("/json") { _, _ in Self.page(4000, type: "application/json") }
        router.get("/unchanged") { _, _ in Response(status: .notModified, headers: [.contentType: "text/html"]) }
        try await Application(router: router).test(.router, test)
    }

    static func page(_ bytes: Int, type: String = "text/html; charset=utf-8") -> Response {
        Response(
            status: .ok, headers: [.contentType: type],
            body: .init(byteBuffer: ByteBuffer(string: String(repeating: "a", count: bytes))))
    }

    @Test func pagesOf1KBOrMoreAreGzippedWhenAccepted() async throws {
        try await withPages { client in
            let response = try await client.execute(uri: "/large", method: .get, headers: Self.gzip)
            #expect(response.headers[.contentEncoding] == "gzip")
            #expect(response.headers[.vary] == "Accept-Encoding")
            #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            #expect(try Gunzip.decompress(response.body) == Array(repeating: UInt8(ascii: "a"), count: 1024))
        }
    }

    @Test func refusedGzipLeavesThePageButStillVaries() async throws {
        try await withPages { client in
            for header in ["gzip;q=0", "br", "identity"] {
                let response = try await client.execute(uri: "/large", method: .get, headers: [.acceptEncoding: header])
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.body.readableBytes == 1024)
            }
        }
    }

    @Test func smallPagesOtherTypesAnd304sAreLeftAlone() async throws {
        try await withPages { client in
            for uri in ["/small", "/json", "/unchanged"] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.gzip)
                #expect(response.headers[.contentEncoding] == nil, "\(uri)")
                #expect(response.headers[.vary] == nil, "\(uri)")
            }
        }
    }

    @Test func theAppsPagesAndErrorPagesAreGzipped() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.get("/")  // the session cookie first, so both pages render for the same shopper
            let plain = try await shopper.get("/")
            let gzipped = try await shopper.get("/", headers: Self.gzip)
            #expect(gzipped.status == .ok)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.headers[.vary] == "Accept-Encoding")
            #expect(gzipped.headers[.contentType] == "text/html; charset=utf-8")
            #expect(try Gunzip.decompress(gzipped.response.body) == [UInt8](plain.response.body.readableBytesView))

            let missing = try await shopper.get("/static/missing.css", headers: Self.gzip)
            #expect(missing.status == .notFound)
            #expect(missing.headers[.contentEncoding] == "gzip")
            #expect(
                String(decoding: try Gunzip.decompress(missing.response.body), as: UTF8.self).contains(
                    "There is no file at this address."))
        }
    }
}
