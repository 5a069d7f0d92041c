import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartWire
import Testing

@testable import RecipeCart
@testable import RecipeCartStaticFiles

@Suite struct StaticFilePathTests {
    @Test(arguments: [
        "../etc/passwd", "..\\etc\\passwd", "%2e%2e%2fetc%2fpasswd", "..%2fetc%2fpasswd", "%c0%ae%c0%ae%c0%af",
        "a/../../etc/passwd", "x.svg%00.gz", "%00", "x.svg%00", "a/./b.css", "%zz.css", "%2", "dir%5c..%5cx",
    ])
    func malformedPathsAreRejected(_ encoded: String) {
        #expect(throws: StaticFilePath.Rejection.malformed) { try StaticFilePath(urlEncoded: encoded[...]) }
    }

    @Test(arguments: [
        "", "dir/", "a//b.css", ".hidden", "dir/.git/config", "app.css.gz", "x.SVG.GZ", "....//x", "..;/x.css", "..;",
    ])
    func foldersHiddenFilesAndTwinsAreNotServed(_ encoded: String) {
        #expect(throws: StaticFilePath.Rejection.notServed) { try StaticFilePath(urlEncoded: encoded[...]) }
    }

    @Test func encodedTextIsDecodedOnceOnly() throws {
        // `%252e` is a literal `%2e` in a name, never a dot.
        let path = try StaticFilePath(urlEncoded: "%252e%252e%252fetc%252fpasswd")
        #expect(path.value == "%2e%2e%2fetc%2fpasswd")
    }

    @Test func ordinaryNamesPass() throws {
        #expect(try StaticFilePath(urlEncoded: "icons/caf%C3%A9.svg").value == "icons/café.svg")
        #expect(try StaticFilePath(urlEncoded: "app.css").fileExtension == "css")
        #expect(try StaticFilePath(urlEncoded: "v1.0/README").fileExtension == "")
    }
}

@Suite struct AcceptEncodingTests {
    @Test(
        arguments: [
            ("gzip", ContentCoding.gzip),
            ("gzip, deflate, br", .gzip),
            ("GZIP;Q=0.5", .gzip),
            ("x-gzip", .gzip),
            ("*", .gzip),
            ("deflate, br", .identity),
            ("", .identity),
            ("gzip;q=0", .identity),
            ("gzip;q=0, *", .identity),
            ("*;q=0.5, identity;q=1", .identity),
            ("gzip;q=0.4, identity;q=0.5", .identity),
            ("gzip;q=0.5, identity;q=0.5", .gzip),
            ("identity;q=0, gzip", .gzip),
            ("*;q=0, gzip", .gzip),
            ("gzip;q=2", .identity),
            ("gzip;q=abc", .identity),
            ("  gzip ; q=0.8 ", .gzip),
        ] as [(String, ContentCoding)])
    func negotiatesPerRFC9110(_ header: String, _ expected: ContentCoding) {
        #expect(AcceptEncoding(header).preferred(gzipAvailable: true) == expected)
    }

    @Test func noHeaderMeansIdentity() {
        #expect(AcceptEncoding(HTTPFields()).preferred(gzipAvailable: true) == .identity)
    }

    @Test(arguments: [
        ("identity;q=0", false), ("*;q=0", false), ("*;q=0", true), ("gzip;q=0, identity;q=0", true),
        ("br, identity;q=0", true),
    ])
    func refusingEveryAvailableCodingLeavesNone(_ header: String, _ gzipAvailable: Bool) {
        #expect(AcceptEncoding(header).preferred(gzipAvailable: gzipAvailable) == nil)
    }

    @Test func withoutAGzipVariantIdentityIsChosen() {
        #expect(AcceptEncoding("gzip").preferred(gzipAvailable: false) == .identity)
        #expect(AcceptEncoding("gzip, identity;q=0").preferred(gzipAvailable: false) == nil)
    }
}

@Suite struct ByteRangeTests {
    @Test(
        arguments: [
            ("bytes=0-9", ByteRange.part(0...9)),
            ("bytes=10-", .part(10...99)),
            ("bytes=-10", .part(90...99)),
            ("bytes=-500", .part(0...99)),
            ("bytes=90-500", .part(90...99)),
            ("bytes=100-", .unsatisfiable),
            ("bytes=100-200", .unsatisfiable),
            ("bytes=-0", .unsatisfiable),
            ("bytes=5-2", .whole),
            ("bytes=0-1,5-6", .whole),
            ("bytes=+1-2", .whole),
            ("items=0-9", .whole),
            ("bytes=abc", .whole),
        ] as [(String, ByteRange)])
    func parsesOneRange(_ header: String, _ expected: ByteRange) {
        #expect(ByteRange(header: header, length: 100) == expected)
    }

    @Test func noHeaderOrAnEmptyFileIsWhole() {
        #expect(ByteRange(header: nil, length: 100) == .whole)
        #expect(ByteRange(header: "bytes=0-0", length: 0) == .whole)
    }
}

@Suite struct ConditionalRequestTests {
    let tag = "\"17f-2a\""

    @Test(arguments: ["\"17f-2a\"", "W/\"17f-2a\"", "\"other\", \"17f-2a\"", "*"])
    func matchingIfNoneMatchIsNotModified(_ header: String) {
        #expect(ConditionalRequest(headers: [.ifNoneMatch: header]).isNotModified(entityTag: tag, modifiedSeconds: 0))
    }

    @Test func otherVariantsTagDoesNotMatch() {
        let request = ConditionalRequest(headers: [.ifNoneMatch: "\"17f-2a-gz\""])
        #expect(!request.isNotModified(entityTag: tag, modifiedSeconds: 0))
    }

    @Test func ifModifiedSinceIsUsedOnlyWithoutIfNoneMatch() {
        let since = HTTPDate.string(fromSeconds: 1_700_000_000)
        #expect(
            ConditionalRequest(headers: [.ifModifiedSince: since]).isNotModified(
                entityTag: tag, modifiedSeconds: 1_700_000_000))
        #expect(
            !ConditionalRequest(headers: [.ifModifiedSince: since]).isNotModified(
                entityTag: tag, modifiedSeconds: 1_700_000_001))
        let both: HTTPFields = [.ifModifiedSince: since, .ifNoneMatch: "\"stale\""]
        #expect(!ConditionalRequest(headers: both).isNotModified(entityTag: tag, modifiedSeconds: 1_700_000_000))
        #expect(
            !ConditionalRequest(headers: [.ifModifiedSince: "yesterday"]).isNotModified(
                entityTag: tag, modifiedSeconds: 0))
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.string(fromSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    }

    @Test func ifRangeNeedsAnExactValidator() {
        let modified = HTTPDate.string(fromSeconds: 0)
        #expect(ConditionalRequest(headers: [:]).allowsRange(entityTag: tag, lastModified: modified))
        #expect(ConditionalRequest(headers: [.ifRange: tag]).allowsRange(entityTag: tag, lastModified: modified))
        #expect(ConditionalRequest(headers: [.ifRange: modified]).allowsRange(entityTag: tag, lastModified: modified))
        #expect(
            !ConditionalRequest(headers: [.ifRange: "W/\(tag)"]).allowsRange(entityTag: tag, lastModified: modified))
        #expect(!ConditionalRequest(headers: [.ifRange: "\"old\""]).allowsRange(entityTag: tag, lastModified: modified))
    }
}

@Suite struct FingerprintTests {
    @Test func namesAndSplitsFingerprintedPaths() throws {
        #expect(Fingerprint.name("app.css", with: "3f9c1a2b") == "app.3f9c1a2b.css")
        #expect(Fingerprint.name("icons/logo.svg", with: "00ff00ff") == "icons/logo.00ff00ff.svg")
        let split = try #require(Fingerprint.split(try StaticFilePath("icons/logo.00ff00ff.svg")))
        #expect(split.plain.value == "icons/logo.svg")
        #expect(split.fingerprint == "00ff00ff")
    }

    @Test(arguments: ["app.css", "app.3F9C1A2B.css", "app.3f9c1a.css", "jquery.min.js", "v1.2/app.css"])
    func namesWithoutAFingerprintAreLeftAlone(_ name: String) throws {
        #expect(Fingerprint.split(try StaticFilePath(name)) == nil)
    }
}
