import Foundation
import NIOCore
import RecipeCartDomain
import Testing

@testable import RecipeCart
@testable import RecipeCartStaticFiles

@Suite struct GzipTwinTests {
    @Test func startMakesTwinsForCompressibleFilesOnly() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS())
        try folder.write(
            "icons/logo.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: 200) + "</svg>")
        try folder.write("photo.png", String(repeating: "x", count: 2000))
        try folder.write(".private.css", sampleCSS())
        #expect(GzipTwin.refreshAll(under: folder.path) == 0)
        #expect(folder.exists("app.css.gz"))
        #expect(folder.exists("icons/logo.svg.gz"))
        #expect(!folder.exists("photo.png.gz"))
        #expect(!folder.exists(".private.css.gz"))
        let twin = ByteBuffer(bytes: try folder.read("app.css.gz"))
        #expect(try Gunzip.decompress(twin) == (try folder.read("app.css")))
    }

    @Test func aTwinOlderThanItsOriginalIsRemade() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS())
        GzipTwin.refreshAll(under: folder.path)
        try folder.write("app.css", sampleCSS(bytes: 5000), modified: Date().addingTimeInterval(60))
        GzipTwin.refreshAll(under: folder.path)
        #expect(try Gunzip.decompress(ByteBuffer(bytes: try folder.read("app.css.gz"))) == (try folder.read("app.css")))
    }

    @Test func aTwinOfTheWrongSizeIsRemadeEvenWhenNewer() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS(), modified: Date().addingTimeInterval(-60))
        // A newer twin of other content: its trailer records another length.
        let other = try GzipTwin.compress(ByteBuffer(string: sampleCSS(bytes: 4000)))
        try Data(other.readableBytesView).write(to: folder.url.appendingPathComponent("app.css.gz"))
        GzipTwin.refreshAll(under: folder.path)
        #expect(try Gunzip.decompress(ByteBuffer(bytes: try folder.read("app.css.gz"))) == (try folder.read("app.css")))
    }

    @Test func aFreshTwinIsLeftAsItIs() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS(), modified: Date().addingTimeInterval(-60))
        GzipTwin.refreshAll(under: folder.path)
        let before = FileStamp(path: folder.url.appendingPathComponent("app.css.gz").path)
        GzipTwin.refreshAll(under: folder.path)
        #expect(FileStamp(path: folder.url.appendingPathComponent("app.css.gz").path) == before)
    }

    @Test func theImageCacheHookMakesTwinsForSVGAndSkipsPhotos() throws {
        let folder = try ScratchFolder()
        let svg = try folder.write(
            "abc.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: 200) + "</svg>")
        let jpeg = try folder.write("abc.jpg", String(repeating: "j", count: 2000))
        try GzipTwin.refresh(for: svg)
        try GzipTwin.refresh(for: jpeg)
        #expect(folder.exists("abc.svg.gz"))
        #expect(!folder.exists("abc.jpg.gz"))
        #expect(throws: GzipTwin.RefreshError.self) {
            try GzipTwin.refresh(for: folder.url.appendingPathComponent("gone.svg"))
        }
    }

    @Test func startNeverWritesOutsideTheRoot() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        try outside.write("theirs.css", sampleCSS())
        try folder.symlink("linked", to: outside.path)
        try folder.symlink("linked.css", to: outside.url.appendingPathComponent("theirs.css").path)
        GzipTwin.refreshAll(under: folder.path)
        #expect(!outside.exists("theirs.css.gz"))
        #expect(!folder.exists("linked.css.gz"))
    }

    @Test func aSymlinkedTwinIsNeitherWrittenThroughNorServed() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        let secret = try outside.write("secret.txt", "do not touch")
        try folder.write(
            "x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: 200) + "</svg>")
        try folder.symlink("x.svg.gz", to: secret.path)
        GzipTwin.refreshAll(under: folder.path)
        #expect(try outside.read("secret.txt") == Array("do not touch".utf8))
        #expect(throws: GzipTwin.TamperedTwin.self) {
            try StaticFile.load(
                realPath: folder.url.appendingPathComponent("x.svg").path, fileExtension: "svg", memoryLimit: 1 << 20)
        }
    }
}

@Suite struct StaticFileCacheTests {
    func files(in folder: ScratchFolder, budget: Int = 1 << 20) -> StaticFiles {
        StaticFiles(
            roots: [StaticRoot(urlPrefix: "/static/", directory: folder.url, caching: .assets)], cacheBudget: budget)
    }

    func lookup(_ name: String, in files: StaticFiles) throws -> StaticFile? {
        try files.lookup(try StaticFilePath(name), in: files.roots[0])?.file
    }

    @Test func bothVariantsAreHeldInMemory() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS())
        let files = files(in: folder)
        let file = try #require(try lookup("app.css", in: files))
        #expect(file.isInMemory)
        guard case .memory(let gzip)? = file.gzip?.body else {
            Issue.record("no gzip variant in memory")
            return
        }
        #expect(try Gunzip.decompress(gzip) == (try folder.read("app.css")))
        #expect(files.cache.byteCount == file.memoryCost)
    }

    @Test func aChangedFileIsNoticedOnTheNextRequest() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS(), modified: Date().addingTimeInterval(-60))
        let files = files(in: folder)
        let first = try #require(try lookup("app.css", in: files))
        try folder.write("app.css", sampleCSS(bytes: 4000))
        let second = try #require(try lookup("app.css", in: files))
        #expect(second.stamp != first.stamp)
        #expect(second.fingerprint != first.fingerprint)
        guard case .memory(let gzip)? = second.gzip?.body else {
            Issue.record("no gzip variant in memory")
            return
        }
        #expect(try Gunzip.decompress(gzip) == (try folder.read("app.css")))
    }

    @Test func aDeletedFileIsGone() throws {
        let folder = try ScratchFolder()
        try folder.write("app.css", sampleCSS())
        let files = files(in: folder)
        #expect(try lookup("app.css", in: files) != nil)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("app.css"))
        #expect(try lookup("app.css", in: files) == nil)
        #expect(files.cache.byteCount == 0)
    }

    @Test func theBudgetIsKeptByDroppingTheLeastRecentlyUsed() throws {
        let folder = try ScratchFolder()
        for index in 0..<20 { try folder.write("photo-\(index).png", String(repeating: "p", count: 1000)) }
        let files = files(in: folder, budget: 5000)
        for index in 0..<20 { _ = try lookup("photo-\(index).png", in: files) }
        #expect(files.cache.byteCount <= 5000)
        #expect(files.cache.byteCount > 0)
        // The newest stays; the oldest went.
        #expect(files.cache.file(for: .init(rootPrefix: "/static/", path: try StaticFilePath("photo-19.png"))) != nil)
        #expect(files.cache.file(for: .init(rootPrefix: "/static/", path: try StaticFilePath("photo-0.png"))) == nil)
    }

    @Test func aFileTooBigForTheCacheIsStreamedWithItsTwinFromDisk() throws {
        let folder = try ScratchFolder()
        try folder.write("big.css", sampleCSS(bytes: 4000))
        GzipTwin.refreshAll(under: folder.path)
        let files = files(in: folder, budget: 4000)
        let file = try #require(try lookup("big.css", in: files))
        #expect(!file.isInMemory)
        #expect(file.fingerprint == nil)
        guard case .disk(let twin)? = file.gzip?.body else {
            Issue.record("no gzip twin on disk")
            return
        }
        #expect(twin.hasSuffix("/big.css.gz"))
        #expect(files.cache.byteCount == 0)
    }

    @Test func aSymlinkOutOfTheRootIsNotFound() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        let secret = try outside.write("secret.css", sampleCSS())
        try folder.symlink("leak.css", to: secret.path)
        try folder.symlink("dir", to: outside.path)
        let files = files(in: folder)
        #expect(try lookup("leak.css", in: files) == nil)
        #expect(try lookup("dir/secret.css", in: files) == nil)
    }
}
