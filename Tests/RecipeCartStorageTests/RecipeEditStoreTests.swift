import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Local edits' contract, on SQLite and on PostgreSQL alike: the shop's copy and shoppers' own versions, their
/// versions and conflicts, and the Undo a revert leaves. `CatalogStoreTests` checks an edit's reach into search.
@Suite struct RecipeEditStoreTests {
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!
    let ann = SessionKey(sessionID: "edit-ann")
    let bob = SessionKey(sessionID: "edit-bob")
    let started = Date(timeIntervalSince1970: 1_750_000_000)

    private func withEdits(
        _ backend: StoreBackend, clock: AppClock = .system, _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: clock) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await body(stores)
        }
    }

    private func edit(_ title: String, picture: PictureChange = .keep) -> RecipeEdit {
        RecipeEdit(title: title, description: "\(title), described.", steps: ["Mix.", "Bake."], picture: picture)
    }

    @Test(arguments: StoreBackend.all) func aSaveReadsBackAndEachSaveGetsANewerVersion(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await withEdits(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let edits = stores.edits
            #expect(try await edits.version(of: cake, copy: .shop) == .original)

            let first = edit("Shop Cake", picture: .replace(path: "uploads/first.png"))
            let (version, replaced) = try await edits.save(first, for: cake, copy: .shop, expected: .original)
            #expect(version == EditVersion(Int64(started.timeIntervalSince1970 * 1000)))
            #expect(replaced == nil)
            #expect(try await edits.version(of: cake, copy: .shop) == version)
            let shown = try #require(try await stores.catalog.recipe(cake))
            #expect(shown.title == "Shop Cake" && shown.description == "Shop Cake, described.")
            #expect(shown.steps == ["Mix.", "Bake."] && shown.imagePath == "uploads/first.png")

            // A second save at the same moment still gets a newer version, and hands back the upload it replaced.
            let second = edit("Shop Cake Again", picture: .replace(path: "uploads/second.png"))
            let (next, replacedFirst) = try await edits.save(second, for: cake, copy: .shop, expected: version)
            #expect(next.value > version.value)
            #expect(replacedFirst == "uploads/first.png")
            // Keeping the picture replaces nothing; removing it hands back the upload it dropped.
            clock.advance(by: 1)
            let (kept, replacedNone) = try await edits.save(
                edit("Shop Cake Kept"), for: cake, copy: .shop, expected: next)
            #expect(replacedNone == nil)
            #expect(try await stores.catalog.recipe(cake)?.imagePath == "uploads/second.png")
            let (removed, replacedSecond) = try await edits.save(
                edit("Shop Cake Bare", picture: .remove), for: cake, copy: .shop, expected: kept)
            #expect(replacedSecond == "uploads/second.png")
            #expect(try await edits.version(of: cake, copy: .shop) == removed)
            #expect(try await stores.catalog.recipe(cake)?.imagePath == nil)
            // Another recipe is untouched.
            #expect(try await edits.version(of: lava, copy: .shop) == .original)
        }
    }

    @Test(arguments: StoreBackend.all) func aSaveFromAStaleVersionConflictsAndChangesNothing(backend: StoreBackend)
        async throws
    {
        try await withEdits(backend) { (stores: TestStores) async throws in
            let edits = stores.edits
            for copy in [EditCopy.shop, .personal(ann)] {
                let (version, _) = try await edits.save(edit("First Save"), for: cake, copy: copy, expected: .original)
                for stale in [EditVersion.original, EditVersion(version.value - 1), EditVersion(version.value + 1)] {
                    do {
                        _ = try await edits.save(edit("Lost Save"), for: cake, copy: copy, expected: stale)
                        Issue.record("a save from version \(stale.value) went through")
                    } catch let conflict as EditConflict {
                        // The conflict shows the copy as it is now, to merge by hand.
                        #expect(conflict.currentVersion == version)
                        #expect(conflict.current.id == cake && conflict.current.title == "First Save")
                    }
                }
                #expect(try await edits.version(of: cake, copy: copy) == version)
                #expect(try await stores.catalog.recipe(cake, for: copy.session)?.title == "First Save")
                _ = try await edits.revert(cake, copy: copy)
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aSaveForARecipeThatIsGoneIsNotFound(backend: StoreBackend) async throws {
        try await withEdits(backend) { (stores: TestStores) async throws in
            let missing = RecipeID("test-missing")!
            for copy in [EditCopy.shop, .personal(ann)] {
                await #expect(throws: StorageError.notFound("That recipe is gone.")) {
                    try await stores.edits.save(edit("Nowhere"), for: missing, copy: copy, expected: EditVersion(42))
                }
                #expect(try await stores.edits.version(of: missing, copy: copy) == .original)
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aRevertKeepsItsUndoForItsLifetime(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await withEdits(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let edits = stores.edits
            let original = try #require(try await stores.catalog.recipe(cake))
            #expect(try await edits.revert(cake, copy: .shop) == nil)
            #expect(try await edits.pendingUndo(of: cake, copy: .shop) == nil)

            let saved = edit("Reverted Cake", picture: .replace(path: "uploads/reverted.png"))
            let (version, _) = try await edits.save(saved, for: cake, copy: .shop, expected: .original)
            let undo = try #require(try await edits.revert(cake, copy: .shop))
            #expect(undo.expiresAt == started + RevertUndo.lifetime)
            #expect(try await edits.version(of: cake, copy: .shop) == .original)
            #expect(try await stores.catalog.recipe(cake) == original)
            #expect(try await edits.pendingUndo(of: cake, copy: .shop) == undo)
            // The dropped edit's picture is still in use while its Undo is open.
            #expect(try await edits.tidy().contains("uploads/reverted.png"))

            // Undo puts back exactly what went, version included, once.
            try await edits.undoRevert(token: undo.token, of: cake, copy: .shop)
            #expect(try await edits.version(of: cake, copy: .shop) == version)
            #expect(try await stores.catalog.recipe(cake)?.title == "Reverted Cake")
            #expect(try await stores.catalog.recipe(cake)?.imagePath == "uploads/reverted.png")
            #expect(try await edits.pendingUndo(of: cake, copy: .shop) == nil)
            await #expect(throws: UndoRefusal.gone) {
                try await edits.undoRevert(token: undo.token, of: cake, copy: .shop)
            }

            // Past its lifetime an Undo is gone, and `tidy` forgets it and its picture.
            let late = try #require(try await edits.revert(cake, copy: .shop))
            clock.advance(by: RevertUndo.lifetime + 1)
            #expect(try await edits.pendingUndo(of: cake, copy: .shop) == nil)
            await #expect(throws: UndoRefusal.gone) {
                try await edits.undoRevert(token: late.token, of: cake, copy: .shop)
            }
            #expect(try await stores.rowCount("recipe_edit_undos") == 1)
            #expect(try await !edits.tidy().contains("uploads/reverted.png"))
            #expect(try await stores.rowCount("recipe_edit_undos") == 0)
            #expect(try await edits.version(of: cake, copy: .shop) == .original)
        }
    }

    @Test(arguments: StoreBackend.all) func anUndoNeverOverwritesAnEditMadeSinceTheRevert(backend: StoreBackend)
        async throws
    {
        try await withEdits(backend) { (stores: TestStores) async throws in
            let edits = stores.edits
            for copy in [EditCopy.shop, .personal(ann)] {
                _ = try await edits.save(edit("Before Revert"), for: cake, copy: copy, expected: .original)
                let undo = try #require(try await edits.revert(cake, copy: copy))
                let (since, _) = try await edits.save(edit("Since Revert"), for: cake, copy: copy, expected: .original)
                await #expect(throws: UndoRefusal.editedSince) {
                    try await edits.undoRevert(token: undo.token, of: cake, copy: copy)
                }
                #expect(try await edits.version(of: cake, copy: copy) == since)
                #expect(try await stores.catalog.recipe(cake, for: copy.session)?.title == "Since Revert")
                // An Undo is only for the copy it was made for.
                let mine = try #require(try await edits.revert(cake, copy: copy))
                let other: EditCopy = copy == .shop ? .personal(ann) : .shop
                await #expect(throws: UndoRefusal.gone) {
                    try await edits.undoRevert(token: mine.token, of: cake, copy: other)
                }
                await #expect(throws: UndoRefusal.gone) {
                    try await edits.undoRevert(token: mine.token, of: lava, copy: copy)
                }
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aShoppersVersionIsTheirsAloneAndOverTheShopsCopy(backend: StoreBackend)
        async throws
    {
        try await withEdits(backend) { (stores: TestStores) async throws in
            let edits = stores.edits
            let catalog = stores.catalog
            let (annVersion, _) = try await edits.save(
                edit("Ann's Cake", picture: .replace(path: "uploads/ann.png")), for: cake, copy: .personal(ann),
                expected: .original)
            // Nobody else sees it, and the shop's copy keeps its own version.
            #expect(try await catalog.recipe(cake, for: ann)?.title == "Ann's Cake")
            #expect(try await catalog.recipe(cake, for: ann)?.isPersonalCopy == true)
            #expect(try await catalog.recipe(cake, for: bob)?.title != "Ann's Cake")
            #expect(try await catalog.recipe(cake)?.title != "Ann's Cake")
            #expect(try await edits.version(of: cake, copy: .shop) == .original)
            #expect(try await edits.version(of: cake, copy: .personal(bob)) == .original)
            #expect(try await edits.version(of: cake, copy: .personal(ann)) == annVersion)

            // The shop's edit reaches every shopper without a version of their own; Ann keeps hers.
            _ = try await edits.save(edit("Shop's Cake"), for: cake, copy: .shop, expected: .original)
            #expect(try await catalog.recipe(cake, for: bob)?.title == "Shop's Cake")
            #expect(try await catalog.recipe(cake, for: ann)?.title == "Ann's Cake")
            #expect(try await edits.version(of: cake, copy: .personal(ann)) == annVersion)

            // Each shopper's version has its own version count and its own Undo.
            let (bobVersion, _) = try await edits.save(
                edit("Bob's Cake"), for: cake, copy: .personal(bob), expected: .original)
            #expect(try await catalog.recipe(cake, for: bob)?.title == "Bob's Cake")
            let annUndo = try #require(try await edits.revert(cake, copy: .personal(ann)))
            #expect(try await catalog.recipe(cake, for: ann)?.title == "Shop's Cake")
            #expect(try await edits.pendingUndo(of: cake, copy: .personal(bob)) == nil)
            #expect(try await edits.pendingUndo(of: cake, copy: .shop) == nil)
            #expect(try await edits.version(of: cake, copy: .personal(bob)) == bobVersion)
            await #expect(throws: UndoRefusal.gone) {
                try await edits.undoRevert(token: annUndo.token, of: cake, copy: .personal(bob))
            }
            try await edits.undoRevert(token: annUndo.token, of: cake, copy: .personal(ann))
            #expect(try await catalog.recipe(cake, for: ann)?.title == "Ann's Cake")
            #expect(try await edits.version(of: cake, copy: .personal(ann)) == annVersion)
            #expect(try await edits.tidy().isSuperset(of: ["uploads/ann.png"]))
        }
    }
}
