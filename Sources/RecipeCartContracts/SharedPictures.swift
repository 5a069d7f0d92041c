/// Picture files every instance can reach, by their path under `/images/` (`uploads/…`, `cache/…`). The disk of each
/// instance keeps a copy of what it stored or served; this is where another instance finds a picture it has no copy of.
package protocol SharedPictures: Sendable {
    /// Keeps the bytes of a picture just written to this instance's disk.
    func keep(_ bytes: [UInt8], path: String) async throws
    /// The bytes of a picture this instance has no copy of, or nil when no instance stored it.
    func bytes(at path: String) async throws -> [UInt8]?
    /// Forgets uploads no row uses any more (`PictureStore.deleteUnused`) and a picture an edit replaced.
    func forget(_ paths: [String]) async throws
    /// Uploads kept here, with when they were kept: the shared side of `PictureStore.deleteUnused`.
    func uploads() async throws -> [(path: String, keptAt: Double)]
}

/// One instance on SQLite: its disk is the only copy, so there is nothing to share.
package struct DiskOnlyPictures: SharedPictures {
    package init() {}

    package func keep(_ bytes: [UInt8], path: String) async throws {}
    package func bytes(at path: String) async throws -> [UInt8]? { nil }
    package func forget(_ paths: [String]) async throws {}
    package func uploads() async throws -> [(path: String, keptAt: Double)] { [] }
}
