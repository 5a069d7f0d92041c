import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Pictures every instance can reach: kept in PostgreSQL, and on SQLite's one instance only on its disk.
@Suite struct SharedPicturesTests {
    let started = Date(timeIntervalSince1970: 1_750_000_000)

    /// `count` random bytes, as a picture whose every byte matters.
    private func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    ]

    @Test(arguments: StoreBackend.all) func keepBytesForgetAndUploadsRoundTrip(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pictures = stores.stores.pictures
            let blob = randomBytes(1024 * 1024)
            let withZeros: [UInt8] = [0, 0, 0xFF, 0, 0x27, 0x5C, 0, 0]
            try await pictures.keep(png, path: "uploads/small.png")
            clock.advance(by: 30)
            try await pictures.keep(blob, path: "uploads/large.jpg")
            try await pictures.keep(withZeros, path: "cache/zeros.gif")
            switch backend {
            case .postgres:
                #expect(try await pictures.bytes(at: "uploads/small.png") == png)
                let large = try #require(try await pictures.bytes(at: "uploads/large.jpg"))
                #expect(large.count == blob.count)
                #expect(large == blob)
                #expect(try await pictures.bytes(at: "cache/zeros.gif") == withZeros)
                #expect(try await pictures.bytes(at: "uploads/never.png") == nil)

                // Uploads only, each with when it was kept; a stored upstream picture is not an upload.
                let uploads = try await pictures.uploads().sorted { $0.path < $1.path }
                #expect(uploads.map(\.path) == ["uploads/large.jpg", "uploads/small.png"])
                #expect(uploads.map(\.keptAt) == [started.timeIntervalSince1970 + 30, started.timeIntervalSince1970])

                try await pictures.forget(["uploads/small.png", "cache/zeros.gif", "uploads/never.png"])
                try await pictures.forget([])
                #expect(try await pictures.bytes(at: "uploads/small.png") == nil)
                #expect(try await pictures.bytes(at: "cache/zeros.gif") == nil)
                #expect(try await pictures.bytes(at: "uploads/large.jpg") == blob)
                #expect(try await pictures.uploads().map(\.path) == ["uploads/large.jpg"])
                #expect(try await stores.rowCount("picture_files") == 1)
            case .sqlite:
                // One instance: its disk is the only copy, and nothing is kept twice.
                #expect(pictures is DiskOnlyPictures)
                #expect(try await pictures.bytes(at: "uploads/small.png") == nil)
                #expect(try await pictures.bytes(at: "uploads/large.jpg") == nil)
                #expect(try await pictures.uploads().isEmpty)
                try await pictures.forget(["uploads/small.png"])
                #expect(try await pictures.bytes(at: "uploads/small.png") == nil)
            }
        }
    }

    @Test(arguments: StoreBackend.all) func pictureStoreWritesTheDiskAndTheSharedCopy(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let images = try TestDirectories.fresh().appendingPathComponent("images")
            let store = try PictureStore(imagesDirectory: images, shared: stores.stores.pictures)
            let bytes = png + randomBytes(64 * 1024)
            let path = try await store.store(bytes, kind: .png)
            #expect(path.hasPrefix("uploads/") && path.hasSuffix(".png"))
            let file = images.appendingPathComponent(path)
            #expect(try Data(contentsOf: file) == Data(bytes))
            #expect(try await store.shared.bytes(at: path) == (backend == .postgres ? bytes : nil))

            // Another upload gets another name.
            let second = try await store.store(bytes, kind: .jpeg)
            #expect(second != path && second.hasSuffix(".jpg"))

            await store.delete(path)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try await store.shared.bytes(at: path) == nil)
            #expect(FileManager.default.fileExists(atPath: images.appendingPathComponent(second).path))
            // Paths of other sources are left alone.
            let bundled = images.appendingPathComponent("cache/kept.jpg")
            try FileManager.default.createDirectory(
                at: bundled.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(png).write(to: bundled)
            await store.delete("cache/kept.jpg")
            await store.delete("uploads/../cache/kept.jpg")
            #expect(FileManager.default.fileExists(atPath: bundled.path))
        }
    }

    @Test(arguments: StoreBackend.all) func deleteUnusedRemovesOnlyUnusedOldUploads(backend: StoreBackend) async throws
    {
        // Files get their real modification time, so the test's clock starts an hour back and old files are dated so.
        let hourAgo = Date().addingTimeInterval(-3600).rounded()
        let clock = TestClock(hourAgo)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let images = try TestDirectories.fresh().appendingPathComponent("images")
            let store = try PictureStore(imagesDirectory: images, shared: stores.stores.pictures)
            let used = try await store.store(png + [1], kind: .png)
            let unused = try await store.store(png + [2], kind: .png)
            for path in [used, unused] {
                try FileManager.default.setAttributes(
                    [.modificationDate: hourAgo], ofItemAtPath: images.appendingPathComponent(path).path)
            }
            // Uploads another instance kept, of which this instance's disk has no copy.
            try await stores.stores.pictures.keep(png + [4], path: "uploads/elsewhere-unused.png")
            try await stores.stores.pictures.keep(png + [5], path: "uploads/elsewhere-used.png")
            clock.advance(by: 3600)
            let young = try await store.store(png + [3], kind: .png)
            // Dated by the test's clock, not the machine's: a slow run must not age it past the grace.
            try FileManager.default.setAttributes(
                [.modificationDate: clock.now], ofItemAtPath: images.appendingPathComponent(young).path)

            let deleted = await store.deleteUnused(
                keeping: [used, "uploads/elsewhere-used.png", "cache/other.jpg"], grace: 600, now: clock.now)
            #expect(deleted == 1)
            #expect(!FileManager.default.fileExists(atPath: images.appendingPathComponent(unused).path))
            #expect(FileManager.default.fileExists(atPath: images.appendingPathComponent(used).path))
            #expect(FileManager.default.fileExists(atPath: images.appendingPathComponent(young).path))
            let shared = stores.stores.pictures
            #expect(try await shared.bytes(at: unused) == nil)
            switch backend {
            case .postgres:
                #expect(try await shared.bytes(at: used) == png + [1])
                #expect(try await shared.bytes(at: young) == png + [3])
                #expect(Set(try await shared.uploads().map(\.path)) == [used, young, "uploads/elsewhere-used.png"])
                #expect(try await shared.bytes(at: "uploads/elsewhere-unused.png") == nil)
                #expect(try await shared.bytes(at: "uploads/elsewhere-used.png") == png + [5])
            case .sqlite:
                #expect(try await shared.uploads().isEmpty)
            }

            // Once the young one is old enough and still unused, it goes too; the used one never does.
            let later = await store.deleteUnused(keeping: [used], grace: 600, now: clock.now.addingTimeInterval(700))
            #expect(later == 1)
            #expect(!FileManager.default.fileExists(atPath: images.appendingPathComponent(young).path))
            #expect(FileManager.default.fileExists(atPath: images.appendingPathComponent(used).path))
            #expect(try await shared.bytes(at: young) == nil)
            #expect(try await shared.bytes(at: used) == (backend == .postgres ? png + [1] : nil))
        }
    }
}

extension Date {
    /// This date to the whole second, so a file's modification time (kept to the second or finer) matches it.
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
