/// A wall screen's cookie, as `StaffSessionMiddleware` found it.
enum ScreenSignIn: Sendable, Equatable {
    /// A paired screen's live session: the board and its moves, nothing else (`StaffAccess`).
    case paired
    /// Revoked, made under an old staff token, or never ours: the screen goes back to showing a pairing code.
    case gone
}
