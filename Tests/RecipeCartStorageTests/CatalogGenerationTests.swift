import RecipeCartStorage
import Testing

/// When an answer from memory starts a reread of the catalog generation, and how many at once.
@Suite struct CatalogGenerationTests {
    @Test func nothingIsClaimedBeforeTheFirstRead() {
        let generation = CatalogGeneration()
        #expect(!generation.hasBeenRead)
        #expect(!generation.claimReread(every: .zero))
    }

    @Test func oneRereadAtATimeOnceDue() {
        let generation = CatalogGeneration()
        generation.reread(3, startedAt: .now)
        #expect(generation.hasBeenRead)
        #expect(!generation.claimReread(every: .seconds(3600)))
        #expect(generation.claimReread(every: .zero))
        #expect(!generation.claimReread(every: .zero))
        generation.reread(5, startedAt: .now)
        #expect(generation.current == 5)
        #expect(generation.claimReread(every: .zero))
        generation.rereadFailed()
        #expect(generation.claimReread(every: .zero))
    }

    @Test func aSlowerReadThatBeganEarlierNeitherLowersTheValueNorTheTimeOfTheLastRead() {
        let generation = CatalogGeneration()
        let later = ContinuousClock.now
        generation.reread(7, startedAt: later)
        generation.reread(6, startedAt: later - .seconds(10))
        #expect(generation.current == 7)
        #expect(!generation.isDueForReread(every: .seconds(5)))
    }
}
