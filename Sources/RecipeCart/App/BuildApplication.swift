import Foundation
import Hummingbird
import Logging
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import ServiceLifecycle

/// Opens the database, loads the bundled catalog and templates, and wires the routes.
/// Anything missing or broken stops here, with a clear message, before the server listens.
/// - Parameter requestLines: where each request's log line goes, when not through `logger`.
package func buildApplication(
    _ config: AppConfig, logger: Logger = Logger(label: "RecipeCart"), requestLines: (any RequestLogSink)? = nil
) async throws -> some ApplicationProtocol {
    let stores = try await Stores.open(
        databaseURL: config.databaseURL, dataDirectory: config.dataDirectory, clock: config.clock, logger: logger,
        isServing: true, partnerEvents: config.partner != nil, timeZone: config.timeZone)
    let catalog = try BundledCatalog.load()
    if try await catalog.install(into: stores.catalog) {
        logger.info("bundled catalog loaded", metadata: ["recipes": "\(catalog.recipes.count)"])
    }
    do {
        let loaded = try await BundledShelf.load().install(into: stores.products, currency: config.currency)
        if loaded > 0 { logger.info("demo shelf loaded", metadata: ["products": "\(loaded)"]) }
    } catch let error as ProductFileRefusal {
        // Its prices are written in euros: a shop in a currency they do not read in starts with an empty shelf.
        logger.notice("demo shelf not loaded", metadata: ["reason": "\(error)"])
    } catch let error as BundledShelfError {
        logger.notice("demo shelf not loaded", metadata: ["reason": "\(error)"])
    }
    let renderer = try await PageRenderer(templatesDirectory: config.templatesDirectory)
    let secret = stores.secret
    let pictures = try PictureStore(imagesDirectory: config.imagesDirectory, shared: stores.pictures)
    let staff = StaffAuthenticator(
        token: config.staffToken ?? StaffAuthenticator.generatedToken(), secret: secret, sessions: stores.staffSessions,
        clock: config.clock)
    if config.staffToken == nil {
        logger.notice(
            "no staff token set; staff sign in at http://\(config.host):\(config.port)/staff/login with the token \(staff.token)"
        )
    }
    var upstreamSettings = config.upstream
    upstreamSettings.clock = config.clock.now
    let (upstream, upstreamServices) = try UpstreamCatalog.make(
        settings: upstreamSettings, stores: stores, imagesDirectory: config.imagesDirectory, logger: logger)
    let staticFiles = try StaticFiles.prepare(
        publicDirectory: config.publicDirectory, bundledImages: catalog.imagesDirectory,
        imageCache: config.imagesDirectory.appendingPathComponent(UpstreamImages.folder), uploads: pictures.directory,
        cacheBudget: config.staticCacheBytes, logger: logger)
    let search = SearchRanker(catalog: stores.catalog)
    // Built before the server listens, so the first searches after a start are ranked by it rather than by the
    // database while it is built (at 100,000 recipes that second of full-text searches beside the build put the p99
    // at a quarter of a second and the peak RSS past 100 MB). A failure here is retried by the warmer.
    _ = try? await search.index.value(at: stores.catalog.generation())
    // Made first: it chooses the metrics backend, which every counter made after it reports to.
    let metricsServer = config.metricsPort.map {
        MetricsServer(host: config.host, port: $0, timings: config.requestGuardTimings, logger: logger)
    }
    let connections = ConnectionLimit(
        maximum: config.maxConnections ?? ConnectionLimit.standard(openFiles: OpenFileLimit.raiseToHard()))
    let requestMetrics = metricsServer.map { _ in RequestMetrics() }
    let requestLog = RequestLog(
        level: requestLogLevel, sink: requestLines, makeRequestID: { .stringConvertible(RequestID()) })
    let (router, browse, recipes, cart, pages) = try makeRouter(
        config: config, stores: stores, renderer: renderer, signer: SessionSigner(secret: secret),
        staticFiles: staticFiles, pictures: pictures, staff: staff, upstream: upstream, search: search,
        requestMetrics: requestMetrics, requestLog: requestLog)
    let serverName = "RecipeCart"
    let ending = EarlyAnswerFinisher(
        serverName: serverName, logger: logger, requestLog: requestLog,
        count: requestMetrics?.countingOnEventLoop)
    let answers: [any EarlyAnswerSource] =
        config.answersOnEventLoop
        ? [
            EarlyFileAnswers(files: staticFiles, ending: ending),
            EarlyPageAnswers(
                browse: browse, recipes: recipes, keptPages: cart.keptPages, pages: pages, ending: ending),
        ] : []
    return Application(
        router: router,
        // The request guard closes connections that send nothing for the connection timeout (30 s), so idle or
        // half-sent requests cannot pile up, and sooner while the connection cap is nearly reached.
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    HTTP1RequestGuardInstaller(timings: config.requestGuardTimings, connections: connections)
                ],
                idleTimeout: nil),
            earlyAnswers: answers),
        configuration: .init(
            address: .hostname(config.host, port: config.port), serverName: serverName,
            availableConnectionsDelegate: connections.delegate),
        services: stores.services + upstreamServices
            + (stores.pickupSlots.changeListener(logger: logger).map { [$0] } ?? [])
            + [
                SessionPurger(carts: stores.carts, keptPages: cart.keptPages, logger: logger),
                SearchIndexWarmer(catalog: stores.catalog, index: search.index, logger: logger),
            ]
            + (metricsServer.map { [$0] } ?? [])
            + partnerServices(config: config, stores: stores, logger: logger),
        logger: logger)
}

/// With a partner, the sender of its outbox, after the shutdown of its own HTTP client (services stop in reverse).
private func partnerServices(config: AppConfig, stores: Stores, logger: Logger) -> [any Service] {
    guard let partner = config.partner else { return [] }
    let client = PartnerSender.makeClient()
    return [
        HTTPClientService(client: client),
        PartnerSender(
            settings: partner, store: stores.partner, client: client, clock: config.clock, logger: logger,
            boardChanges: stores.boardChanges),
    ]
}

/// The level of the one line each request is logged with.
let requestLogLevel = Logger.Level.info

func makeRouter(
    config: AppConfig, stores: Stores, renderer: PageRenderer, signer: SessionSigner, staticFiles: StaticFiles,
    pictures: PictureStore, staff: StaffAuthenticator, upstream: UpstreamCatalog, search: SearchRanker,
    requestMetrics: RequestMetrics?, requestLog: RequestLog
) throws -> (Router<AppRequestContext>, BrowseController, RecipeController, CartController, PageContext) {
    let catalog = stores.catalog
    let carts = stores.carts
    let cookies = CookiePolicy(secure: config.secureCookies)
    let flash = StatusFlash(secret: signer.secret)
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
        store: stores.screenPairings, secret: signer.secret, tokenDigest: staff.tokenDigest, clock: config.clock)
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
        labeler: CartLabeler(secret: staff.secret), upstream: upstream, pages: pages, boardChanges: stores.boardChanges,
        orderAges: config.orderAges, pickup: pickup, currency: pricing.currency, shelf: pricing.offers)
    let packing = StaffPackingController(
        orders: stores.orders, shoppingLists: shoppingLists, pages: pages, currency: pricing.currency,
        shelf: pricing.offers, closeMatchPriceRise: config.closeMatchPriceRise)
    let screenPairing = ScreenController(pairing: screens, throttle: stores.signInThrottle, pages: pages)
    let health = HealthController(ping: stores.ping)
    let partner = PartnerController(
        signer: config.partner.map { WebhookSigner(secret: $0.secret) }, partner: stores.partner, clock: config.clock)
    let routes = RouteRegistrar(router: router, boardChanges: stores.boardChanges, keptPages: cart.keptPages)
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
    return (router, browse, recipes, cart, pages)
}
