import RecipeCartDomain
import Testing

@Suite struct RandomBytesTests {
    @Test(arguments: [0, 1, 7, 8, 9, 16, 24])
    func givesAsManyBytesAsAskedFor(count: Int) {
        #expect(RandomBytes.make(count).count == count)
    }

    @Test func noTwoSessionIdsAlikeAndEveryByteUsed() {
        let draws = (0..<200).map { _ in RandomBytes.make(16) }
        #expect(Set(draws).count == draws.count)
        // Every position takes many values, the last of each eight-byte draw included: none is left zero or fixed.
        for position in 0..<16 {
            #expect(Set(draws.map { $0[position] }).count > 100)
        }
    }
}
