import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStaticFiles
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire

/// The shop's router, with every middleware and route, and the parts of it the event-loop answers
/// (`EarlyPageAnswers`) share with it, so that both paths answer a page from the same controllers and the same kept
/// pages.
struct ShopRouter {
    /// Every middleware and route; what the event loop does not answer comes here.
    let router: Router<AppRequestContext>
    /// Browse pages, from its page cache.
    let browse: BrowseController
    /// Recipe pages, from its page cache.
    let recipes: RecipeController
    /// The cart and order pages a shopper opened before, which the cart's and orders' posts forget.
    let keptPages: KeptShopperPages
    /// What every page is rendered with: templates, session signer, cookies, the cart's count in memory.
    let pages: PageContext

    init(
        config: AppConfig, stores: Stores, renderer: PageRenderer, signer: SessionSigner, staticFiles: StaticFiles,
        pictures: PictureStore, staff: StaffAuthenticator, upstream: UpstreamCatalog, search: SearchRanker,
        requestMetrics: RequestMetrics?, requestLog: RequestLog
    ) throws {
        let catalog = stores.catalog
        let carts = stores.carts
        let cookies = CookiePolicy(secure: config.secureCookies)
        let flash = StatusFlash(serverKey: signer.serverKey)
        let pages = PageContext(
            renderer: renderer, carts: carts, cartMemory: stores.cartMemory, signer: signer,
            assets: AssetURLs(files: staticFiles), cookies: cookies,
            flash: flash,
            clock: config.clock, timeZone: config.timeZone)

        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        if let requestMetrics { router.add(middleware: RequestMetricsMiddleware(metrics: requestMetrics)) }
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HTMLCompressionMiddleware())
        router.add(middleware: RequestLogMiddleware(log: requestLog))
        if stores.cartMemory.needsLastWrite {
            router.add(middleware: LastWriteMiddleware(cookies: cookies, clock: config.clock))
        }
        let admission = RequestAdmission(limits: config.requestLimits)
        router.add(middleware: LoadSheddingMiddleware(admission: admission, stage: .pages))
        router.add(middleware: ErrorPageMiddleware(pages: pages))
        router.add(middleware: MethodGuardMiddleware())
        router.add(middleware: StaticFileMiddleware(files: staticFiles, pictures: stores.pictures))
        router.add(middleware: ClientAddressMiddleware(trustedProxies: config.trustedProxies))
        router.add(middleware: OriginGuardMiddleware())
        router.add(middleware: LoadSheddingMiddleware(admission: admission, stage: .posts))
        router.add(middleware: SessionMiddleware(signer: signer, flash: flash, cookies: cookies))
        let screens = ScreenPairing(
            store: stores.screenPairings, serverKey: signer.serverKey, tokenDigest: staff.tokenDigest,
            clock: config.clock)
        router.add(middleware: StaffSessionMiddleware(authenticator: staff, screens: screens, cookies: cookies))

        let pricing = ShelfPricing(
            offers: ShelfOffers(products: stores.products, catalog: catalog, clock: config.clock),
            currency: config.currency)
        let cookable = CookableRanker(catalog: catalog, search: search)
        let costs = RecipeCosts(catalog: catalog, pricing: pricing)
        let browse = BrowseController(
            catalog: catalog, catalogMemory: stores.catalogMemory, upstream: upstream, pages: pages, cache: PageCache(),
            search: search, suggester: SpellingSuggester(index: search.index), cookable: cookable,
            byCost: CostRanker(
                catalog: catalog, search: search, cookable: cookable, costs: costs, currency: config.currency),
            costs: costs, currency: config.currency, facets: BrowseFacets.memo(of: catalog))
        let edits = stores.edits
        let recipes = RecipeController(
            catalog: catalog, carts: carts, catalogMemory: stores.catalogMemory, edits: edits, upstream: upstream,
            pages: pages, pricing: pricing, cache: PageCache(),
            blocks: FragmentCache())
        let shoppingLists = ShoppingListBuilder(catalog: catalog, lists: stores.shoppingLists)
        let pickup = PickupOffers(store: stores.pickupSlots, zone: config.timeZone, clock: config.clock)
        let keptPages = KeptShopperPages(
            catalogMemory: stores.catalogMemory, boardChanges: stores.boardChanges, pages: pages)
        let cart = CartController(
            catalog: catalog, carts: carts, orders: stores.orders, lists: stores.shoppingLists, shares: stores.shares,
            shoppingLists: shoppingLists, pricing: pricing, pages: pages, keptPages: keptPages, pickup: pickup)
        let list = ShoppingListController(
            carts: carts, lists: stores.shoppingLists, shares: stores.shares, orders: stores.orders,
            shoppingLists: shoppingLists,
            pricing: pricing, pages: pages)
        let orders = OrderController(
            catalog: catalog, carts: carts, orders: stores.orders,
            shoppingLists: shoppingLists, pricing: pricing, pages: pages, pickup: pickup, cartPage: cart,
            keptPages: keptPages)
        let edit = EditController(catalog: catalog, edits: edits, pictures: pictures, pages: pages)
        let staffSignIn = StaffSignInController(authenticator: staff, throttle: stores.signInThrottle, pages: pages)
        let staffBoard = StaffBoardController(
            carts: carts, orders: stores.orders, partner: stores.partner, shoppingLists: shoppingLists,
            labeler: CartLabeler(serverKey: staff.serverKey), upstream: upstream, pages: pages,
            boardChanges: stores.boardChanges,
            orderAges: config.orderAges, pickup: pickup, currency: pricing.currency, shelf: pricing.offers)
        let packing = StaffPackingController(
            orders: stores.orders, shoppingLists: shoppingLists, pages: pages, currency: pricing.currency,
            shelf: pricing.offers, closeMatchPriceRise: config.closeMatchPriceRise)
        let screenPairing = ScreenController(pairing: screens, throttle: stores.signInThrottle, pages: pages)
        let health = HealthController(ping: stores.ping)
        let partner = PartnerController(
            signer: config.partner.map { WebhookSigner(secret: $0.secret) }, partner: stores.partner,
            clock: config.clock)
        let routes = RouteRegistrar(router: router, boardChanges: stores.boardChanges, keptPages: keptPages)
        browse.addRoutes(to: routes)
        recipes.addRoutes(to: routes)
        edit.addRoutes(to: routes)
        cart.addRoutes(to: routes)
        list.addRoutes(to: routes)
        orders.addRoutes(to: routes)
        staffSignIn.addRoutes(to: routes)
        let signInFirst = staffSignIn.signInFirst
        staffBoard.addRoutes(to: routes, signInPage: signInFirst)
        packing.addRoutes(to: routes, signInPage: signInFirst)
        StaffAislesController(lists: stores.shoppingLists, shoppingLists: shoppingLists, pages: pages)
            .addRoutes(to: routes, signInPage: signInFirst)
        screenPairing.addRoutes(to: routes, signInPage: signInFirst)
        StaffProductsController(
            products: stores.products, currency: config.currency, carts: carts, orders: stores.orders,
            shoppingLists: shoppingLists, pages: pages
        ).addRoutes(to: routes, signInPage: signInFirst)
        StaffSlotsController(store: stores.pickupSlots, pages: pages)
            .addRoutes(to: routes, signInPage: signInFirst)
        health.addRoutes(to: routes)
        partner.addRoutes(to: routes)
        try routes.finish(on: router)
        self.router = router
        self.browse = browse
        self.recipes = recipes
        self.keptPages = keptPages
        self.pages = pages
    }
}
