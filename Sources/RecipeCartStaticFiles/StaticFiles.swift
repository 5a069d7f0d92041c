import HTTPTypes

/// The folders RecipeCart serves files from, the `.gz` twins beside them, and the memory cache in front.
package struct StaticFiles: Sendable {
    /// A file found for a URL, and how long it may be kept given the name it was asked by.
    package struct Lookup {
        package let file: StaticFile
        let cacheControl: HTTPField
    }

    let roots: [StaticRoot]
    let cache: StaticFileCache

    package init(roots: [StaticRoot], cacheBudget: Int) {
        self.roots = roots
        cache = StaticFileCache(budget: cacheBudget)
    }

    /// The root a URL path falls under, and the still-encoded rest of the path.
    package func root(for urlPath: String) -> (root: StaticRoot, remainder: Substring)? {
        for root in roots where urlPath.hasPrefix(root.urlPrefix) {
            return (root, urlPath.dropFirst(root.urlPrefix.count))
        }
        return nil
    }

    /// Finds a file by its plain or fingerprinted name; nil when there is none inside the root.
    ///
    /// A fingerprint that no longer matches (a page rendered just before the file changed) still gets
    /// the current file, but only with the short-lived `Cache-Control`.
    /// - Throws: `GzipTwin.TamperedTwin`.
    package func lookup(_ path: StaticFilePath, in root: StaticRoot) throws -> Lookup? {
        try lookup(path, in: root, finding: file(_:in:))
    }

    /// `lookup` for a file already in the memory cache: nil for any other, without reading the disk.
    package func cachedLookup(_ path: StaticFilePath, in root: StaticRoot) -> Lookup? {
        lookup(path, in: root) { path, root in
            cache.file(for: StaticFileCache.Key(rootPrefix: root.urlPrefix, path: path))
        }
    }

    private func lookup(
        _ path: StaticFilePath, in root: StaticRoot, finding file: (StaticFilePath, StaticRoot) throws -> StaticFile?
    ) rethrows -> Lookup? {
        if root.caching == .assets, let (plain, fingerprint) = Fingerprint.split(path), let file = try file(plain, root)
        {
            return Lookup(
                file: file, cacheControl: root.cacheControl(fingerprintMatches: file.fingerprint == fingerprint))
        }
        return try file(path, root).map { Lookup(file: $0, cacheControl: root.cacheControl(fingerprintMatches: false)) }
    }

    /// The content hash of a file in the assets root; nil when it is missing or too big to keep in memory.
    package func fingerprint(ofAsset path: StaticFilePath) -> String? {
        guard let assets = roots.first(where: { $0.caching == .assets }) else { return nil }
        return (try? file(path, in: assets))??.fingerprint
    }

    private func file(_ path: StaticFilePath, in root: StaticRoot) throws -> StaticFile? {
        let key = StaticFileCache.Key(rootPrefix: root.urlPrefix, path: path)
        if let cached = cache.file(for: key) { return cached }
        guard let real = root.resolve(path),
            let file = try StaticFile.load(
                realPath: real, fileExtension: path.fileExtension, memoryLimit: cache.largestCachedFile)
        else { return nil }
        cache.insert(file, for: key)
        return file
    }
}
