import Hummingbird

/// What every controller needs to render a page for the current shopper.
struct PageContext: Sendable {
    let renderer: PageRenderer
    let carts: CartStore
    let signer: SessionSigner
    let assets: AssetURLs

    func chrome(title: String, section: String = "", context: AppRequestContext) async throws -> PageChrome {
        let session = try context.shopper
        let count = session.isNew ? 0 : try await carts.itemCount(session: session.key)
        return chrome(title: title, section: section, session: session, cartCount: count, cartChanged: context.cartChanged)
    }

    func chrome(title: String, section: String, session: ShopperSession?, cartCount: Int, cartChanged: Bool = false) -> PageChrome {
        PageChrome(
            title: title, cartCount: cartCount, csrfToken: session.map(signer.csrfToken) ?? "",
            stylesheetURL: assets.url(for: "app.css"), scriptURL: assets.url(for: "app.js"),
            cartChanged: cartChanged, isBrowse: section == "browse", isCart: section == "cart")
    }
}
