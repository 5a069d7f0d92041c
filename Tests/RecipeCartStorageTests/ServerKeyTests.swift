import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCartServices

/// What instances on one database share: the key that signs cookies, carts, and the catalog's generation. On
/// PostgreSQL two `Stores` on one database, each with its own data dir, as two servers run them; on SQLite one data
/// dir opened twice.
@Suite struct ServerKeyTests {
    private static let logger = Logger(label: "RecipeCartTests")

    /// Where one instance's stores live.
    private enum Place {
        case database(url: String)
        case dataDirectory(URL)
    }

    /// A new, empty database on `backend`.
    private func freshPlace(_ backend: StoreBackend) async throws -> Place {
        switch backend {
        case .postgres: .database(url: try await TestPostgres.shared.freshDatabase())
        case .sqlite: .dataDirectory(try TestDirectories.fresh())
        }
    }

    /// Opens the stores of one more instance on `place`, as `web serve` opens them.
    private func open(_ place: Place, clock: AppClock = .system) async throws -> Stores {
        switch place {
        case .database(let url):
            try await Stores.open(
                databaseURL: url, dataDirectory: try TestDirectories.fresh(), clock: clock, logger: Self.logger)
        case .dataDirectory(let directory):
            try await Stores.open(databaseURL: nil, dataDirectory: directory, clock: clock, logger: Self.logger)
        }
    }

    /// Two instances on one new database for `body`, each hearing catalog changes as a running server does; closed after.
    private func withTwoInstances(_ backend: StoreBackend, _ body: (Stores, Stores) async throws -> Void) async throws {
        let place = try await freshPlace(backend)
        let first = try await open(place)
        let second: Stores
        do {
            second = try await open(place)
        } catch {
            first.close()
            throw error
        }
        let listeners = (first.services + second.services).compactMap { $0 as? CatalogGenerationListener }
        let listening = Task {
            await withTaskGroup(of: Void.self) { group in
                for listener in listeners {
                    group.addTask { try? await listener.run() }
                }
            }
        }
        do {
            try await body(first, second)
        } catch {
            listening.cancel()
            first.close()
            second.close()
            await listening.value
            throw error
        }
        listening.cancel()
        first.close()
        second.close()
        await listening.value
    }

    // MARK: The server key

    @Test(arguments: StoreBackend.all) func instancesOnOneDatabaseSignWithTheSameKey(backend: StoreBackend) async throws
    {
        let place = try await freshPlace(backend)
        switch backend {
        case .postgres:
            // Instances starting at the same moment agree on one key: the first to store it wins, the others read it.
            async let a = open(place)
            async let b = open(place)
            async let c = open(place)
            let started = try await [a, b, c]
            let signatures = started.map { $0.serverKey.sign("x") }
            for stores in started { stores.close() }
            #expect(Set(signatures).count == 1)
            let signature = try #require(signatures.first)

            // Another instance started later reads it too, and a cookie one instance signed verifies on it.
            let later = try await open(place)
            #expect(later.serverKey.sign("x") == signature)
            #expect(later.serverKey.verify(started[0].serverKey.sign("session-cookie"), for: "session-cookie"))
            later.close()
        case .sqlite:
            let first = try await open(place)
            let signature = first.serverKey.sign("x")
            first.close()
            guard case .dataDirectory(let directory) = place else {
                Issue.record("not a data dir")
                return
            }
            let keyFile = directory.appendingPathComponent(ServerKey.fileName).path
            let permissions = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? NSNumber
            #expect(permissions?.intValue == 0o600)
            let reopened = try await open(place)
            #expect(reopened.serverKey.sign("x") == signature)
            #expect(reopened.serverKey.verify(first.serverKey.sign("session-cookie"), for: "session-cookie"))
            reopened.close()
        }
        // Another database has a key of its own.
        let elsewhere = try await open(try await freshPlace(backend))
        let own = elsewhere.serverKey.sign("x")
        elsewhere.close()
        let again = try await open(place)
        #expect(again.serverKey.sign("x") != own)
        #expect(!again.serverKey.verify(own, for: "x"))
        again.close()
    }

    // MARK: Two instances, one database

    @Test(arguments: StoreBackend.all) func aCartChangedOnOneInstanceIsReadOnTheOtherAtOnce(backend: StoreBackend)
        async throws
    {
        try await withTwoInstances(backend) { first, second in
            _ = try await BundledCatalog.load().install(into: first.catalog)
            let cake = RecipeID("bundled-1")!
            let lava = RecipeID("bundled-2")!
            let session = SessionKey(sessionID: "shopper")
            #expect(try await first.carts.apply(.set(3), recipe: cake, session: session) == 3)
            #expect(try await second.carts.quantity(of: cake, session: session) == 3)
            #expect(try await second.carts.hasSession(session))
            #expect(try await second.carts.apply(.increment, recipe: cake, session: session) == 4)
            #expect(try await second.carts.apply(.increment, recipe: lava, session: session) == 1)
            #expect(try await first.carts.itemCount(session: session) == 5)
            #expect(try await first.carts.cart(session: session).lines.map(\.recipe.id) == [cake, lava])

            try await first.carts.clear(session: session)
            #expect(try await second.carts.itemCount(session: session) == 0)
            let undo = try #require(try await second.carts.pendingUndo(session: session))
            #expect(try await second.carts.undo(undo.token, session: session) == undo)
            #expect(try await first.carts.quantity(of: cake, session: session) == 4)
        }
    }

    @Test(arguments: StoreBackend.all) func aShopEditOnOneInstanceReachesTheOtherWithinASecond(backend: StoreBackend)
        async throws
    {
        try await withTwoInstances(backend) { first, second in
            _ = try await BundledCatalog.load().install(into: first.catalog)
            let cake = RecipeID("bundled-1")!
            // The other instance has heard of the install and keeps the cake's page as it was.
            let installed = try await first.catalog.generation()
            #expect(try await generation(of: second, reaching: installed, within: .seconds(5)) != nil)
            let original = try #require(try await second.catalog.recipe(cake))
            #expect(try await second.catalog.recipe(cake) == original)

            let edit = RecipeEdit(
                title: "The Shop's Cake", description: original.description, steps: original.steps, picture: .keep)
            _ = try await first.edits.save(edit, for: cake, copy: .shop, expected: .original)
            let edited = try await first.catalog.generation()
            #expect(edited > installed)

            // SQLite reads the generation from the file again once `generationRereadInterval` (a second) has passed
            // since it last did, so the first read after it must see the edit; PostgreSQL hears it through NOTIFY,
            // whose notice must arrive (the limit only keeps a lost one from hanging the test). Neither asserts a
            // wall-clock window, which a busy machine would break.
            if backend == .sqlite {
                try await Task.sleep(for: SQLiteDatabase.generationRereadInterval)
                #expect(try await second.catalog.generation() == edited)
            } else {
                let heard = try await generation(of: second, reaching: edited, within: .seconds(10))
                #expect(heard != nil, "the other instance did not hear of the edit")
            }
            #expect(try await second.catalog.recipe(cake)?.title == "The Shop's Cake")
            #expect(try await second.catalog.summaries([cake])[cake]?.title == "The Shop's Cake")

            // The other way round: a revert on the second instance reaches the first, which kept the edited page.
            #expect(try await first.catalog.recipe(cake)?.title == "The Shop's Cake")
            #expect(try await second.edits.revert(cake, copy: .shop) != nil)
            let reverted = try await second.catalog.generation()
            #expect(try await generation(of: first, reaching: reverted, within: .milliseconds(1500)) != nil)
            #expect(try await first.catalog.recipe(cake)?.title == original.title)

            // A shopper's own version, saved on one instance, is theirs on the other.
            let shopper = SessionKey(sessionID: "shopper")
            let mine = RecipeEdit(
                title: "My Cake", description: original.description, steps: original.steps, picture: .keep)
            _ = try await first.edits.save(mine, for: cake, copy: .personal(shopper), expected: .original)
            #expect(try await second.catalog.recipe(cake, for: shopper)?.title == "My Cake")
            #expect(try await second.catalog.recipe(cake)?.title == original.title)
        }
    }

    @Test(arguments: StoreBackend.all) func theCallQuotaIsSpentOnceByBothInstances(backend: StoreBackend) async throws {
        try await withTwoInstances(backend) { first, second in
            let now = Date(timeIntervalSince1970: 1_750_000_000)
            let results = try await withThrowingTaskGroup(of: CallReservation.self) { group in
                for index in 0..<40 {
                    let quota = (index.isMultiple(of: 2) ? first : second).callQuota
                    group.addTask {
                        try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1, limit: 25, now: now)
                    }
                }
                var results: [CallReservation] = []
                for try await result in group { results.append(result) }
                return results
            }
            var left: [Double] = []
            for case .counted(let remaining) in results { left.append(remaining) }
            #expect(left.sorted() == (0..<25).map(Double.init))
            #expect(results.filter { $0 == .limitReached }.count == 15)

            // A stop one instance heard holds on the other.
            try await first.callQuota.stop(.themealdb, until: now + 60, reason: "429")
            #expect(
                try await second.callQuota.reserve(source: .themealdb, day: "2025-06-15", cost: 1, limit: 5, now: now)
                    == .stopped(until: now + 60, reason: "429"))
        }
    }

    @Test(arguments: StoreBackend.all) func pointsOneInstanceLearntBindTheOther(backend: StoreBackend) async throws {
        try await withTwoInstances(backend) { first, second in
            let now = Date(timeIntervalSince1970: 1_750_000_000)
            let day = "2025-06-15"
            let search = "recipes/complexSearch"
            #expect(
                try await first.callQuota.reserve(source: .spoonacular, day: day, cost: 1, limit: 150, now: now)
                    == .counted(left: 149))
            try await first.callQuota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 1,
                report: QuotaReport(cost: 2.5, used: 10, left: 3))
            // The other instance reserves what a search cost on the first, within the API's total the first heard.
            #expect(try await second.callQuota.lastCost(source: .spoonacular, kind: search) == 2.5)
            #expect(
                try await second.callQuota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 150, now: now)
                    == .counted(left: 0.5))
            #expect(
                try await first.callQuota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 150, now: now)
                    == .limitReached)
            let usage = try await first.callQuota.usage(source: .spoonacular, day: day, limit: 150)
            #expect(usage.used == 12.5 && usage.left == 0.5)
        }
    }

    @Test(arguments: StoreBackend.all) func aStaffSignInHoldsOnBothInstancesAndEndsOnBoth(backend: StoreBackend)
        async throws
    {
        try await withTwoInstances(backend) { first, second in
            let staff = SessionKey(sessionID: "staff")
            let digest = "token-digest"
            try await first.staffSessions.create(staff, tokenDigest: digest, expiresAt: Date() + 3600)
            #expect(try await second.staffSessions.isActive(staff, tokenDigest: digest))
            try await second.staffSessions.end(staff)
            #expect(try await !first.staffSessions.isActive(staff, tokenDigest: digest))
        }
    }

    @Test(arguments: StoreBackend.all) func signInTriesThroughEitherInstanceCountTogether(backend: StoreBackend)
        async throws
    {
        try await withTwoInstances(backend) { first, second in
            let started = Date(timeIntervalSince1970: 1_750_000_000)
            let client = "203.0.113.7"
            for offset in 0..<3 {
                #expect(try await first.signInThrottle.reserve(for: client, now: started + Double(offset)) == nil)
            }
            for offset in 3..<5 {
                #expect(try await second.signInThrottle.reserve(for: client, now: started + Double(offset)) == nil)
            }
            let throughSecond = try await second.signInThrottle.reserve(for: client, now: started + 5)
            switch backend {
            case .postgres:
                // Five tries a minute however many instances a client goes through.
                #expect(throughSecond == 55)
                #expect(try await first.signInThrottle.reserve(for: client, now: started + 6) == 54)
            case .sqlite:
                // One instance by design: its tries are kept in its memory only.
                #expect(throughSecond == nil)
                #expect(try await second.signInThrottle.reserve(for: client, now: started + 6) == nil)
                #expect(try await second.signInThrottle.reserve(for: client, now: started + 7) == nil)
                #expect(try await second.signInThrottle.reserve(for: client, now: started + 8) == 55)
            }
        }
    }

    /// Polls `stores`' catalog generation until it is at least `target`. - Returns: the generation, or nil if it never got there.
    private func generation(of stores: Stores, reaching target: Int, within limit: Duration) async throws -> Int? {
        let deadline = ContinuousClock.now + limit
        while true {
            let generation = try await stores.catalog.generation()
            if generation >= target { return generation }
            if ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
