import AsyncHTTPClient
import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import ServiceLifecycle

/// What asking upstream before a page came to. Pages render from SQLite whatever it says.
package enum UpstreamStatus: Sendable, Equatable {
    /// Nothing to ask: the bundled source, a page with no search or category, a recipe of another source.
    case notNeeded
    /// Answered from SQLite without a call: asked within the cache TTL, or a recipe already complete here.
    case cached
    /// One call made and its answer saved.
    case refreshed
    /// Upstream failed or may not be called now: the page shows what is saved, with a notice.
    case unavailable(UpstreamFault)
    /// This client has caused its share of calls for now: its page shows what is saved; others still reach upstream.
    case clientBudgetSpent

    package var notice: String? {
        switch self {
        case .unavailable: UpstreamCatalog.notice
        case .clientBudgetSpent: UpstreamCatalog.budgetNotice
        default: nil
        }
    }
}

/// Fills and refreshes SQLite from the configured recipe API before a page renders (offline first):
/// a search or a category at most once per TTL, a recipe's full record when its page is first opened.
/// Searches and categories refresh the recipes they list; opening a saved recipe costs no quota.
/// Upstream trouble never fails a page, except a recipe that was never saved and cannot be fetched now.
package struct UpstreamCatalog: Sendable {
    package static let notice = "Showing saved recipes — the recipe service is unavailable."
    package static let budgetNotice =
        "Showing saved recipes — you have searched a lot; new results from the recipe service again within the hour."

    package let settings: UpstreamSettings
    package let provider: (any RecipeProvider)?
    package let store: any UpstreamStore
    package let images: ImageCache?
    /// The day's points, read for the staff board; nil for the bundled source.
    package let quota: CallQuota?
    private let health: UpstreamHealth
    private let budget: ClientCallBudget
    private let flights = InFlight<UpstreamStatus>()
    private let logger: Logger

    package init(
        settings: UpstreamSettings, provider: (any RecipeProvider)?, store: any UpstreamStore, images: ImageCache?,
        quota: CallQuota?,
        logger: Logger
    ) {
        self.settings = settings
        self.provider = provider
        self.store = store
        self.images = images
        self.quota = quota
        health = UpstreamHealth(backoff: settings.failureBackoff, logger: logger)
        budget = ClientCallBudget(callsPerWindow: settings.callsPerClientHour)
        self.logger = logger
    }

    /// The catalog for `settings`, and the services it needs run: the image downloader, then the shutdown of the
    /// shared HTTP client (listed first, so it stops last). No client and no services for the bundled source.
    package static func make(
        settings: UpstreamSettings, stores: any UpstreamStores, imagesDirectory: URL, logger: Logger
    ) throws -> (UpstreamCatalog, services: [any Service]) {
        let store = stores.upstream
        guard settings.source != .bundled else {
            return (
                UpstreamCatalog(
                    settings: settings, provider: nil, store: store, images: nil, quota: nil, logger: logger), []
            )
        }
        let cacheDirectory = imagesDirectory.appendingPathComponent(UpstreamImages.folder)
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        // Made last, once nothing can throw: a client that is never shut down is a bug.
        let client = UpstreamHTTP.makeClient(timeout: settings.timeout)
        let http = UpstreamHTTP(client: client)
        let images = ImageCache(
            directory: cacheDirectory, http: http, store: store, shared: stores.pictures, settings: settings,
            logger: logger)
        let provider = makeProvider(settings: settings, http: http, quotaStore: stores.callQuota, logger: logger)
        let quota = CallQuota(
            store: stores.callQuota, source: settings.source, dailyLimit: settings.resolvedDailyCallLimit,
            clock: settings.clock)
        let catalog = UpstreamCatalog(
            settings: settings, provider: provider, store: store, images: images, quota: quota, logger: logger)
        return (catalog, [HTTPClientService(client: client), images])
    }

    package static func makeProvider(
        settings: UpstreamSettings, http: UpstreamHTTP, quotaStore: any CallQuotaStore, logger: Logger
    ) -> (any RecipeProvider)? {
        let api = UpstreamAPI(http: http, quotaStore: quotaStore, settings: settings, logger: logger)
        switch settings.source {
        case .bundled: return nil
        case .themealdb: return MealDBClient(api: api)
        case .spoonacular: return SpoonacularClient(api: api)
        }
    }

    // MARK: Pages

    /// False when the catalog is the bundled one alone, and nothing is ever asked upstream.
    package var isConfigured: Bool { provider != nil }

    /// Before a Browse page: a search `q`, or else a `category`, or else a cuisine (`area`), or else a main `ingredient`,
    /// not asked within the TTL makes one call.
    /// The home page with neither makes none. A call counts against `client`'s share.
    package func refresh(for query: BrowseQuery, client: String) async -> UpstreamStatus {
        guard let provider else { return .notNeeded }
        let text = query.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        let request: BrowseRequest
        if !text.isEmpty {
            // Text with nothing searchable finds nothing here, so it is not worth a call either.
            guard SearchPattern.make(from: text) != nil else { return .notNeeded }
            request = .search(text)
        } else if let category = query.category, let listing = provider as? any CategoryListing {
            request = .category(category, listing)
        } else if let area = query.area, let listing = provider as? any AreaListing {
            request = .area(area, listing)
        } else if let ingredient = query.ingredient, let listing = provider as? any IngredientListing {
            request = .ingredient(ingredient, listing)
        } else {
            return .notNeeded
        }
        let key = "\(provider.source.rawValue) \(request.key)"
        do {
            if try await isFresh(key) { return .cached }
        } catch {
            logger.error("upstream cache not readable", metadata: ["error": "\(error)"])
            return .unavailable(.unreachable("cache not readable"))
        }
        guard budget.spend(for: client, at: settings.clock()) else { return .clientBudgetSpent }
        return await flights.run(key) {
            await call {
                // Another page may have fetched it since the check above.
                if try await isFresh(key) { return .cached }
                try await save(
                    try await request.fetch(from: provider), requestKey: key, mainIngredient: request.mainIngredient)
                return .refreshed
            }
        }
    }

    /// Before a recipe page: fetches the full record of an upstream recipe that is missing or only a tile's worth.
    /// Throws `RecipeUnavailable` only for a recipe that is not saved at all and cannot be fetched now;
    /// a recipe upstream does not have is left to the page's 404. A call counts against `client`'s share.
    package func ensureRecipe(_ id: RecipeID, client: String) async throws -> UpstreamStatus {
        guard let provider, provider.owns(id) else { return .notNeeded }
        let state = try await store.state(of: id)
        if state?.isComplete == true { return .cached }
        let status =
            !budget.spend(for: client, at: settings.clock())
            ? .clientBudgetSpent
            : await flights.run("\(provider.source.rawValue) recipe \(id.rawValue)") {
                await call {
                    if let record = try await provider.recipe(id) { try await save([record]) }
                    return .refreshed
                }
            }
        if status.notice != nil, state == nil {
            throw RecipeUnavailable(
                "This recipe isn’t saved here yet, and the recipe service isn’t answering right now. Please try again in a few minutes."
            )
        }
        return status
    }

    /// The cuisines the API names (TheMealDB's `list.php?a=list`), asked at most once per TTL; the Browse page asks
    /// only for a cuisine not saved here, so the home page still makes no call. Empty for an API that names none;
    /// what was saved before when the list cannot be asked now. A call counts against `client`'s share.
    package func areaNames(client: String) async -> [String] {
        guard let provider, let listing = provider as? any AreaListing else { return [] }
        let key = "\(provider.source.rawValue) areas"
        let saved: [String]
        do {
            let cached = try await store.names(key)
            if let cached, isFresh(cached.fetchedAt) { return cached.names }
            saved = cached?.names ?? []
        } catch {
            logger.error("upstream cache not readable", metadata: ["error": "\(error)"])
            return []
        }
        guard budget.spend(for: client, at: settings.clock()) else { return saved }
        let status = await flights.run(key) {
            await call {
                if try await store.names(key).map({ isFresh($0.fetchedAt) }) == true { return .cached }
                try await store.saveNames(try await listing.areaNames(), requestKey: key, at: settings.clock())
                return .refreshed
            }
        }
        guard status.notice == nil else { return saved }
        return (try? await store.names(key))?.names ?? saved
    }

    /// The API points used and left today; nil when no API is configured.
    package func pointsToday() async throws -> PointsUsage? {
        try await quota?.usageToday()
    }

    // MARK: Calls

    private enum BrowseRequest: Sendable {
        case search(String)
        case category(String, any CategoryListing)
        case area(String, any AreaListing)
        case ingredient(MainIngredient, any IngredientListing)

        package var key: String {
            switch self {
            case .search(let text): "search \(text)"
            case .category(let name, _): "category \(name)"
            case .area(let name, _): "area \(name)"
            case .ingredient(let main, _): "ingredient \(main.rawValue)"
            }
        }

        /// The main ingredient whose listing the answer is: its tiles carry no ingredients to be found by.
        package var mainIngredient: MainIngredient? {
            if case .ingredient(let main, _) = self { main } else { nil }
        }

        package func fetch(from provider: any RecipeProvider) async throws(UpstreamFault) -> [FetchedRecipe] {
            switch self {
            case .search(let text): try await provider.search(text)
            case .category(let name, let listing): try await listing.category(name)
            case .area(let name, let listing): try await listing.area(name)
            case .ingredient(let main, let listing): try await listing.mainIngredient(main)
            }
        }
    }

    /// Runs `work` unless upstream is backing off, and turns every failure into `.unavailable`.
    private func call(_ work: () async throws -> UpstreamStatus) async -> UpstreamStatus {
        guard await health.allowsCall(at: settings.clock()) else { return .unavailable(.backingOff) }
        do {
            let status = try await work()
            await health.succeeded(at: settings.clock())
            return status
        } catch let fault as UpstreamFault {
            await health.failed(fault, at: settings.clock())
            return .unavailable(fault)
        } catch {
            logger.error("upstream answer not saved", metadata: ["error": "\(error)"])
            return .unavailable(.unreachable("answer not saved"))
        }
    }

    private func save(_ records: [FetchedRecipe], requestKey: String? = nil, mainIngredient: MainIngredient? = nil)
        async throws
    {
        guard let provider else { return }
        try await store.save(
            records, source: provider.source, requestKey: requestKey, mainIngredient: mainIngredient,
            at: settings.clock())
        images?.enqueue(records.compactMap(\.imageURL))
    }

    private func isFresh(_ key: String) async throws -> Bool {
        try await store.request(key).map { isFresh($0.fetchedAt) } ?? false
    }

    private func isFresh(_ fetchedAt: Date) -> Bool {
        settings.clock().timeIntervalSince(fetchedAt) < settings.cacheTTL
    }
}
