/// What the layout needs on every page: the title, the cart badge and the asset URLs.
struct PageChrome {
    var title: String
    var cartCount: Int
    var csrfToken: String
    var stylesheetURL: String
    /// Plays the badge animation once, on the page a cart change redirected to.
    var cartChanged: Bool
    var section: String

    var isBrowse: Bool { section == "browse" }
    var isCart: Bool { section == "cart" }
}
