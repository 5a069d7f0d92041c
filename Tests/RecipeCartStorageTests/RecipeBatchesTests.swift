import RecipeCartStorage
import Testing

@Suite struct RecipeBatchesTests {
    @Test func aRepeatedIDStartsANewBatchAndNothingIsEmpty() {
        #expect(RecipeBatches.split([String](), id: { $0 }).isEmpty)
        #expect(RecipeBatches.split(["a", "b", "c"], id: { $0 }) == [["a", "b", "c"]])
        #expect(RecipeBatches.split(["a", "b", "a", "c", "c"], id: { $0 }) == [["a", "b"], ["a", "c"], ["c"]])
    }
}
