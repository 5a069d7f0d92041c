/// What the layout needs on every page: the title, the cart badge, the status message and the asset URLs.
/// Stored properties only: templates read values by reflection, which does not see computed ones.
struct PageChrome {
    var title: String
    var cartCount: String
    var cartCountLabel: String
    var csrfToken: String
    var stylesheetURL: String
    var scriptURL: String
    var iconURL: String
    var homeURL = Route.browse.url()
    var cartURL = Route.cart.url()
    /// `badge`, plus `badge--bump` on the page a cart change redirected to.
    var badgeClass: String
    /// Pre-escaped HTML of the status message, or empty.
    var statusHTML: String
    var isBrowse: Bool
    var isCart: Bool
}
