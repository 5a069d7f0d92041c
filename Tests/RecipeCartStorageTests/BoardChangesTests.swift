import RecipeCartContracts
import RecipeCartStorage
import Testing

/// What the open boards' streams hear, and what waits to be told to the other instances.
@Suite struct BoardChangesTests {
    /// The version and the sign-outs a stream heard.
    static func counts(_ news: BoardChanges.News?) -> [Int]? {
        news.map { [$0.version, $0.signOuts] }
    }

    @Test func aStreamHearsTheNewestNewsOfChangesAndSignOuts() async {
        let changes = BoardChanges()
        let (news, cancel) = changes.subscribe()
        var heard = news.makeAsyncIterator()
        #expect(Self.counts(await heard.next()) == [0, 0])

        // Heard while the stream was busy: only the newest, which says all the older did.
        changes.changed()
        changes.signedOut()
        changes.heard()
        #expect(Self.counts(await heard.next()) == [2, 1])
        changes.heardSignOut()
        #expect(Self.counts(await heard.next()) == [2, 2])
        changes.beat()
        #expect(Self.counts(await heard.next()) == [2, 2])

        cancel()
        #expect(await heard.next() == nil)
    }

    @Test func onlyWhatHappenedHereIsToldAndAFailedTellingIsTriedAgain() {
        let changes = BoardChanges()
        changes.heard()
        changes.heardSignOut()
        #expect(changes.takeUntold().isEmpty, "news from other instances is not told back")

        changes.changed()
        #expect(changes.takeUntold() == .change)
        #expect(changes.takeUntold().isEmpty, "asking clears it")
        changes.signedOut()
        changes.changed()
        let untold = changes.takeUntold()
        #expect(untold == [.change, .signOut])
        changes.tellAgain(untold)
        #expect(changes.takeUntold() == [.change, .signOut])
    }

    @Test func aStreamSubscribedAfterTheEndEndsAtOnce() async {
        let changes = BoardChanges()
        changes.endAll()
        var heard = changes.subscribe().news.makeAsyncIterator()
        #expect(await heard.next() == nil)
    }
}
