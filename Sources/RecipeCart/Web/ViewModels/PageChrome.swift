/// What the layout needs on every page: the title, the cart badge and the asset URLs.
/// Stored properties only: templates read values by reflection, which does not see computed ones.
struct PageChrome {
    var title: String
    var cartCount: String
    var csrfToken: String
    var stylesheetURL: String
    var scriptURL: String
    /// Plays the badge animation once, on the page a cart change redirected to.
    /// `badge`, plus `badge--bump` on the page a cart change redirected to.
    var badgeClass: String
    var isBrowse: Bool
    var isCart: Bool
}
