import Hummingbird

/// The routes RecipeCart answers. Another method on a known path is a 405 with `Allow`, not a 404.
enum RouteTable {
    static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/", [.get, .head]),
        ("/recipes/{id}", [.get, .head]),
        ("/recipes/{id}/edit", [.get, .head, .post]),
        ("/recipes/{id}/revert", [.post]),
        ("/recipes/{id}/undo", [.post]),
        ("/cart", [.get, .head]),
        ("/cart/items/{id}", [.post]),
        ("/cart/items/{id}/cooking", [.post]),
        ("/cart/clear", [.post]),
        ("/cart/undo", [.post]),
        ("/staff", [.get, .head]),
        ("/staff/carts/{label}", [.get, .head]),
        ("/staff/login", [.get, .head, .post]),
        ("/staff/logout", [.post]),
        ("/healthz", [.get, .head]),
    ]

    static let otherMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options]

    /// Registers the 405 answers for every method a route does not take.
    static func addMethodNotAllowed(to router: Router<AppRequestContext>) {
        for route in routes {
            for method in otherMethods where !route.methods.contains(method) {
                router.on(RouterPath(route.path), method: method) { _, _ -> Response in throw AppError.methodNotAllowed }
            }
        }
    }

    static func allowedMethods(for path: String) -> String {
        let segments = path.split(separator: "/")
        let match = routes.first { route in
            let pattern = route.path.split(separator: "/")
            return pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0.0.hasPrefix("{") || $0.0 == $0.1 }
        }
        return (match?.methods ?? [.get, .head]).map(\.rawValue).joined(separator: ", ")
    }
}
