import HTTPTypes
import Hummingbird
import RecipeCartContracts
import RecipeCartStorage
import Synchronization

/// Registers each controller's handlers against the route table, and at the end the `405` answers for every
/// method a route does not take. A handler for a method the table does not list, or a listed method without a
/// handler, stops the start naming the route, instead of a crash or a wrong 404 later.
struct RouteRegistrar: Sendable {
    typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    /// Every method the server answers at all; anything else is a 405 everywhere (`MethodGuardMiddleware`).
    static let knownMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options]

    private let target: any RouterMethods<AppRequestContext>
    private let ledger: RouteLedger
    private let boardChanges: BoardChanges
    private let keptPages: KeptShopperPages?

    init(
        router: Router<AppRequestContext>, boardChanges: BoardChanges = BoardChanges(),
        keptPages: KeptShopperPages? = nil
    ) {
        self.init(target: router, ledger: RouteLedger(), boardChanges: boardChanges, keptPages: keptPages)
    }

    private init(
        target: any RouterMethods<AppRequestContext>, ledger: RouteLedger, boardChanges: BoardChanges,
        keptPages: KeptShopperPages?
    ) {
        self.target = target
        self.ledger = ledger
        self.boardChanges = boardChanges
        self.keptPages = keptPages
    }

    /// Every post forgets the session's kept pages once answered, refused or not (a post may fail after it
    /// wrote), and one that may change the staff board tells the open boards when it succeeds.
    func add(_ route: Route, _ method: HTTPRequest.Method, use handler: @escaping Handler) {
        ledger.record(route, method)
        guard method != .get else {
            target.on(RouterPath(route.pattern), method: method, use: handler)
            return
        }
        let boardChanges = route.changesStaffBoard ? boardChanges : nil
        let keptPages = keptPages
        target.on(RouterPath(route.pattern), method: method) { request, context in
            defer {
                if let session = context.session, !session.isNew { keptPages?.forget(session.key) }
            }
            let response = try await handler(request, context)
            if response.status.code < 400 { boardChanges?.changed() }
            return response
        }
    }

    /// Routes added to the returned registrar run behind `middleware` (the staff sign-in, for one).
    func group(behind middleware: some RouterMiddleware<AppRequestContext>) -> RouteRegistrar {
        RouteRegistrar(
            target: target.group().add(middleware: middleware), ledger: ledger, boardChanges: boardChanges,
            keptPages: keptPages)
    }

    /// Checks the registrations against the table, then answers every other method with a 405.
    func finish(on router: Router<AppRequestContext>) throws {
        try ledger.check()
        for route in Route.allCases {
            for method in Self.knownMethods where !route.allowedMethods.contains(method) {
                router.on(RouterPath(route.pattern), method: method) { _, _ -> Response in
                    throw AppError.methodNotAllowed
                }
            }
        }
    }
}

package struct RouteMapError: Error, CustomStringConvertible {
    package let description: String
}

/// Which route and method each handler was registered for.
private final class RouteLedger: Sendable {
    private struct State {
        var registered: [Route: [HTTPRequest.Method]] = [:]
        var problems: [String] = []
    }

    private let state = Mutex(State())

    func record(_ route: Route, _ method: HTTPRequest.Method) {
        state.withLock { state in
            if !route.methods.contains(method) {
                state.problems.append("\(method) \(route.pattern) has a handler but is not in the route table")
            } else if state.registered[route, default: []].contains(method) {
                state.problems.append("\(method) \(route.pattern) has two handlers")
            }
            state.registered[route, default: []].append(method)
        }
    }

    func check() throws {
        let problems = state.withLock { state in
            for route in Route.allCases {
                for method in route.methods where !state.registered[route, default: []].contains(method) {
                    state.problems.append("\(method) \(route.pattern) is in the route table but has no handler")
                }
            }
            return state.problems
        }
        guard problems.isEmpty else { throw RouteMapError(description: problems.joined(separator: "; ")) }
    }
}
