import Hummingbird

/// What every controller needs to render a page for the current shopper.
struct PageContext: Sendable {
    let renderer: PageRenderer
    let carts: CartStore
    let signer: SessionSigner
    let assets: AssetURLs

    func chrome(title: String, section: String = "", context: AppRequestContext) async throws -> PageChrome {
        chrome(title: title, section: section, personal: try await personalParts(context: context))
    }

    func chrome(title: String, section: String, session: ShopperSession?, cartCount: Int, cartChanged: Bool = false) -> PageChrome {
        chrome(title: title, section: section, personal: personalParts(session: session, cartCount: cartCount, cartChanged: cartChanged))
    }

    /// The parts of a page that belong to one shopper; everything else can be cached and shared.
    func personalParts(session: ShopperSession?, cartCount: Int, cartChanged: Bool) -> PersonalParts {
        PersonalParts(
            csrfToken: session.map(signer.csrfToken) ?? "", cartCount: String(cartCount),
            badgeClass: cartChanged ? "badge badge--bump" : "badge")
    }

    func personalParts(context: AppRequestContext) async throws -> PersonalParts {
        let session = try context.shopper
        let count = session.isNew ? 0 : try await carts.itemCount(session: session.key)
        return personalParts(session: session, cartCount: count, cartChanged: context.cartChanged)
    }

    func chrome(title: String, section: String, personal: PersonalParts) -> PageChrome {
        PageChrome(
            title: title, cartCount: personal.cartCount, csrfToken: personal.csrfToken,
            stylesheetURL: assets.url(for: "app.css"), scriptURL: assets.url(for: "app.js"),
            badgeClass: personal.badgeClass, isBrowse: section == "browse", isCart: section == "cart")
    }
}
