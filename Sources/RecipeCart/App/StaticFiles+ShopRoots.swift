import Foundation
import Logging
import RecipeCartContracts
import RecipeCartStaticFiles
import RecipeCartStorage

extension StaticFiles {
    /// The shop's roots: `Public/`, the bundled catalog's pictures, the recipe API's image cache and staff uploads.
    /// Creates the data-dir image folders, and brings the twins of `Public/` and the bundled images up to date so the
    /// first request finds them.
    static func prepare(
        publicDirectory: URL, bundledImages: URL, imageCache: URL, uploads: URL, cacheBudget: Int, logger: Logger
    ) throws -> StaticFiles {
        for directory in [imageCache, uploads] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let assets = StaticRoot(urlPrefix: "/static/", directory: publicDirectory, caching: .assets)
        let bundled = StaticRoot(urlPrefix: "/images/bundled/", directory: bundledImages, caching: .images)
        // The image cache makes its twins as it stores each file (`GzipTwin.refresh(for:)`).
        for root in [assets, bundled] {
            let unwritten = GzipTwin.refreshAll(under: root.directory)
            if unwritten > 0 {
                logger.info(
                    "gzip twins kept in memory only",
                    metadata: ["folder": "\(root.directory)", "files": "\(unwritten)"])
            }
        }
        return StaticFiles(
            roots: [
                assets, bundled,
                StaticRoot(
                    urlPrefix: "/images/cache/", directory: imageCache, caching: .images,
                    sharedFolder: UpstreamImages.folder),
                StaticRoot(
                    urlPrefix: "/images/uploads/", directory: uploads, caching: .images,
                    sharedFolder: PictureStore.folder),
            ],
            cacheBudget: cacheBudget)
    }
}
