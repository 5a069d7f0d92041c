import Hummingbird
import Logging

/// Answers every URL under a static root itself, before the router is asked: only GET and HEAD,
/// only regular files inside the root, never a folder listing.
struct StaticFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let (root, remainder) = files.root(for: request.uri.path) else {
            return try await next(request, context)
        }
        guard request.method == .get || request.method == .head else { throw AppError.methodNotAllowed }
        let path: StaticFilePath
        do {
            path = try StaticFilePath(urlEncoded: remainder)
        } catch .malformed {
            throw AppError.badRequest("That file address is not valid.")
        } catch {
            throw Self.notFound
        }
        let lookup: StaticFiles.Lookup?
        do {
            lookup = try files.lookup(path, in: root)
        } catch let tampered as GzipTwin.TamperedTwin {
            context.logger.warning("refusing a file whose gzip twin is not a plain file", metadata: ["twin": "\(tampered.path)"])
            throw Self.notFound
        }
        guard let lookup else { throw Self.notFound }
        return try await StaticFileResponse.make(lookup, for: request, context: context)
    }

    static var notFound: AppError { .notFound("There is no file at this address.") }
}
