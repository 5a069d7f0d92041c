import RecipeCartDomain
import Testing

@testable import RecipeCart

/// Links are typed: a route with a parameter cannot be linked without its value, and every link lands on its route.
@Suite struct SiteURLTests {
    /// One link to each route. The switch has no `default`, so a route added without its `SiteURL` case stops this
    /// file compiling.
    static func sample(_ route: Route) -> SiteURL {
        let recipe = RecipeID("bundled-33")!
        let code = OrderCode("ABCDEF")!
        return switch route {
        case .browse: .browse
        case .recipe: .recipe(recipe)
        case .recipeEdit: .recipeEdit(recipe)
        case .recipeRevert: .recipeRevert(recipe)
        case .recipeUndo: .recipeUndo(recipe)
        case .cart: .cart
        case .cartItem: .cartItem(recipe)
        case .cartItemCooking: .cartItemCooking(recipe)
        case .cartClear: .cartClear
        case .cartUndo: .cartUndo
        case .cartOrder: .cartOrder
        case .cartHave: .cartHave
        case .cartListText: .cartListText
        case .cartShare: .cartShare
        case .cartShareRevoke: .cartShareRevoke
        case .sharedCart: .sharedCart(token: "AAAAAAAAAAAAAAAAAAAAAA")
        case .order: .order(code)
        case .orderChange: .orderChange(code)
        case .cartKeepOrder: .cartKeepOrder
        case .staffBoard: .staffBoard
        case .staffCart: .staffCart(label: "ABCDEF")
        case .staffOrderStatus: .staffOrderStatus(code)
        case .staffOrderBack: .staffOrderBack(code)
        case .staffOrderMark: .staffOrderMark(code)
        case .staffEvents: .staffEvents
        case .staffOrderHandoff: .staffOrderHandoff(code)
        case .staffAisles: .staffAisles
        case .staffSlots: .staffSlots
        case .staffProducts: .staffProducts
        case .staffProductsImport: .staffProductsImport
        case .staffProductMatches: .staffProductMatches
        case .staffProduct: .staffProduct(sku: "FLOUR-1KG")
        case .staffLogin: .staffLogin
        case .staffLogout: .staffLogout
        case .staffScreen: .staffScreen
        case .staffScreenStatus: .staffScreenStatus
        case .staffScreens: .staffScreens
        case .staffScreenRevoke: .staffScreenRevoke(screenID: "bundled-33")
        case .health: .health
        case .partnerEvents: .partnerEvents
        }
    }

    @Test func everyRouteHasItsLinkAndEachLinkMatchesItsRoutesPattern() {
        for route in Route.allCases {
            let url = Self.sample(route)
            #expect(url.route == route)
            #expect(Route.matching(url.path) == route, "\(url.path)")
            // `Route.matching` takes "{id}" for a value: a link must never carry its pattern's placeholder.
            #expect(!url.path.contains("{") && !url.path.contains("}"), "\(url.path)")
        }
    }

    @Test func aValueStaysOneSegmentWhateverStaffTyped() {
        let product = SiteURL.staffProduct(sku: "TIN/400 g?")
        #expect(product.path == "/staff/products/TIN%2F400%20g%3F")
        #expect(Route.matching(product.path) == .staffProduct)
        #expect(SiteURL.staffScreenRevoke(screenID: "a b").path == "/staff/screens/a%20b/revoke")
        #expect(SiteURL.orderChange(OrderCode("abcdef")!).path == "/orders/ABCDEF/change")
        #expect(SiteURL.sharedCart(token: "x-y_z").path == "/shared/x-y_z")
    }
}
