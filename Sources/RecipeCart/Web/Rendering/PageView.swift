/// A view model that names its template, so rendering takes the model alone and no page can be paired with
/// another page's template.
protocol PageView {
    static var template: PageTemplate { get }
}

/// A part of a page rendered on its own for each request, into a page kept for every shopper.
protocol FragmentView {
    static var template: PartialTemplate { get }
}

/// The page templates under `Templates/`, one a page.
enum PageTemplate: String, CaseIterable, Sendable {
    case browse
    case recipe
    case edit
    case cart
    case order
    case sharedCart = "shared-cart"
    case error
    case staff
    case staffLogin = "staff-login"
    case staffAisles = "staff-aisles"
    case staffSlots = "staff-slots"
    case staffScreen = "staff-screen"
    case staffScreens = "staff-screens"
    case staffProducts = "staff-products"
    case staffProductEdit = "staff-product"
    case staffProductMatches = "staff-product-matches"
}

/// The templates pages are built from: layouts and partials, loaded and checked at start with the pages.
enum PartialTemplate: String, CaseIterable, Sendable {
    case layout
    case staffLayout = "staff-layout"
    case tile
    case filterOption = "filter-option"
    case filterChip = "filter-chip"
    case stepper
    case cooking
    case recipeCart = "recipe-cart"
    case shoppingList = "shopping-list"
    case basketTotal = "basket-total"
    case staffOrder = "staff-order"
    case staffPickRow = "staff-pick-row"
    case staffMatchForm = "staff-match-form"
    case partnerStatus = "partner-status"
    case partnerHandoff = "partner-handoff"
    case orderChange = "order-change"
}
