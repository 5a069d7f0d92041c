import Mustache

/// What the layout needs on every page: the title, the cart badge, the status message and the asset URLs.
struct PageChrome {
    var title: String
    var cartCount: String
    var cartCountLabel: String
    var csrfToken: String
    var stylesheetURL: String
    var scriptURL: String
    var iconURL: String
    var homeURL = SiteURL.browse.path
    var cartURL = SiteURL.cart.path
    /// `badge`, plus `badge--bump` on the page a cart change redirected to.
    var badgeClass: String
    /// Pre-escaped HTML of the status message, or empty.
    var statusHTML: String
    var isBrowse: Bool
    var isCart: Bool
}

/// Named rather than reflected: the layout reads these on every page it renders.
extension PageChrome: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "cartCount": cartCount
        case "cartCountLabel": cartCountLabel
        case "csrfToken": csrfToken
        case "stylesheetURL": stylesheetURL
        case "scriptURL": scriptURL
        case "iconURL": iconURL
        case "homeURL": homeURL
        case "cartURL": cartURL
        case "badgeClass": badgeClass
        case "statusHTML": statusHTML
        case "isBrowse": isBrowse
        case "isCart": isCart
        default: nil
        }
    }
}
