/// The session a staff request was let in on (`StaffSessionMiddleware`): staff's sign-in, or a paired wall screen's.
/// An answer that outlives its request, the board's stream, asks it again whether the session still holds: staff
/// sign out, a screen is revoked, the staff token changes, a session runs out.
indirect enum StaffSession: Sendable {
    case staff(cookie: String, StaffAuthenticator)
    case screen(cookie: String, ScreenPairing)

    /// Throws when the database cannot say.
    func holds() async throws -> Bool {
        switch self {
        case .staff(let cookie, let authenticator): try await authenticator.isSignedIn(cookie)
        case .screen(let cookie, let pairing): try await pairing.isPaired(cookie)
        }
    }
}
