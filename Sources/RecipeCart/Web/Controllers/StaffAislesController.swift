import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage

/// The shop's walking order of aisles, a setting staff change: every shopping and pick list follows it.
struct StaffAislesController: Sendable {
    let lists: any ShoppingListStore
    let shoppingLists: ShoppingListBuilder
    let pages: PageContext

    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        let signedIn = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInPage))
        signedIn.add(.staffAisles, .get, use: aisles)
        signedIn.add(.staffAisles, .post, use: moveAisle)
    }

    /// `GET /staff/aisles`: the shop's walking order, which every shopping and pick list follows.
    func aisles(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = StaffAislesView(
            order: try await shoppingLists.walkingOrder(), csrfToken: pages.signer.csrfToken(for: try context.shopper),
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"))
        return try pages.renderer.response(view)
    }

    /// `POST /staff/aisles`: `aisle` and `move` (`up` or `down`) moves one aisle a place; `move=reset` puts back the
    /// default order.
    func moveAisle(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        var order = try await shoppingLists.walkingOrder()
        switch form["move"] {
        case "reset":
            order = Aisle.defaultOrder
        case "up", "down":
            guard let name = form["aisle"], let aisle = Aisle(rawValue: name), let index = order.firstIndex(of: aisle)
            else {
                throw AppError.badRequest("There is no such aisle.")
            }
            let target = form["move"] == "up" ? index - 1 : index + 1
            if order.indices.contains(target) { order.swapAt(index, target) }
        default:
            throw AppError.badRequest("The form didn’t say how to move the aisle.")
        }
        try await lists.setAisleOrder(order.map(\.rawValue))
        return pages.redirect(
            to: SiteURL.staffAisles.path
                + (form["aisle"].flatMap { Aisle(rawValue: $0) }.map { "#aisle-\($0.rawValue)" } ?? ""))
    }
}
