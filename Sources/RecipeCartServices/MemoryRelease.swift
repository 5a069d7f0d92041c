#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory freed after a large, short-lived build back to the system. glibc keeps freed memory for reuse, so
/// the tens of megabytes a search index build at 100,000 recipes uses for a moment otherwise stay in the server's
/// resident size for good.
package enum MemoryRelease {
    #if canImport(Glibc)
        /// glibc's `malloc_trim`, which its Swift module does not import; looked up once.
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
            unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
        }

        /// glibc's `mallopt` and its `M_MMAP_THRESHOLD`, which the Swift module does not import either.
        private static let mallocOption: (@convention(c) (Int32, Int32) -> Int32)? = dlsym(nil, "mallopt").map {
            unsafeBitCast($0, to: (@convention(c) (Int32, Int32) -> Int32).self)
        }
        private static let mapThresholdOption: Int32 = -3
    #endif

    /// Gives every block of 1 MB or more pages of its own, handed back whole when it is freed. glibc otherwise
    /// raises that threshold each time such a block is freed (up to 32 MB), and the large arrays of the search index
    /// and cost table builds then come from the heap, where what they leave cannot all be trimmed: at 100,000 recipes
    /// this kept 12 MB more resident after the cost table was made. A search's few large blocks cost a system call.
    package static func mapLargeBlocksApart() {
        #if canImport(Glibc)
            _ = mallocOption?(mapThresholdOption, 1 << 20)
        #endif
    }

    static func returnFreedMemory() {
        #if canImport(Glibc)
            _ = mallocTrim?(0)
        #endif
    }
}
