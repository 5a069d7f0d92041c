import RecipeCartDomain

/// `/staff/slots`: the shop's pickup slots, as a form staff fill in; refused, it comes back as typed with every
/// problem listed.
struct StaffSlotsView: PageView {
    static let template = PageTemplate.staffSlots

    struct Day {
        var name: String
        var field: String
        var isOpen: Bool
        var opens: String
        var closes: String
    }

    struct Length {
        var minutes: Int
        var isChosen: Bool
    }

    var title = "Pickup slots"
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var action = SiteURL.staffSlots.path
    var boardURL = SiteURL.staffBoard.path
    var days: [Day]
    var lengths: [Length]
    var capacity: String
    var cutOffMinutes: String
    var closedDays: String
    var capacityMin = PickupSlotSettings.capacities.lowerBound
    var capacityMax = PickupSlotSettings.capacities.upperBound
    var cutOffMax = PickupSlotSettings.cutOffs.upperBound
    /// Whether the shop has slots now: without, orders are collected as soon as possible.
    var isOn: Bool
    var problems: [String]
    var hasProblems: Bool
    var saved: Bool
    var zoneName: String

    init(
        form: PickupSlotForm, isOn: Bool, problems: [String], saved: Bool, zoneName: String, csrfToken: String,
        stylesheetURL: String, iconURL: String
    ) {
        days = form.days.map { day in
            Day(
                name: PickupSlotSettings.weekdayName(day.weekday), field: PickupSlotForm.fieldName(day.weekday),
                isOpen: day.isOpen, opens: day.opens, closes: day.closes)
        }
        lengths = PickupSlotSettings.slotLengths.map { Length(minutes: $0, isChosen: String($0) == form.slotMinutes) }
        capacity = form.capacity
        cutOffMinutes = form.cutOffMinutes
        closedDays = form.closedDays
        self.isOn = isOn
        self.problems = problems
        hasProblems = !problems.isEmpty
        self.saved = saved
        self.zoneName = zoneName
        self.csrfToken = csrfToken
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
    }
}
