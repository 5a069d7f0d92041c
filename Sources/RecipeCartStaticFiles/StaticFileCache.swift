import Foundation

/// Recently served files, both variants in memory, within a byte budget.
///
/// A hit reads no file; it costs one `stat` of the real path, which is how a file changed on disk
/// is noticed on the very next request (see Benchmarks/README.md for what that stat costs).
/// When the budget is exceeded the least recently used files go, down to 90% so that a burst of
/// new files does not evict on every insert.
final class StaticFileCache: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        let rootPrefix: String
        let path: StaticFilePath
    }

    private struct Entry {
        let file: StaticFile
        var lastUsed: UInt64
    }

    /// Total bytes of both variants the cache may hold.
    let budget: Int
    /// A file above this stays on disk, so a few big files cannot push out all the small ones.
    var largestCachedFile: Int { budget / 4 }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var usedBytes = 0
    private var tick: UInt64 = 0

    init(budget: Int) {
        self.budget = max(budget, 0)
    }

    var byteCount: Int { lock.withLock { usedBytes } }

    /// The cached file when it is still what is on disk; a changed or vanished file is dropped.
    func file(for key: Key) -> StaticFile? {
        let cached: StaticFile? = lock.withLock {
            guard let index = entries.index(forKey: key) else { return nil }
            tick += 1
            entries.values[index].lastUsed = tick
            return entries.values[index].file
        }
        guard let file = cached else { return nil }
        guard FileStamp(path: file.realPath) == file.stamp else {
            remove(key, ifStill: file.stamp)
            return nil
        }
        return file
    }

    func insert(_ file: StaticFile, for key: Key) {
        let cost = file.memoryCost
        guard file.isInMemory, cost <= largestCachedFile else { return }
        lock.withLock {
            tick += 1
            if let old = entries.updateValue(Entry(file: file, lastUsed: tick), forKey: key) {
                usedBytes -= old.file.memoryCost
            }
            usedBytes += cost
            if usedBytes > budget { evictLeastRecentlyUsed() }
        }
    }

    private func remove(_ key: Key, ifStill stamp: FileStamp) {
        lock.withLock {
            guard let entry = entries[key], entry.file.stamp == stamp else { return }
            entries[key] = nil
            usedBytes -= entry.file.memoryCost
        }
    }

    /// Called with the lock held.
    private func evictLeastRecentlyUsed() {
        let target = budget / 10 * 9
        for (key, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where usedBytes > target {
            entries[key] = nil
            usedBytes -= entry.file.memoryCost
        }
    }
}
