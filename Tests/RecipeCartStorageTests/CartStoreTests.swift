import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The cart's contract, on SQLite and on PostgreSQL alike.
@Suite struct CartStoreTests {
    let session = SessionKey(sessionID: "test-session")
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!

    /// Stores with the bundled catalog, for one test on one backend.
    private func withCarts(
        _ backend: StoreBackend, clock: AppClock = .system, _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: clock) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await body(stores)
        }
    }

    @Test(arguments: StoreBackend.all) func incrementDecrementAndSet(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            #expect(try await carts.apply(.increment, recipe: cake, session: session) == 1)
            #expect(try await carts.apply(.increment, recipe: cake, session: session) == 2)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 1)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
            #expect(try await carts.apply(.set(7), recipe: lava, session: session) == 7)
            #expect(try await carts.apply(.set(0), recipe: lava, session: session) == 0)
            #expect(try await carts.cart(session: session).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func aReadCountIsKnownInMemoryUntilALaterPost(backend: StoreBackend) async throws
    {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let memory = stores.stores.cartMemory
            try await carts.apply(.set(3), recipe: cake, session: session)
            let before = LastWrite(Date() - 10)
            // A stepper post on SQLite leaves what it wrote; PostgreSQL's instances know only what they read.
            #expect(memory.itemCountInMemory(session: session, lastWrite: before) == (memory.needsLastWrite ? nil : 3))
            #expect(try await carts.itemCount(session: session) == 3)
            #expect(try await carts.line(of: lava, session: session) == nil)
            #expect(memory.itemCountInMemory(session: session, lastWrite: before) == 3)
            #expect(memory.storedInMemory(for: lava, session: session, lastWrite: before) == .nothing)
            #expect(
                memory.storedInMemory(for: cake, session: session, lastWrite: before)
                    == .cartLine(StoredCartLine(quantity: 3, servings: nil, cooking: nil)))
            // A post answered after those reads, by another instance for all this one knows.
            let after = LastWrite(Date())
            if memory.needsLastWrite {
                #expect(memory.itemCountInMemory(session: session, lastWrite: after) == nil)
                #expect(memory.storedInMemory(for: lava, session: session, lastWrite: after) == nil)
            } else {
                #expect(memory.itemCountInMemory(session: session, lastWrite: after) == 3)
            }
            #expect(memory.needsLastWrite == (backend == .postgres))
        }
    }

    /// What memory holds of a line is what a detail page shows: never older than the session's last write.
    @Test(arguments: StoreBackend.all) func aLineInMemoryFollowsItsWrites(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let memory = stores.stores.cartMemory
            /// What a detail page's reads leave in memory, as a page after `lastWrite` sees it.
            func readAgain() async throws -> StoredForRecipe? {
                _ = try await carts.itemCount(session: session)
                _ = try await carts.line(of: cake, session: session)
                return memory.storedInMemory(for: cake, session: session, lastWrite: LastWrite(Date() - 10))
            }
            try await carts.apply(.set(2), recipe: cake, session: session)
            try await carts.apply(.servings(6), recipe: cake, session: session)
            #expect(try await readAgain() == .cartLine(StoredCartLine(quantity: 2, servings: 6, cooking: nil)))

            #expect(try await carts.startCooking(cake, minutes: 25, session: session))
            #expect(memory.storedInMemory(for: cake, session: session, lastWrite: LastWrite(Date())) == nil)
            guard case .cartLine(let cooking) = try await readAgain() else {
                Issue.record("a line read again is known in memory")
                return
            }
            #expect(cooking.quantity == 2 && cooking.servings == 6 && cooking.cooking?.minutes == 25)

            let original = try #require(try await stores.catalog.recipe(cake))
            let mine = RecipeEdit(
                title: "My Cake", description: original.description, steps: original.steps, picture: .keep)
            _ = try await stores.edits.save(mine, for: cake, copy: .personal(session), expected: .original)
            #expect(memory.storedInMemory(for: cake, session: session, lastWrite: LastWrite(Date())) == nil)
            #expect(try await readAgain() == .more)
        }
    }

    @Test(arguments: StoreBackend.all) func quantityStaysWithin1And99(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            try await stores.carts.apply(.set(99), recipe: cake, session: session)
            #expect(try await stores.carts.apply(.increment, recipe: cake, session: session) == 99)
            #expect(try await stores.carts.apply(.set(500), recipe: cake, session: session) == 99)
        }
    }

    @Test(arguments: StoreBackend.all) func cartsAreSeparatePerSession(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let other = SessionKey(sessionID: "other-session")
            try await carts.apply(.set(3), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: other)
            #expect(try await carts.cart(session: session).lines.map(\.recipe.id) == [cake])
            #expect(try await carts.itemCount(session: session) == 3)
            #expect(try await carts.itemCount(session: other) == 1)
            try await carts.clear(session: session)
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: other) == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentIncrementsAreNeverLost(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let cake = cake
            let session = session
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await carts.apply(.increment, recipe: cake, session: session) }
                }
                try await group.waitForAll()
            }
            #expect(try await carts.quantity(of: cake, session: session) == 50)
        }
    }

    @Test(arguments: StoreBackend.all) func firstWriteCreatesTheSessionRow(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            #expect(try await stores.rowCount("sessions") == 0)
            #expect(try await !stores.carts.hasSession(session))
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            #expect(try await stores.rowCount("sessions") == 1)
            #expect(try await stores.carts.hasSession(session))
        }
    }

    @Test(arguments: StoreBackend.all) func aCartStartingFromEmptyMovesToTheFreshSession(backend: StoreBackend)
        async throws
    {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let fresh = SessionKey(sessionID: "fresh-session")
            let first = try await carts.change(.increment, recipe: cake, session: session, freshIfEmpty: fresh)
            #expect(first.session == fresh && first.quantity == 1 && first.title != nil)
            #expect(try await carts.itemCount(session: session) == 0)
            // A cart with lines keeps its session.
            let second = try await carts.change(
                .increment, recipe: lava, session: fresh, freshIfEmpty: SessionKey(sessionID: "unused"))
            #expect(second.session == fresh)
            #expect(try await carts.itemCount(session: fresh) == 2)
            #expect(try await stores.rowCount("sessions") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func undoPutsBackTheLinesExactlyAsTheyWent(backend: StoreBackend) async throws {
        let started = Date(timeIntervalSince1970: 1_750_000_000)
        try await withCarts(backend, clock: .fixed(started)) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.set(3), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: session)
            #expect(try await carts.startCooking(lava, minutes: 25, session: session))
            let before = try await carts.cart(session: session)
            #expect(before.lines.last?.cooking == CookingTimer(startedAt: started, minutes: 25))

            try await carts.clear(session: session)
            #expect(try await carts.cart(session: session).isEmpty)
            let undo = try #require(try await carts.pendingUndo(session: session))
            #expect(undo.kind == .clear)
            #expect(undo.recipeIDs == [cake, lava])
            #expect(try await carts.undo(undo.token, session: session) == undo)
            #expect(try await carts.cart(session: session) == before)
            #expect(try await carts.pendingUndo(session: session) == nil)
            #expect(try await carts.undo(undo.token, session: session) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func removingTheLastBatchOffersUndo(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.increment, recipe: cake, session: session)
            let removed = try await carts.change(.decrement, recipe: cake, session: session, freshIfEmpty: nil)
            #expect(removed.quantity == 0 && removed.title == nil)
            let undo = try #require(removed.undo)
            #expect(undo.kind == .remove && undo.recipeIDs == [cake])
            #expect(try await carts.undo(undo.token, session: session) == undo)
            #expect(try await carts.quantity(of: cake, session: session) == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func cookingStartsAndStopsOnlyOnALine(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            #expect(try await !carts.startCooking(cake, minutes: 10, session: session))
            try await carts.apply(.increment, recipe: cake, session: session)
            #expect(try await carts.startCooking(cake, minutes: 10, session: session))
            #expect(try await carts.line(of: cake, session: session)?.cooking?.minutes == 10)
            try await carts.stopCooking(cake, session: session)
            #expect(try await carts.line(of: cake, session: session)?.cooking == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func idleSessionsArePurgedWithTheirCarts(backend: StoreBackend) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withCarts(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let other = SessionKey(sessionID: "other-session")
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            clock.advance(by: 90)
            try await stores.carts.apply(.increment, recipe: lava, session: other)
            #expect(try await stores.carts.purgeSessions(idleLongerThan: 60) == 1)
            #expect(try await stores.carts.itemCount(session: session) == 0)
            #expect(try await stores.carts.itemCount(session: other) == 1)
            #expect(try await stores.rowCount("sessions") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func aRemovalIsNoLongerOfferedForUndoOnceTheCartChangedAfterIt(
        backend: StoreBackend
    ) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withCarts(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.increment, recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: session)
            clock.advance(by: 5)
            try await carts.apply(.decrement, recipe: cake, session: session)
            clock.advance(by: 5)
            #expect(try await carts.pendingUndo(session: session)?.recipeIDs == [cake])
            try await carts.apply(.increment, recipe: lava, session: session)
            #expect(try await carts.pendingUndo(session: session) == nil)
        }
    }

    /// The count is read between every kind of write, so one remembered from before a write would show.
    @Test(arguments: StoreBackend.all) func theCountFollowsEveryWriteThatChangesIt(backend: StoreBackend) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withCarts(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let carts = stores.carts
            let fresh = SessionKey(sessionID: "fresh-session")
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: fresh) == 0)
            try await carts.change(.increment, recipe: cake, session: session, freshIfEmpty: fresh)
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: fresh) == 1)
            try await carts.apply(.set(4), recipe: lava, session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 5)
            try await carts.apply(.decrement, recipe: cake, session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 4)
            try await carts.clear(session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 0)
            let undo = try #require(try await carts.pendingUndo(session: fresh))
            #expect(try await carts.undo(undo.token, session: fresh) != nil)
            #expect(try await carts.itemCount(session: fresh) == 4)
            clock.advance(by: 90)
            #expect(try await carts.purgeSessions(idleLongerThan: 60) == 1)
            #expect(try await carts.itemCount(session: fresh) == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func theStaffBoardSeesEveryCartWithALine(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let other = SessionKey(sessionID: "other-session")
            let emptied = SessionKey(sessionID: "emptied-session")
            try await carts.apply(.set(2), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: other)
            try await carts.apply(.increment, recipe: lava, session: emptied)
            try await carts.clear(session: emptied)
            let board = try await carts.activeCarts()
            #expect(Set(board.map(\.sessionHash)) == [session.hash, other.hash])
            #expect(board.first { $0.sessionHash == session.hash }?.cart == (try await carts.cart(session: session)))
            #expect(try await carts.line(of: cake, session: session)?.quantity == 2)
            #expect(try await carts.line(of: lava, session: session) == nil)
        }
    }

    /// Posts of many shoppers at once are written together (in batches on both backends): each post is answered with
    /// its own session, quantity and title, carts starting from empty move to their own fresh ids, and nothing is lost.
    @Test(arguments: StoreBackend.all) func postsArrivingTogetherEachGetTheirOwnAnswer(backend: StoreBackend)
        async throws
    {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let cake = cake
            let lava = lava
            let shoppers = (0..<12).map { SessionKey(sessionID: "shopper-\($0)") }
            let fresh = (0..<12).map { SessionKey(sessionID: "fresh-\($0)") }
            // Half the shoppers already have a line, so their carts keep their ids.
            for shopper in shoppers[..<6] { try await carts.apply(.increment, recipe: lava, session: shopper) }
            let answers = try await withThrowingTaskGroup(of: (Int, CartChangeResult).self) { group in
                for (index, shopper) in shoppers.enumerated() {
                    group.addTask {
                        (
                            index,
                            try await carts.change(
                                .set(index + 1), recipe: cake, session: shopper, freshIfEmpty: fresh[index])
                        )
                    }
                }
                return try await group.reduce(into: [Int: CartChangeResult]()) { $0[$1.0] = $1.1 }
            }
            for (index, shopper) in shoppers.enumerated() {
                let answer = try #require(answers[index])
                let owner = index < 6 ? shopper : fresh[index]
                #expect(answer.session == owner)
                #expect(answer.quantity == index + 1)
                let line = try await carts.line(of: cake, session: owner)
                #expect(answer.title != nil && answer.title == line?.recipe.title)
                #expect(try await carts.quantity(of: cake, session: owner) == index + 1)
                #expect(try await carts.itemCount(session: owner) == index + 1 + (index < 6 ? 1 : 0))
            }
            #expect(try await stores.rowCount("sessions") == 12)
        }
    }

    /// A post the database refuses (servings outside 1…50 break the table's check) fails alone: the posts written
    /// beside it, in the same batch where there is one, are applied and answered.
    @Test(arguments: StoreBackend.all) func aRefusedPostFailsAloneAndItsNeighboursAreWritten(backend: StoreBackend)
        async throws
    {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let cake = cake
            let session = session
            try await carts.apply(.increment, recipe: cake, session: session)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<21 {
                    group.addTask {
                        let change: CartChange = index == 10 ? .servings(500) : .increment
                        return (try? await carts.apply(change, recipe: cake, session: session)) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { !$0 }.count == 1)
            #expect(try await carts.quantity(of: cake, session: session) == 21)
            #expect(try await carts.line(of: cake, session: session)?.servings == nil)
        }
    }

    /// The undo a Remove keeps (the stepper's last batch, or a quantity of 0) puts the line back exactly: its servings,
    /// its place in the cart and its cooking timer.
    @Test(arguments: StoreBackend.all) func aRemovedLineComesBackExactlyAsItWas(backend: StoreBackend) async throws {
        let started = Date(timeIntervalSince1970: 1_750_000_000.25)
        try await withCarts(backend, clock: .fixed(started)) { (stores: TestStores) async throws in
            let carts = stores.carts
            let pie = RecipeID("bundled-3")!
            try await carts.apply(.increment, recipe: cake, servings: 6, session: session)
            try await carts.apply(.set(2), recipe: lava, session: session)
            try await carts.apply(.increment, recipe: pie, session: session)
            #expect(try await carts.startCooking(cake, minutes: 40, session: session))
            let before = try await carts.cart(session: session)
            let removed = try await carts.change(.decrement, recipe: cake, session: session, freshIfEmpty: nil)
            let undo = try #require(removed.undo)
            #expect(undo.kind == .remove && undo.recipeIDs == [cake])
            #expect(try await carts.pendingUndo(session: session) == undo)
            #expect(try await carts.undo(undo.token, session: session) == undo)
            #expect(try await carts.cart(session: session) == before)

            let zeroed = try await carts.change(.set(0), recipe: lava, session: session, freshIfEmpty: nil)
            let second = try #require(zeroed.undo)
            #expect(second.kind == .remove && second.recipeIDs == [lava] && second.token != undo.token)
            #expect(try await carts.undo(second.token, session: session) == second)
            #expect(try await carts.cart(session: session) == before)
            // Nothing to take away keeps no undo.
            #expect(
                try await carts.change(.set(0), recipe: RecipeID("bundled-4")!, session: session, freshIfEmpty: nil)
                    .undo == nil)
        }
    }

    /// Two instances on one PostgreSQL writing the same carts at once, each shopper's posts coming to both in a different
    /// order, lose no post and never wait for each other for good (each batch takes its sessions' locks in one order).
    @Test(.enabled(if: TestPostgres.isAvailable)) func twoInstancesWritingTheSameCartsLoseNothing() async throws {
        try await withCarts(.postgres) { (stores: TestStores) async throws in
            let second = try await stores.reopen()
            defer { second.close() }
            let first = stores.carts
            let other = second.carts
            let cake = cake
            let shoppers = (0..<8).map { SessionKey(sessionID: "both-\($0)") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<6 {
                    for (index, shopper) in shoppers.enumerated() {
                        group.addTask { try await first.apply(.increment, recipe: cake, session: shopper) }
                        group.addTask {
                            try await other.apply(
                                .increment, recipe: cake, session: shoppers[shoppers.count - 1 - index])
                        }
                    }
                    if round == 2 { try await group.waitForAll() }
                }
                try await group.waitForAll()
            }
            for shopper in shoppers {
                #expect(try await first.quantity(of: cake, session: shopper) == 12)
            }
        }
    }
}
