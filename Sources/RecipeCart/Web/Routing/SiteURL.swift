import RecipeCartDomain

/// A link to one of the addresses in `Route`, carrying the values its pattern needs, so a link to a recipe cannot be
/// built without the recipe's id: every link, form action and redirect is one of these. The pattern stays written once,
/// in `Route`; `path` fills its one parameter in place.
enum SiteURL: Hashable, Sendable {
    case browse
    case recipe(RecipeID)
    case recipeEdit(RecipeID)
    case recipeRevert(RecipeID)
    case recipeUndo(RecipeID)
    case cart
    case cartItem(RecipeID)
    case cartItemCooking(RecipeID)
    case cartClear
    case cartUndo
    case cartOrder
    case cartHave
    case cartListText
    case cartShare
    case cartShareRevoke
    case sharedCart(token: String)
    case order(OrderCode)
    case orderChange(OrderCode)
    case cartKeepOrder
    case staffBoard
    case staffCart(label: String)
    case staffOrderStatus(OrderCode)
    case staffOrderBack(OrderCode)
    case staffOrderMark(OrderCode)
    case staffEvents
    case staffOrderHandoff(OrderCode)
    case staffAisles
    case staffSlots
    case staffProducts
    case staffProductsImport
    case staffProductMatches
    case staffProduct(sku: String)
    case staffLogin
    case staffLogout
    case staffScreen
    case staffScreenStatus
    case staffScreens
    case staffScreenRevoke(screenID: String)
    case health
    case partnerEvents

    var route: Route {
        switch self {
        case .browse: .browse
        case .recipe: .recipe
        case .recipeEdit: .recipeEdit
        case .recipeRevert: .recipeRevert
        case .recipeUndo: .recipeUndo
        case .cart: .cart
        case .cartItem: .cartItem
        case .cartItemCooking: .cartItemCooking
        case .cartClear: .cartClear
        case .cartUndo: .cartUndo
        case .cartOrder: .cartOrder
        case .cartHave: .cartHave
        case .cartListText: .cartListText
        case .cartShare: .cartShare
        case .cartShareRevoke: .cartShareRevoke
        case .sharedCart: .sharedCart
        case .order: .order
        case .orderChange: .orderChange
        case .cartKeepOrder: .cartKeepOrder
        case .staffBoard: .staffBoard
        case .staffCart: .staffCart
        case .staffOrderStatus: .staffOrderStatus
        case .staffOrderBack: .staffOrderBack
        case .staffOrderMark: .staffOrderMark
        case .staffEvents: .staffEvents
        case .staffOrderHandoff: .staffOrderHandoff
        case .staffAisles: .staffAisles
        case .staffSlots: .staffSlots
        case .staffProducts: .staffProducts
        case .staffProductsImport: .staffProductsImport
        case .staffProductMatches: .staffProductMatches
        case .staffProduct: .staffProduct
        case .staffLogin: .staffLogin
        case .staffLogout: .staffLogout
        case .staffScreen: .staffScreen
        case .staffScreenStatus: .staffScreenStatus
        case .staffScreens: .staffScreens
        case .staffScreenRevoke: .staffScreenRevoke
        case .health: .health
        case .partnerEvents: .partnerEvents
        }
    }

    /// The route's pattern with its parameter filled in, percent-encoded (ids and codes are URL-safe already; a cart
    /// label or a SKU is whatever staff typed).
    var path: String {
        switch self {
        case .recipe(let id), .recipeEdit(let id), .recipeRevert(let id), .recipeUndo(let id), .cartItem(let id),
            .cartItemCooking(let id):
            Self.fill(route.pattern, with: id.rawValue)
        case .order(let code), .orderChange(let code), .staffOrderStatus(let code), .staffOrderBack(let code),
            .staffOrderMark(let code), .staffOrderHandoff(let code):
            Self.fill(route.pattern, with: code.rawValue)
        case .sharedCart(token: let value), .staffCart(label: let value), .staffProduct(sku: let value),
            .staffScreenRevoke(screenID: let value):
            Self.fill(route.pattern, with: value)
        case .browse, .cart, .cartClear, .cartUndo, .cartOrder, .cartHave, .cartListText, .cartShare, .cartShareRevoke,
            .cartKeepOrder, .staffBoard, .staffEvents, .staffAisles, .staffSlots, .staffProducts, .staffProductsImport,
            .staffProductMatches, .staffLogin, .staffLogout, .staffScreen, .staffScreenStatus, .staffScreens, .health,
            .partnerEvents:
            route.pattern
        }
    }

    /// One pass, without splitting into segments: a detail page request names three addresses. Every pattern has at
    /// most one `{…}`.
    private static func fill(_ pattern: String, with value: String) -> String {
        let bytes = pattern.utf8
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")),
            let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
        else { return pattern }
        var path = String(pattern[..<open])
        path += PercentEncoding.encode(value)
        path += pattern[pattern.index(after: close)...]
        return path
    }
}
