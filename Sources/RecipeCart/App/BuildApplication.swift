import Foundation
import Hummingbird
import Logging
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStaticFiles
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
    let serverKey = stores.serverKey
    let pictures = try PictureStore(imagesDirectory: config.imagesDirectory, shared: stores.pictures)
    let staff = StaffAuthenticator(
        token: config.staffToken ?? StaffAuthenticator.generatedToken(), serverKey: serverKey,
        sessions: stores.staffSessions,
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
    let shop = try ShopRouter(
        config: config, stores: stores, renderer: renderer, signer: SessionSigner(serverKey: serverKey),
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
                browse: shop.browse, recipes: shop.recipes, keptPages: shop.keptPages, pages: shop.pages,
                ending: ending),
        ] : []
    return Application(
        router: shop.router,
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
                SessionPurger(carts: stores.carts, keptPages: shop.keptPages, logger: logger),
                SearchIndexWarmer(catalog: stores.catalog, index: search.index, logger: logger),
                BoardHeartbeat(changes: stores.boardChanges),
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
