import Mustache
import RecipeCartDomain

/// The order page's "Change this order": offered while packing has not started (the order is new and no row of it is
/// marked), and said to be over once it has (`data-order-changeable`).
struct OrderChangePanel {
    static let closed = "Packing has started, so this order can no longer be changed."

    var isChangeable: Bool
    var action: String
    var csrfToken: String
    /// Why it cannot be changed, on an order the shop is still working on.
    var closedText: String?
    /// This browser's cart is changing it already: the page links there instead of offering the button again.
    var isInCart = false
    var cartURL = SiteURL.cart.path

    init(_ order: Order, csrfToken: String) {
        isChangeable = order.status == .new && order.pickMarks.isEmpty
        action = SiteURL.orderChange(order.code).path
        self.csrfToken = csrfToken
        closedText = !isChangeable && order.status.isOpen ? Self.closed : nil
    }
}

/// Looked up by name, as the order page is (`OrderView`).
extension OrderChangePanel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "isChangeable": isChangeable
        case "action": action
        case "csrfToken": csrfToken
        case "closedText": closedText
        case "isInCart": isInCart
        case "cartURL": cartURL
        default: nil
        }
    }
}
