/// Who a group of staff routes admits besides signed-in staff (`StaffOnlyMiddleware`). A route a wall screen needs
/// (the board, moving an order, marking a pick line) goes in a `staffAndScreens` group; every other staff page stays
/// `staffOnly`, where a paired screen gets a 403 page.
enum StaffAccess: Sendable {
    case staffOnly
    case staffAndScreens

    /// What a paired screen is told on a staff-only page.
    static let screenRefused = AppError.forbidden(
        "This is a paired wall screen: it shows the orders board and moves orders on, nothing else. "
            + "Please use a staff sign-in on your own device for this page.")
}
