import Foundation
import RecipeCartDomain
import RecipeCartShelf

/// One order on the staff board, as a kitchen display shows a ticket: its code large, how long it has waited in words
/// and colour, what the shopper allows when something is missing, its lines, its pick list to mark row by row, and the
/// buttons that move it on (and, for a minute, back).
struct StaffOrderTicket {
    /// How long after a move its Undo is offered; the post is taken a little longer, for a tap made just in time.
    static let undoOffered: TimeInterval = 60
    static let undoTaken: TimeInterval = 75

    struct LineRow {
        var title: String
        var quantity: Int
        var servingsText: String?
    }

    struct StatusButton {
        var from: String
        var to: String
        var title: String
    }

    /// Takes the last move back: Undo on the ticket, Bring back in "Recently done". `label` is what the button
    /// shows; `detail` ("back to “Received”") completes its name for a screen reader, and for the text browsers.
    struct BackButton {
        var action: String
        var from: String
        var label: String
        var detail: String
    }

    /// "Estimate €43.05 · As packed €43.31" (`data-order-estimate-minor`, `data-order-packed-minor`), the running
    /// total packing makes; once ready, the final amount fixed (`data-order-final-minor`).
    struct Bill {
        var estimateMinor: Int
        var packedMinor: Int
        var finalMinor: String?
        var text: String

        init?(_ order: Order, packed: PackedBill?) {
            guard let pricing = order.content.pricing, let packed, let currency = try? Currency(code: pricing.currency)
            else { return nil }
            estimateMinor = pricing.estimateMinor
            packedMinor = packed.totalMinor
            finalMinor = order.finalMinor.map(String.init)
            let estimate = "Estimate \(currency.format(minor: estimateMinor))"
            text =
                if let finalMinor = order.finalMinor {
                    "\(estimate) · Final \(currency.format(minor: finalMinor))"
                } else {
                    "\(estimate) · As packed \(packed.packed.isEstimated ? "≈ " : "")\(currency.format(minor: packedMinor))"
                }
        }
    }

    struct Substitution {
        var kind: String
        var text: String
    }

    var code: String
    var note: String?
    var status: String
    var statusTitle: String
    var itemCountText: String
    /// `fresh`, `warn` or `late` (`data-order-age`), with the same in words: "Late · 12 min". The age runs from
    /// sending, or for an order with a pickup slot from the slot's start ("On time · due in 25 min" before it), until
    /// the order is first ready, then stays.
    var age: String
    var ageText: String
    /// When it was sent and, once it has been, first ready (`data-placed-at`, `data-ready-at`), and when its slot
    /// starts (`data-slot-start`, RFC 3339 in the shop's zone): the board's script counts the age on from these
    /// every second, so a quiet board still turns amber and red on time.
    var placedAt: String
    var readyAt: String?
    var slotStart: String?
    /// "Due 10:00–10:30", with the weekday when it is not the board's day; nil for as soon as possible.
    var dueText: String?
    var substitution: Substitution?
    var lines: [LineRow]
    var pickList: [StaffPickSection]
    /// "Picked 3 of 7 · 1 short": the pick list at a glance, all a wall screen shows of it.
    var pickSummary: String
    var action: String
    /// The button that takes the order one step on; none once it is collected.
    var next: StatusButton?
    var cancel: StatusButton?
    var undo: BackButton?
    /// What it costs, estimated when sent and as packed so far; nil for an order without priced rows.
    var bill: Bill?
    /// What the delivery partner says, and how the hand-off to it goes; nil for a shop without one.
    var partner: PartnerPanel?
    var handoff: HandoffPanel?

    /// `day` is the shop's day the board shows, `zone` its time zone.
    init(
        order: Order, pickList: [ShoppingListGroup], handoff: Handoff? = nil, limits: OrderAge.Limits, now: Date,
        day: DateInterval, zone: TimeZone, choices: [String: [String]] = [:]
    ) {
        let button = { (target: OrderStatus) in
            StatusButton(from: order.status.rawValue, to: target.rawValue, title: target.actionTitle)
        }
        code = order.code.rawValue
        note = order.note.isEmpty ? nil : order.note
        status = order.status.rawValue
        statusTitle = order.status.title
        itemCountText = DisplayText.batches(order.itemCount)
        let waited = (order.readyAt ?? now).timeIntervalSince(order.dueAt)
        let ageState = limits.age(of: waited)
        age = ageState.rawValue
        ageText =
            switch (waited < 0, order.readyAt != nil) {
            case (true, true): "\(ageState.title) · ready early"
            case (true, false): "\(ageState.title) · due in \(Self.minutes((-waited / 60).rounded(.up) * 60))"
            case (false, _): "\(ageState.title) · \(Self.minutes(waited))"
            }
        placedAt = Self.instant(order.placedAt)
        readyAt = order.readyAt.map(Self.instant)
        slotStart = order.slot.map { ZonedTimestamp.text($0.start, in: zone) }
        dueText = order.slot.map { slot in
            let hours = PickupSlotText.hours(slot, in: zone)
            return day.contains(slot.start) && slot.start < day.end
                ? "Due \(hours)" : "Due \(PickupSlotText.weekday(slot.start, in: zone)) \(hours)"
        }
        substitution = order.content.substitution.map { Substitution(kind: $0.kind.rawValue, text: $0.text) }
        lines = order.content.lines.map { line in
            LineRow(title: line.title, quantity: line.quantity, servingsText: line.servings.map { "for \($0)" })
        }
        let packed = order.content.pricing.map { PackedBill($0, marks: order.pickMarks) }
        bill = Bill(order, packed: packed)
        self.pickList = StaffPickSection.sections(
            pickList, marks: order.pickMarks, bill: packed, estimated: order.content.pricing, choices: choices,
            code: order.code.rawValue, action: SiteURL.staffOrderMark(order.code).path,
            canMark: order.status.isOpen && (order.content.pricing == nil || order.status != .ready))
        pickSummary = Self.summary(
            rows: pickList.reduce(0) { $0 + $1.items.count }, marks: Array(order.pickMarks.values))
        action = SiteURL.staffOrderStatus(order.code).path
        next = order.status.next.map(button)
        cancel = order.status.isOpen ? button(.cancelled) : nil
        undo =
            now.timeIntervalSince(order.updatedAt) < Self.undoOffered
            ? Self.back(order, label: "Undo") : nil
        partner = PartnerPanel(order)
        self.handoff = handoff.map { HandoffPanel($0, code: order.code, zone: zone) }
    }

    /// "Bring back" for an order collected or cancelled in the last hour, to the status it left.
    static func back(_ order: Order, label: String) -> BackButton? {
        order.previousStatus.map { previous in
            BackButton(
                action: SiteURL.staffOrderBack(order.code).path, from: order.status.rawValue, label: label,
                detail: ": back to “\(previous.title)”")
        }
    }

    static func summary(rows: Int, marks: [PickMark]) -> String {
        let short = marks.filter { $0.missing != nil }.count
        let replaced = marks.filter { $0.replacement != nil }.count
        return
            (["Picked \(marks.count) of \(rows)"] + (short > 0 ? ["\(short) short"] : [])
            + (replaced > 0 ? ["\(replaced) replaced"] : [])).joined(separator: " · ")
    }

    /// An instant as RFC 3339 in UTC to the millisecond, which every browser's `Date.parse` reads.
    static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// "12 min", "1 h 5 min": long waits stay readable at a glance. `Public/staff.js` says it the same way.
    static func minutes(_ seconds: TimeInterval) -> String {
        let minutes = max(0, Int(seconds / 60))
        guard minutes >= 60 else { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

/// An order collected or cancelled in the last hour, with its Bring back.
struct StaffDoneTicket {
    var code: String
    var note: String?
    var status: String
    var statusText: String
    var back: StaffOrderTicket.BackButton?

    init(order: Order, zone: TimeZone) {
        code = order.code.rawValue
        note = order.note.isEmpty ? nil : order.note
        status = order.status.rawValue
        statusText = "\(order.status.title) \(ClockTime.text(order.updatedAt, in: zone))"
        back = StaffOrderTicket.back(order, label: "Bring back")
    }
}
