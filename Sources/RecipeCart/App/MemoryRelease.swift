#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory freed after a large, short-lived build back to the system. glibc keeps freed memory for reuse, so
/// the tens of megabytes a search index build at 100,000 recipes uses for a moment otherwise stay in the server's
/// resident size for good.
enum MemoryRelease {
    #if canImport(Glibc)
        /// glibc's `malloc_trim`, which its Swift module does not import; looked up once.
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
            unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
        }
    #endif

    static func returnFreedMemory() {
        #if canImport(Glibc)
            _ = mallocTrim?(0)
        #endif
    }
}
