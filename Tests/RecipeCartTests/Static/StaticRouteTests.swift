import Foundation
import HTTPTypes
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart
@testable import RecipeCartServices
@testable import RecipeCartStaticFiles

/// The static roots through the whole app: headers, payloads, and what must never be served.
@Suite struct StaticRouteTests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]
    static let publicCSS = TestEnvironment.packageRoot.appendingPathComponent("Public/app.css")
    static let bundledSVG = BundledCatalog.defaultDirectory.appendingPathComponent("images/bundled-1.svg")

    static func bytes(of file: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: file)) }

    static func svg(_ label: String, bytes: Int = 3000) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">"
        var index = 0
        while svg.utf8.count < bytes {
            svg += "<circle cx=\"\(index % 100)\" cy=\"50\" r=\"4\" fill=\"#\(label)\"/>"
            index += 1
        }
        return svg + "</svg>"
    }

    // MARK: What is served, with which headers

    @Test func thePlainNameIsServedWithAShortMaxAge() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/static/app.css")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/css")
            #expect(page.headers[.cacheControl] == "public, max-age=300")
            #expect(page.headers[.contentEncoding] == nil)
            #expect(page.headers[.vary] == "Accept-Encoding")
            #expect(page.headers[.acceptRanges] == "bytes")
            #expect(page.headers[.lastModified] != nil)
            #expect(page.headers[.eTag]?.hasPrefix("\"") == true)
            #expect([UInt8](page.response.body.readableBytesView) == (try Self.bytes(of: Self.publicCSS)))
            #expect(page.headers[.contentLength] == String(try Self.bytes(of: Self.publicCSS).count))
        }
    }

    @Test func pagesLinkTheFingerprintedStylesheetWhichIsImmutable() async throws {
        try await TestEnvironment().withShopper { shopper in
            let home = try await shopper.get("/")
            let url = try #require(home.firstMatch(#"<link rel="stylesheet" href="(/static/app\.[0-9a-f]{8}\.css)">"#))
            let css = try await shopper.get(url)
            #expect(css.status == .ok)
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect([UInt8](css.response.body.readableBytesView) == (try Self.bytes(of: Self.publicCSS)))
            let gzipped = try await shopper.get(url, headers: Self.gzip)
            #expect(gzipped.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(try Gunzip.decompress(gzipped.response.body) == (try Self.bytes(of: Self.publicCSS)))
        }
    }

    @Test func anOutdatedFingerprintGetsTheCurrentFileButOnlyBriefly() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/static/app.00000000.css")
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "public, max-age=300")
            #expect([UInt8](page.response.body.readableBytesView) == (try Self.bytes(of: Self.publicCSS)))
        }
    }

    @Test func gzipIsServedFromTheTwinWithItsOwnETag() async throws {
        try await TestEnvironment().withShopper { shopper in
            let plain = try await shopper.get("/static/app.css")
            let gzipped = try await shopper.get("/static/app.css", headers: Self.gzip)
            #expect(gzipped.status == .ok)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.headers[.contentType] == "text/css")
            #expect(gzipped.headers[.vary] == "Accept-Encoding")
            #expect(gzipped.headers[.acceptRanges] == nil)
            #expect(gzipped.headers[.contentLength] == String(gzipped.response.body.readableBytes))
            #expect(gzipped.response.body.readableBytes < plain.response.body.readableBytes)
            let plainTag = try #require(plain.headers[.eTag])
            let gzipTag = try #require(gzipped.headers[.eTag])
            #expect(plainTag != gzipTag)
            #expect(try Gunzip.decompress(gzipped.response.body) == (try Self.bytes(of: Self.publicCSS)))
        }
    }

    @Test(
        arguments: [
            ("gzip", "gzip"), ("x-gzip", "gzip"), ("*", "gzip"), ("gzip;q=0.1", "gzip"), ("identity;q=0, gzip", "gzip"),
            ("gzip;q=0", nil), ("gzip;q=0, *", nil), ("br", nil), ("", nil), ("gzip;q=0.4, identity;q=0.5", nil),
        ] as [(String, String?)])
    func acceptEncodingIsHonouredWithQValues(_ header: String, _ encoding: String?) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/static/app.css", headers: [.acceptEncoding: header])
            #expect(page.status == .ok)
            #expect(page.headers[.contentEncoding] == encoding)
            #expect(page.headers[.vary] == "Accept-Encoding")
            let body =
                encoding == nil
                ? [UInt8](page.response.body.readableBytesView) : try Gunzip.decompress(page.response.body)
            #expect(body == (try Self.bytes(of: Self.publicCSS)))
        }
    }

    @Test(arguments: ["gzip;q=0, identity;q=0", "*;q=0", "br, identity;q=0, gzip;q=0"])
    func refusingBothVariantsIs406(_ header: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/static/app.css", headers: [.acceptEncoding: header])
            #expect(page.status == .notAcceptable)
            #expect(page.headers[.vary] == "Accept-Encoding")
            #expect(page.headers[.contentEncoding] == nil)
        }
    }

    @Test func ifNoneMatchGets304PerVariant() async throws {
        try await TestEnvironment().withShopper { shopper in
            let plainTag = try #require(try await shopper.get("/static/app.css").headers[.eTag])
            let gzipTag = try #require(try await shopper.get("/static/app.css", headers: Self.gzip).headers[.eTag])

            let plain304 = try await shopper.get("/static/app.css", headers: [.ifNoneMatch: plainTag])
            #expect(plain304.status == .notModified)
            #expect(plain304.response.body.readableBytes == 0)
            #expect(plain304.headers[.eTag] == plainTag)
            #expect(plain304.headers[.vary] == "Accept-Encoding")
            #expect(plain304.headers[.cacheControl] == "public, max-age=300")

            var headers = Self.gzip
            headers[.ifNoneMatch] = gzipTag
            let gzip304 = try await shopper.get("/static/app.css", headers: headers)
            #expect(gzip304.status == .notModified)
            #expect(gzip304.headers[.eTag] == gzipTag)
            #expect(gzip304.headers[.contentEncoding] == "gzip")

            // The gzip variant's tag does not validate the identity variant, nor the other way round.
            #expect(try await shopper.get("/static/app.css", headers: [.ifNoneMatch: gzipTag]).status == .ok)
            headers[.ifNoneMatch] = plainTag
            #expect(try await shopper.get("/static/app.css", headers: headers).status == .ok)
            #expect(
                try await shopper.get("/static/app.css", headers: [.ifNoneMatch: "\"other\", \(plainTag)"]).status
                    == .notModified)
        }
    }

    @Test func ifModifiedSinceGets304() async throws {
        try await TestEnvironment().withShopper { shopper in
            let lastModified = try #require(try await shopper.get("/static/app.css").headers[.lastModified])
            #expect(
                try await shopper.get("/static/app.css", headers: [.ifModifiedSince: lastModified]).status
                    == .notModified)
            let past = HTTPDate.string(fromSeconds: 0)
            #expect(try await shopper.get("/static/app.css", headers: [.ifModifiedSince: past]).status == .ok)
        }
    }

    @Test func headHasGetsHeadersWithoutTheBody() async throws {
        try await TestEnvironment().withShopper { shopper in
            for headers in [HTTPFields(), Self.gzip] {
                let get = try await shopper.get("/static/app.css", headers: headers)
                let head = try await shopper.send("/static/app.css", method: .head, headers: headers, body: nil)
                #expect(head.status == .ok)
                #expect(head.response.body.readableBytes == 0)
                for name in [HTTPField.Name.contentLength, .contentType, .contentEncoding, .eTag, .vary, .cacheControl]
                {
                    #expect(head.headers[name] == get.headers[name])
                }
            }
        }
    }

    @Test func rangesApplyToTheIdentityVariant() async throws {
        try await TestEnvironment().withShopper { shopper in
            let css = try Self.bytes(of: Self.publicCSS)
            let first = try await shopper.get("/static/app.css", headers: [.range: "bytes=0-99"])
            #expect(first.status == .partialContent)
            #expect(first.headers[.contentRange] == "bytes 0-99/\(css.count)")
            #expect(first.headers[.contentLength] == "100")
            #expect([UInt8](first.response.body.readableBytesView) == Array(css[0..<100]))

            let last = try await shopper.get("/static/app.css", headers: [.range: "bytes=-10"])
            #expect(last.status == .partialContent)
            #expect([UInt8](last.response.body.readableBytesView) == Array(css.suffix(10)))

            let beyond = try await shopper.get("/static/app.css", headers: [.range: "bytes=\(css.count)-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(css.count)")

            // Gzip is sent whole: a range of compressed bytes is no use to anyone.
            let gzipped = try await shopper.get(
                "/static/app.css", headers: [.range: "bytes=0-99", .acceptEncoding: "gzip"])
            #expect(gzipped.status == .ok)
            #expect(try Gunzip.decompress(gzipped.response.body) == css)

            // A changed file (another validator in If-Range) gets the whole file.
            let stale = try await shopper.get("/static/app.css", headers: [.range: "bytes=0-99", .ifRange: "\"old\""])
            #expect(stale.status == .ok)
            #expect(stale.response.body.readableBytes == css.count)
            let tag = try #require(first.headers[.eTag])
            #expect(
                try await shopper.get("/static/app.css", headers: [.range: "bytes=0-99", .ifRange: tag]).status
                    == .partialContent)
        }
    }

    @Test func bundledImagesHaveALongMaxAgeAnETagAndAGzipVariant() async throws {
        try await TestEnvironment().withShopper { shopper in
            let original = try Self.bytes(of: Self.bundledSVG)
            let plain = try await shopper.get("/images/bundled/bundled-1.svg")
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentType] == "image/svg+xml")
            #expect(plain.headers[.cacheControl] == "public, max-age=2592000")
            #expect(plain.headers[.eTag] != nil)
            #expect([UInt8](plain.response.body.readableBytesView) == original)
            let gzipped = try await shopper.get("/images/bundled/bundled-1.svg", headers: Self.gzip)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.headers[.contentType] == "image/svg+xml")
            #expect(try Gunzip.decompress(gzipped.response.body) == original)
        }
    }

    @Test func theImageFoldersAreMadeAtStartAndServed() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            let cache = environment.dataDirectory.appendingPathComponent("images/cache")
            let uploads = environment.dataDirectory.appendingPathComponent("images/uploads")
            let svg = Self.svg("c33")
            try Data(svg.utf8).write(to: cache.appendingPathComponent("meal.svg"))
            try GzipTwin.refresh(for: cache.appendingPathComponent("meal.svg"))
            #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("meal.svg.gz").path))
            let gzipped = try await shopper.get("/images/cache/meal.svg", headers: Self.gzip)
            #expect(gzipped.status == .ok)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(try Gunzip.decompress(gzipped.response.body) == Array(svg.utf8))

            let photo = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) })
            try photo.write(to: uploads.appendingPathComponent("pie.jpg"))
            let upload = try await shopper.get("/images/uploads/pie.jpg", headers: Self.gzip)
            #expect(upload.status == .ok)
            #expect(upload.headers[.contentType] == "image/jpeg")
            #expect(upload.headers[.cacheControl] == "public, max-age=2592000")
            #expect(upload.headers[.eTag] != nil)
            #expect(Data(upload.response.body.readableBytesView) == photo)
        }
    }

    @Test(arguments: ["jpg", "jpeg", "png", "webp", "gif"])
    func compressedImageTypesAreNeverGzipped(_ fileExtension: String) async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            let cache = environment.dataDirectory.appendingPathComponent("images/cache")
            let image = Data(String(repeating: "a", count: 4000).utf8)
            try image.write(to: cache.appendingPathComponent("x.\(fileExtension)"))
            // Even a twin left beside it is not used.
            try Data(try GzipTwin.compress(ByteBuffer(data: image)).readableBytesView).write(
                to: cache.appendingPathComponent("x.\(fileExtension).gz"))
            let page = try await shopper.get("/images/cache/x.\(fileExtension)", headers: Self.gzip)
            #expect(page.status == .ok)
            #expect(page.headers[.contentEncoding] == nil)
            #expect(page.headers[.vary] == nil)
            #expect(page.headers[.contentType]?.hasPrefix("image/") == true)
            #expect(Data(page.response.body.readableBytesView) == image)
        }
    }

    @Test func aFileChangedOnDiskIsServedFreshInBothVariants() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            let file = environment.dataDirectory.appendingPathComponent("images/cache/meal.svg")
            try Data(Self.svg("111").utf8).write(to: file)
            #expect(
                try Gunzip.decompress(try await shopper.get("/images/cache/meal.svg", headers: Self.gzip).response.body)
                    == Array(Self.svg("111").utf8))
            // Same length, new content; the twin beside it is now stale and must not be served.
            try Data(Self.svg("222").utf8).write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file.path)
            let gzipped = try await shopper.get("/images/cache/meal.svg", headers: Self.gzip)
            #expect(try Gunzip.decompress(gzipped.response.body) == Array(Self.svg("222").utf8))
            let plain = try await shopper.get("/images/cache/meal.svg")
            #expect([UInt8](plain.response.body.readableBytesView) == Array(Self.svg("222").utf8))
        }
    }

    @Test func aStaleOrForeignTwinIsNeverServed() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            let cache = environment.dataDirectory.appendingPathComponent("images/cache")
            let svg = Self.svg("abc")
            try Data(svg.utf8).write(to: cache.appendingPathComponent("old.svg"))
            let foreign = try GzipTwin.compress(ByteBuffer(string: Self.svg("def", bytes: 5000)))
            try Data(foreign.readableBytesView).write(to: cache.appendingPathComponent("old.svg.gz"))
            let page = try await shopper.get("/images/cache/old.svg", headers: Self.gzip)
            #expect(try Gunzip.decompress(page.response.body) == Array(svg.utf8))
        }
    }

    // MARK: What is never served

    @Test(arguments: [
        "/static/../Package.swift", "/static/../../../../etc/passwd", "/static/..\\..\\..\\etc\\passwd",
        "/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/static/..%2f..%2f..%2fetc%2fpasswd",
        "/static/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
        "/static/%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd",
        "/static/....//....//....//etc/passwd", "/static/..;/..;/..;/etc/passwd", "/etc/passwd", "////../../etc/passwd",
        "/static////../../etc/passwd", "/static/%00", "/static/app.css%00", "/static/app.css%00.gz",
        "/images/cache/x.svg%00.gz",
        "/images/bundled/../../../../../../etc/passwd", "/images/cache/..%2f..%2f..%2fdatabase.sqlite",
        "/images/uploads/%2e%2e/%2e%2e/secret",
    ])
    func pathsOutOfTheRootsAreRefused(_ path: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get(path)
            #expect(page.status == .badRequest || page.status == .notFound, "\(path) answered \(page.status)")
            #expect(!page.html.contains("root:"))
            #expect(!page.html.contains("PackageDescription"))
        }
    }

    @Test func twinsAreNotAddressable() async throws {
        try await TestEnvironment().withShopper { shopper in
            let css = try await shopper.get("/static/app.css")
            #expect(css.status == .ok)
            #expect(FileManager.default.fileExists(atPath: Self.publicCSS.path + ".gz"))
            #expect(try await shopper.get("/static/app.css.gz").status == .notFound)
            #expect(try await shopper.get("/static/app.css.GZ", headers: Self.gzip).status == .notFound)
        }
    }

    @Test func symlinksOutOfARootAreNotFollowed() async throws {
        let environment = try TestEnvironment()
        let outside = try ScratchFolder()
        let secret = try outside.write("secret.svg", Self.svg("f00"))
        try await environment.withShopper { shopper in
            let cache = environment.dataDirectory.appendingPathComponent("images/cache")
            try FileManager.default.createSymbolicLink(
                atPath: cache.appendingPathComponent("leak.svg").path, withDestinationPath: secret.path)
            try FileManager.default.createSymbolicLink(
                atPath: cache.appendingPathComponent("dir").path, withDestinationPath: outside.path)
            for path in ["/images/cache/leak.svg", "/images/cache/dir/secret.svg"] {
                #expect(try await shopper.get(path).status == .notFound)
                #expect(try await shopper.get(path, headers: Self.gzip).status == .notFound)
            }
        }
    }

    @Test func aFileWhoseTwinLeadsOutOfTheRootIsRefused() async throws {
        let environment = try TestEnvironment()
        let outside = try ScratchFolder()
        let secret = try outside.write("secret.gz", "not for you")
        try await environment.withShopper { shopper in
            let cache = environment.dataDirectory.appendingPathComponent("images/cache")
            try Data(Self.svg("0f0").utf8).write(to: cache.appendingPathComponent("x.svg"))
            try FileManager.default.createSymbolicLink(
                atPath: cache.appendingPathComponent("x.svg.gz").path, withDestinationPath: secret.path)
            #expect(try await shopper.get("/images/cache/x.svg", headers: Self.gzip).status == .notFound)
            #expect(try await shopper.get("/images/cache/x.svg").status == .notFound)
            #expect(try outside.read("secret.gz") == Array("not for you".utf8))
        }
    }

    @Test(arguments: [
        "/static/", "/static", "/images/", "/images/cache/", "/images/bundled/", "/static/missing.css",
        "/images/cache/nothing.png",
    ])
    func foldersAndMissingFilesAre404Pages(_ path: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get(path)
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func onlyGetAndHeadAreAllowed(_ method: HTTPRequest.Method) async throws {
        try await TestEnvironment().withShopper { shopper in
            for path in ["/static/app.css", "/images/bundled/bundled-1.svg", "/static/missing.css"] {
                let page = try await shopper.send(path, method: method, body: nil)
                #expect(page.status == .methodNotAllowed)
                #expect(page.headers[.allow] == "GET, HEAD")
            }
        }
    }
}
