import Hummingbird

extension CookiePolicy {
    /// The cookies a post leaves for the page it lands on (the cart badge's bump, the status message), cleared by the
    /// page that shows them: the one rule `SessionMiddleware` and the pages answered on the event loop both follow.
    func clearingOneShots(cartChanged: Bool, status: Bool) -> [SetCookie] {
        (cartChanged ? [expired(self.cartChanged)] : []) + (status ? [expired(self.status)] : [])
    }
}
