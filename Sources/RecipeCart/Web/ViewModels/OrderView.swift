import Foundation
import Mustache
import RecipeCartDomain
import RecipeCartShelf

/// The shopper's order page: its pickup code, where it is on its way to the counter, its lines and its list.
struct OrderView: PageView {
    static let template = PageTemplate.order

    struct Line {
        var recipeID: String
        var url: String
        var title: String
        var quantityText: String
        var servingsText: String?
    }

    /// One step of new → picking → ready → collected, as a progress list.
    struct Step {
        var title: String
        var isDone: Bool
        var isCurrent: Bool
    }

    var chrome: PageChrome
    var code: String
    var status: String
    var statusTitle: String
    var note: String?
    var placedAt: String
    var lines: [Line]
    var steps: [Step]
    var isCancelled: Bool
    var shoppingList: [ShoppingListSection]
    /// What the shopper allowed if something was missing, in words.
    var substitution: String?
    /// The rows staff marked short or replaced, or weighed at another weight, while packing: what the shopper gets
    /// differs from the list, and on a priced order, so does what it costs.
    var changes: [PickChange]
    var hasChanges: Bool
    var url: String
    var cartURL = SiteURL.cart.path
    /// While the shop or its delivery partner is still working on it, the script reloads the page as the staff board
    /// refreshes itself.
    var refreshSeconds: Int?
    /// What the delivery partner says; nil for a shop without one.
    var partner: PartnerPanel?
    /// "Collect Saturday 10:00–10:30", and its start in RFC 3339 (`data-slot-start`); nil for as soon as possible.
    var collectText: String?
    var slotStart: String?
    /// Its priced rows and total as sent; nil when nothing on it was priced.
    var bill: OrderBill?
    /// "Change this order" while packing has not started.
    var change: OrderChangePanel

    /// A row packing changed; on a priced row, by how much (`data-difference-minor`).
    struct PickChange {
        var key: String
        var name: String
        var state: String
        var text: String
        var differenceMinor: String?
    }

    init(order: Order, shoppingList: [ShoppingListSection], chrome: PageChrome, now: Date, zone: TimeZone) {
        self.chrome = chrome
        code = order.code.rawValue
        url = SiteURL.order(order.code).path
        status = order.status.rawValue
        statusTitle = order.status.title
        note = order.note.isEmpty ? nil : order.note
        placedAt = RelativeTime.text(from: order.placedAt, to: now)
        collectText = order.slot.map { PickupSlotText.collect($0, in: zone) }
        slotStart = order.slot.map { ZonedTimestamp.text($0.start, in: zone) }
        lines = order.content.lines.map { line in
            Line(
                recipeID: line.recipeID,
                url: RecipeID(line.recipeID).map { SiteURL.recipe($0).path } ?? SiteURL.browse.path,
                title: line.title, quantityText: DisplayText.batches(line.quantity),
                servingsText: line.servings.map { "for \(DisplayText.servings($0))" })
        }
        let path: [OrderStatus] = [.new, .picking, .ready, .collected]
        let reached = path.firstIndex(of: order.status) ?? -1
        steps = path.enumerated().map { index, step in
            Step(title: step.title, isDone: index < reached, isCurrent: index == reached)
        }
        isCancelled = order.status == .cancelled
        self.shoppingList = shoppingList
        substitution = order.content.substitution?.text
        bill = OrderBill(order)
        change = OrderChangePanel(order, csrfToken: chrome.csrfToken)
        let names = Dictionary(
            shoppingList.flatMap(\.rows).map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
        let packed = order.content.pricing.map { PackedBill($0, marks: order.pickMarks) }
        let differences = Dictionary(
            (packed?.differences ?? []).map { ($0.rowKey, $0) }, uniquingKeysWith: { first, _ in first })
        let currency = order.content.pricing.flatMap { try? Currency(code: $0.currency) }
        changes = order.pickMarks.sorted { $0.key < $1.key }.compactMap { key, mark in
            if let difference = differences[key], let currency {
                return PickChange(
                    key: key, name: difference.estimated.first?.name ?? names[key] ?? key, state: mark.state,
                    text: PackedDifferenceText.text(difference, currency: currency),
                    differenceMinor: String(difference.amountMinor))
            }
            guard mark != .found, mark.packedAmount == nil else { return nil }
            return PickChange(key: key, name: names[key] ?? key, state: mark.state, text: PickMarkText.text(mark))
        }
        hasChanges = !changes.isEmpty
        partner = PartnerPanel(order)
        let partnerIsWorking = order.status != .cancelled && order.partner.map { !$0.status.isFinal } == true
        refreshSeconds = order.status.isOpen && order.status != .ready || partnerIsWorking ? 30 : nil
    }
}

/// The order page is rendered whole for every request: its names are looked up here, since reflecting them was nearly
/// all of the page's time (a profile of the page at 64 connections: 76 % in Mustache's `Mirror` lookups).
extension OrderView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "code": code
        case "status": status
        case "statusTitle": statusTitle
        case "note": note
        case "placedAt": placedAt
        case "lines": lines
        case "steps": steps
        case "isCancelled": isCancelled
        case "shoppingList": shoppingList
        case "substitution": substitution
        case "changes": changes
        case "hasChanges": hasChanges
        case "url": url
        case "cartURL": cartURL
        case "refreshSeconds": refreshSeconds
        case "partner": partner
        case "collectText": collectText
        case "slotStart": slotStart
        case "bill": bill
        case "change": change
        default: nil
        }
    }
}

extension OrderView.Line: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "recipeID": recipeID
        case "url": url
        case "title": title
        case "quantityText": quantityText
        case "servingsText": servingsText
        default: nil
        }
    }
}

extension OrderView.Step: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "isDone": isDone
        case "isCurrent": isCurrent
        default: nil
        }
    }
}

extension OrderView.PickChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "name": self.name
        case "state": state
        case "text": text
        case "differenceMinor": differenceMinor
        default: nil
        }
    }
}
