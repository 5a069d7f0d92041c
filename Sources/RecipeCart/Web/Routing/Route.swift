import HTTPTypes
import RecipeCartDomain

/// Every address RecipeCart answers, each written once with the methods it takes. Handlers are registered from
/// here (`RouteRegistrar`), every link, form action and redirect is built from its pattern (`SiteURL`, which takes
/// the route's parameters typed), and a `405`'s `Allow` comes from the same table, so the three cannot disagree.
enum Route: CaseIterable, Sendable {
    case browse
    case recipe
    case recipeEdit
    case recipeRevert
    case recipeUndo
    case cart
    case cartItem
    case cartItemCooking
    case cartClear
    case cartUndo
    case cartOrder
    case cartHave
    case cartListText
    case cartShare
    case cartShareRevoke
    case sharedCart
    case order
    case orderChange
    case cartKeepOrder
    case staffBoard
    case staffCart
    case staffOrderStatus
    case staffOrderBack
    case staffOrderMark
    case staffEvents
    case staffOrderHandoff
    case staffAisles
    case staffSlots
    case staffProducts
    case staffProductsImport
    case staffProductMatches
    case staffProduct
    case staffLogin
    case staffLogout
    case staffScreen
    case staffScreenStatus
    case staffScreens
    case staffScreenRevoke
    case health
    case partnerEvents

    var pattern: String {
        switch self {
        case .browse: "/"
        case .recipe: "/recipes/{id}"
        case .recipeEdit: "/recipes/{id}/edit"
        case .recipeRevert: "/recipes/{id}/revert"
        case .recipeUndo: "/recipes/{id}/undo"
        case .cart: "/cart"
        case .cartItem: "/cart/items/{id}"
        case .cartItemCooking: "/cart/items/{id}/cooking"
        case .cartClear: "/cart/clear"
        case .cartUndo: "/cart/undo"
        case .cartOrder: "/cart/order"
        case .cartHave: "/cart/have"
        case .cartListText: "/cart/list.txt"
        case .cartShare: "/cart/share"
        case .cartShareRevoke: "/cart/share/revoke"
        case .sharedCart: "/shared/{token}"
        case .order: "/orders/{code}"
        case .orderChange: "/orders/{code}/change"
        case .cartKeepOrder: "/cart/keep-order"
        case .staffBoard: "/staff"
        case .staffCart: "/staff/carts/{label}"
        case .staffOrderStatus: "/staff/orders/{code}/status"
        case .staffOrderBack: "/staff/orders/{code}/back"
        case .staffOrderMark: "/staff/orders/{code}/marks"
        case .staffEvents: "/staff/events"
        case .staffOrderHandoff: "/staff/orders/{code}/handoff"
        case .staffAisles: "/staff/aisles"
        case .staffSlots: "/staff/slots"
        case .staffProducts: "/staff/products"
        case .staffProductsImport: "/staff/products/import"
        case .staffProductMatches: "/staff/products/matches"
        case .staffProduct: "/staff/products/{sku}"
        case .staffLogin: "/staff/login"
        case .staffLogout: "/staff/logout"
        case .staffScreen: "/staff/screen"
        case .staffScreenStatus: "/staff/screen/status"
        case .staffScreens: "/staff/screens"
        case .staffScreenRevoke: "/staff/screens/{id}/revoke"
        case .health: "/healthz"
        case .partnerEvents: "/partner/events"
        }
    }

    /// The methods with a handler; `HEAD` comes with every `GET`.
    var methods: [HTTPRequest.Method] {
        switch self {
        case .browse, .recipe, .cart, .cartListText, .sharedCart, .order, .staffBoard, .staffCart, .staffEvents,
            .staffScreen, .staffScreenStatus, .staffProducts, .health:
            [.get]
        case .recipeEdit, .staffLogin, .staffAisles, .staffSlots, .staffProductMatches, .staffProduct, .staffScreens:
            [.get, .post]
        case .recipeRevert, .recipeUndo, .cartItem, .cartItemCooking, .cartClear, .cartUndo, .cartOrder, .cartHave,
            .cartShare,
            .cartShareRevoke, .staffOrderStatus, .staffOrderBack, .staffOrderMark, .staffOrderHandoff, .staffLogout,
            .staffScreenRevoke, .staffProductsImport, .partnerEvents, .orderChange, .cartKeepOrder:
            [.post]
        }
    }

    /// A post here that succeeds may change what the staff board shows: a cart, an order, a mark or what the partner
    /// said. The registrar tells the open boards after each (`BoardChanges`), so no handler can forget to.
    var changesStaffBoard: Bool {
        switch self {
        case .cartItem, .cartItemCooking, .cartClear, .cartUndo, .cartOrder, .cartHave, .staffOrderStatus,
            .staffOrderBack, .staffOrderMark, .staffOrderHandoff, .staffSlots, .partnerEvents, .orderChange,
            .cartKeepOrder:
            true
        default: false
        }
    }

    /// The largest body a post here may send. A post takes its place among the router's work only once its body has
    /// arrived (`LoadSheddingMiddleware`), so this is also what one post may hold in memory while it waits.
    var bodyLimit: Int {
        switch self {
        case .recipeEdit: EditController.bodyLimit
        case .partnerEvents: PartnerController.bodyLimit
        case .staffProductsImport: StaffProductsController.importBodyLimit
        default: FormFields.maximumBodySize
        }
    }

    /// Called by another server, not a browser, and believed for its webhook signature alone: the shopper's session,
    /// its cookies and the same-site check of forms do not apply.
    var isSignedCall: Bool { self == .partnerEvents }

    /// The paths of `isSignedCall` routes, for the middleware that steps aside for them.
    static let signedCallPaths: Set<String> = Set(allCases.filter(\.isSignedCall).map(\.pattern))

    /// What a `405` names in `Allow`.
    var allowedMethods: [HTTPRequest.Method] {
        methods.flatMap { $0 == .get ? [.get, .head] : [$0] }
    }

    /// The route whose pattern a path matches, if any.
    static func matching(_ path: String) -> Route? {
        match(path)?.route
    }

    /// The route whose pattern a path matches and the values of its `{…}` segments, in order: what the router finds,
    /// for the pages answered on the event loop (`EarlyPageAnswers`) before a request reaches it.
    static func match(_ path: String) -> (route: Route, values: [Substring])? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (route, pattern) in patternSegments where pattern.count == segments.count {
            var values: [Substring] = []
            var matches = true
            for (part, segment) in zip(pattern, segments) {
                if part.first == "{" {
                    guard !segment.isEmpty else {
                        matches = false
                        break
                    }
                    values.append(segment)
                } else if part != segment {
                    matches = false
                    break
                }
            }
            if matches { return (route, values) }
        }
        return nil
    }

    /// Each pattern split once, not on every request.
    private static let patternSegments = allCases.map {
        ($0, $0.pattern.split(separator: "/", omittingEmptySubsequences: false))
    }
}
