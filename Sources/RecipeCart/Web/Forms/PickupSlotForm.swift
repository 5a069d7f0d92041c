import Foundation
import RecipeCartDomain

/// The staff page's pickup slot settings as posted: each weekday's `{day}_open`, `{day}_opens` and `{day}_closes`
/// (`09:00`; closing at `00:00` or `24:00` is midnight at the day's end, since a time input cannot say 24:00), `slot_minutes`, `capacity`, `cutoff_minutes` and `closed_days` (dates, `2026-12-25`, separated by
/// spaces, commas or lines). The text is kept as typed, so a refused form comes back as it was sent.
struct PickupSlotForm: Sendable {
    struct Day: Sendable {
        var weekday: Int
        var isOpen: Bool
        var opens: String
        var closes: String
    }

    var days: [Day]
    var slotMinutes: String
    var capacity: String
    var cutOffMinutes: String
    var closedDays: String

    /// A form showing `settings`, or, for a shop without slots, a week to start from.
    init(_ settings: PickupSlotSettings?) {
        days = PickupSlotSettings.weekOrder.map { weekday in
            let hours = settings?.hours[weekday]
            return Day(
                weekday: weekday, isOpen: hours != nil, opens: OpeningHours.text(hours?.opens ?? 9 * 60),
                closes: OpeningHours.text((hours?.closes ?? 18 * 60) % (24 * 60)))
        }
        slotMinutes = String(settings?.slotMinutes ?? 30)
        capacity = String(settings?.capacity ?? 10)
        cutOffMinutes = String(settings?.cutOffMinutes ?? 60)
        closedDays = (settings?.closedDays.sorted() ?? []).map(\.description).joined(separator: "\n")
    }

    init(_ form: FormFields) {
        days = PickupSlotSettings.weekOrder.map { weekday in
            let name = Self.fieldName(weekday)
            return Day(
                weekday: weekday, isOpen: form["\(name)_open"] == "1",
                opens: form["\(name)_opens"]?.trimmingCharacters(in: .whitespaces) ?? "",
                closes: form["\(name)_closes"]?.trimmingCharacters(in: .whitespaces) ?? "")
        }
        slotMinutes = form["slot_minutes"]?.trimmingCharacters(in: .whitespaces) ?? ""
        capacity = form["capacity"]?.trimmingCharacters(in: .whitespaces) ?? ""
        cutOffMinutes = form["cutoff_minutes"]?.trimmingCharacters(in: .whitespaces) ?? ""
        closedDays = form["closed_days"] ?? ""
    }

    /// `monday` for 2.
    static func fieldName(_ weekday: Int) -> String {
        PickupSlotSettings.weekdayName(weekday).lowercased()
    }

    /// What cannot be read at all (a 400), or else what is out of range (a 422), each naming its field.
    enum Refusal: Error, Equatable {
        case unreadable([String])
        case outOfRange([String])
    }

    /// The settings the form says, or why not.
    func settings() -> Result<PickupSlotSettings, Refusal> {
        var unreadable: [String] = []
        var missing: [String] = []
        func number(_ text: String, _ field: String) -> Int {
            guard text.utf8.count <= 6, let value = Int(text) else {
                unreadable.append("\(field) must be a whole number.")
                return 0
            }
            return value
        }
        let slotMinutes = number(slotMinutes, "The slot length")
        let capacity = number(capacity, "Orders a slot takes")
        let cutOff = number(cutOffMinutes, "The cut-off")
        var hours: [Int: OpeningHours] = [:]
        for day in days where day.isOpen {
            let name = PickupSlotSettings.weekdayName(day.weekday)
            guard !day.opens.isEmpty, !day.closes.isEmpty else {
                missing.append("\(name): give the opening and closing times, or leave it closed.")
                continue
            }
            guard let opens = OpeningHours.minutes(day.opens), let closes = OpeningHours.minutes(day.closes) else {
                unreadable.append("\(name): times are written 09:00, from 00:00 to 24:00.")
                continue
            }
            hours[day.weekday] = OpeningHours(opens: opens, closes: closes == 0 ? 24 * 60 : closes)
        }
        var closed: Set<CalendarDay> = []
        let dates = closedDays.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        if closedDays.utf8.count > 4096 {
            unreadable.append("The closed days are too long a list.")
        } else {
            for text in dates {
                guard let date = CalendarDay(text) else {
                    unreadable.append("Closed days are dates written 2026-12-25; “\(text.prefix(20))” is not one.")
                    continue
                }
                closed.insert(date)
            }
        }
        guard unreadable.isEmpty else { return .failure(.unreadable(unreadable)) }
        let settings = PickupSlotSettings(
            hours: hours, slotMinutes: slotMinutes, capacity: capacity, cutOffMinutes: cutOff, closedDays: closed)
        var problems = missing + settings.problems
        if hours.isEmpty && missing.isEmpty { problems.append("Open at least one weekday, or turn slots off.") }
        return problems.isEmpty ? .success(settings) : .failure(.outOfRange(problems))
    }
}
