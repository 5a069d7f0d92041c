import Foundation
import Hummingbird
import Logging
import RecipeCartContracts

/// Answers every URL under a static root itself, before the router is asked: only GET and HEAD,
/// only regular files inside the root, never a folder listing. What it refuses it throws as a `StaticFileRefusal`,
/// which the app shows as its error page.
package struct StaticFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles
    let pictures: any SharedPictures

    package init(files: StaticFiles, pictures: any SharedPictures) {
        self.files = files
        self.pictures = pictures
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let (root, remainder) = files.root(for: request.uri.path) else {
            return try await next(request, context)
        }
        guard request.method == .get || request.method == .head else { throw StaticFileRefusal.methodNotAllowed }
        let path: StaticFilePath
        do {
            path = try StaticFilePath(urlEncoded: remainder)
        } catch .malformed {
            throw StaticFileRefusal.malformedAddress
        } catch {
            throw StaticFileRefusal.noFile
        }
        var lookup = try find(path, in: root, context: context)
        if lookup == nil, try await copyShared(path, into: root) {
            lookup = try find(path, in: root, context: context)
        }
        guard let lookup else { throw StaticFileRefusal.noFile }
        return try await StaticFileResponse.make(lookup, for: request, context: context)
    }

    private func find(_ path: StaticFilePath, in root: StaticRoot, context: Context) throws -> StaticFiles.Lookup? {
        do {
            return try files.lookup(path, in: root)
        } catch let tampered as GzipTwin.TamperedTwin {
            context.logger.warning(
                "refusing a file whose gzip twin is not a plain file", metadata: ["twin": "\(tampered.path)"])
            throw StaticFileRefusal.noFile
        }
    }

    /// A picture another instance stored: copied to this instance's disk once, then served like any file.
    /// - Returns: true when it was copied.
    private func copyShared(_ path: StaticFilePath, into root: StaticRoot) async throws -> Bool {
        guard let folder = root.sharedFolder, !path.value.contains("/"),
            let bytes = try await pictures.bytes(at: "\(folder)/\(path.value)")
        else { return false }
        try Data(bytes).write(
            to: URL(fileURLWithPath: root.directory).appendingPathComponent(path.value), options: .atomic)
        return true
    }
}
