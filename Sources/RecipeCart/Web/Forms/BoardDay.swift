/// Which day's orders the staff board shows (`day=`): today's and any overdue, or tomorrow's, for early packing.
enum BoardDay: String, Sendable {
    case today
    case tomorrow

    /// Nothing given is today; anything but the two names is a 400.
    init(_ text: String?) throws {
        guard let text, !text.isEmpty else {
            self = .today
            return
        }
        guard let day = BoardDay(rawValue: text) else {
            throw AppError.badRequest("The board shows today’s orders (day=today) or tomorrow’s (day=tomorrow).")
        }
        self = day
    }
}
