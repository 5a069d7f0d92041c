import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import RecipeCartContracts
import RecipeCartStaticFiles
import RecipeCartStorage
import RecipeCartUpstream

/// Turns every error into an HTML page with the right status, and a bug into a plain 500 that logs its request id.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let pages: PageContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let appError = Self.appError(for: error)
            switch appError {
            case .internal:
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            case .serviceUnavailable where StorageError.isUnavailable(error):
                StorageMetrics.databaseError()
                context.logger.error("database unavailable", metadata: ["error": "\(error)"])
            case .badRequest where error is HTTPParserError:
                context.logger.debug("request body ended early", metadata: ["error": "\(error)"])
            default:
                break
            }
            return await page(for: appError, request: request, context: context)
        }
    }

    static let storageTrouble = AppError.serviceUnavailable(
        "The shop’s storage is having trouble right now. Nothing was changed; please try again in a minute.")

    static func appError(for error: any Error) -> AppError {
        switch error {
        case let error as AppError:
            return error
        case let refusal as StaticFileRefusal:
            return AppError(refusal)
        case is NIOTooManyBytesError:
            return .payloadTooLarge
        case is HTTPParserError:
            return .badRequest("The request ended before all of it arrived. Please try again.")
        case let error as RecipeUnavailable:
            return .serviceUnavailable(error.message)
        case let error as StorageError:
            switch error {
            case .notFound(let message): return .notFound(message)
            case .unavailable: return storageTrouble
            }
        case let error as HTTPError:
            switch error.status {
            case .notFound: return .notFound("There is no page at this address.")
            case .methodNotAllowed: return .methodNotAllowed
            case .contentTooLarge: return .payloadTooLarge
            case .badRequest: return .badRequest("The request could not be read.")
            case .unprocessableContent: return .unprocessable("The request could not be understood.")
            default: return .internal("\(error)")
            }
        default:
            return .internal("\(error)")
        }
    }

    private func page(for error: AppError, request: Request, context: Context) async -> Response {
        // The session and badge are best effort: an error page must render even when the database does not answer.
        let session = SentCookies(request.headers)[pages.cookies.session].flatMap(pages.signer.session(fromCookie:))
        var count = 0
        if let session {
            count = (try? await pages.carts.itemCount(session: session.key)) ?? 0
        }
        let chrome = pages.chrome(title: error.title, section: "", session: session, cartCount: count)
        let view = ErrorView(
            chrome: chrome, status: Int(error.status.code), heading: error.title, message: error.message)
        var response: Response
        if let html = try? pages.renderer.html(view) {
            response = HTMLResponse.make(html, status: error.status)
        } else {
            response = Response(
                status: error.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "\(error.title)\n\n\(error.message)\n")))
        }
        if error == .methodNotAllowed {
            let allowed = Route.matching(request.uri.path)?.allowedMethods ?? [.get, .head]
            response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        }
        return response
    }
}
