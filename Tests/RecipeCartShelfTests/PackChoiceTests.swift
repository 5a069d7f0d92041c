import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct PackChoiceTests {
    typealias F = ShelfFixtures

    @Test func aSmallNeedTakesTheSmallestPackAndSaysWhatIsLeft() {
        let choice = PackChoice.choose(for: F.need("butter", "60 g"), from: [F.butter500, F.butter250])
        #expect(choice.status == .covered)
        #expect(choice.picks.map(\.offer.sku) == ["BUT-250"])
        #expect(choice.picks.map(\.count) == [1])
        #expect(choice.priceMinor == 249)
        #expect(choice.leftOver == 190)
        #expect(!choice.isEstimated)
        #expect(choice.display == "1 × 250 g Butter · 190 g left")
    }

    @Test func costDecidesBetweenMixedAndEqualSizes() {
        // 600 g: 500 + 250 for 6.98 beats 2 × 500 for 8.98 and 3 × 250 for 7.47.
        let mixed = PackChoice.choose(for: F.need("butter", "600 g"), from: [F.butter250, F.butter500])
        #expect(mixed.priceMinor == 698)
        #expect(Set(mixed.picks.map { "\($0.count)×\($0.offer.sku)" }) == ["1×BUT-250", "1×BUT-500"])
        #expect(mixed.leftOver == 150)
        // 900 g: 2 × 500 for 8.98 beats 500 + 2 × 250 for 9.47.
        let equal = PackChoice.choose(for: F.need("butter", "900 g"), from: [F.butter250, F.butter500])
        #expect(equal.priceMinor == 898)
        #expect(equal.picks.map { "\($0.count)×\($0.offer.sku)" } == ["2×BUT-500"])
        #expect(equal.leftOver == 100)
        #expect(equal.display == "2 × 500 g Butter · 100 g left")
    }

    @Test func ofEqualCostLessLeftOverWinsThenFewerPacks() {
        let small = F.offer("S", "Rice", 250, .gram, 200)
        let exact = F.offer("E", "Rice", 400, .gram, 400)
        let large = F.offer("L", "Rice", 500, .gram, 400)
        #expect(
            PackChoice.choose(for: F.need("rice", "400 g"), from: [small, large, exact]).picks.map(\.offer.sku) == ["E"]
        )
        // 450 g: 2 × 250 and 1 × 500 both cost 4.00 and leave 50 g: one pack beats two.
        let fewer = PackChoice.choose(for: F.need("rice", "450 g"), from: [small, large])
        #expect(fewer.picks.map { "\($0.count)×\($0.offer.sku)" } == ["1×L"])
        #expect(fewer.leftOver == 50)
    }

    @Test func onionsSoldByTheKiloAreWeighedToATypicalWeight() {
        let onions = F.offer("ONI-KG", "Onions", 1000, .gram, 199, weighed: true)
        let choice = PackChoice.choose(for: F.need("onion", "2"), from: [onions])
        #expect(choice.status == .covered)
        #expect(choice.isEstimated)
        #expect(choice.need?.amount == 220)
        #expect(choice.picks.map(\.amount) == [220])
        // 220 g at 1.99 a kg is 43.78: 44, half up.
        #expect(choice.priceMinor == 44)
        #expect(choice.leftOver == 0)
        #expect(choice.packCount == 1)
        #expect(choice.display == "≈ 220 g Onions")
    }

    @Test func aNetOfOnionsIsAWholePackOfAnEstimate() {
        let net = F.offer("ONI-NET", "Onions", 1000, .gram, 149)
        let choice = PackChoice.choose(for: F.need("onion", "2"), from: [net])
        #expect(choice.isEstimated)
        #expect(choice.priceMinor == 149)
        #expect(choice.display == "1 × 1 kg Onions · 780 g left")
    }

    @Test func theCheaperOfWeighedAndPackedWins() {
        let loose = F.offer("ONI-KG", "Onions", 1000, .gram, 199, weighed: true)
        let net = F.offer("ONI-NET", "Onions", 1000, .gram, 149)
        let each = F.offer("ONI-1", "Onion", 1, .piece, 30)
        // 2 onions: 220 g loose for 0.44. 9 onions: 990 g loose for 1.97, a 1 kg net for 1.49, 9 singles for 2.70.
        #expect(
            PackChoice.choose(for: F.need("onion", "2"), from: [net, loose, each]).picks.map(\.offer.sku) == ["ONI-KG"])
        #expect(
            PackChoice.choose(for: F.need("onion", "9"), from: [loose, net, each]).picks.map(\.offer.sku) == [
                "ONI-NET"
            ])
        let pieces = PackChoice.choose(for: F.need("onion", "1"), from: [net, each])
        #expect(pieces.picks.map(\.offer.sku) == ["ONI-1"])
        #expect(pieces.display == "1 × Onion")
        #expect(!pieces.isEstimated)
    }

    @Test func eggsComeInBoxesOfPieces() {
        let six = F.offer("EGG-6", "Eggs", 6, .piece, 189)
        let twelve = F.offer("EGG-12", "Eggs", 12, .piece, 329)
        let choice = PackChoice.choose(for: F.need("egg", "3"), from: [twelve, six])
        #expect(choice.display == "1 × 6 pieces Eggs · 3 pieces left")
        #expect(PackChoice.choose(for: F.need("egg", "9"), from: [twelve, six]).priceMinor == 329)
    }

    @Test func stockIsNeverExceeded() {
        let few = F.offer("BUT-250", "Butter", 250, .gram, 249, stock: 5)
        let one = F.offer("BUT-500", "Butter", 500, .gram, 449, stock: 1)
        // 900 g would be 2 × 500, but one is left: 500 + 2 × 250.
        let choice = PackChoice.choose(for: F.need("butter", "900 g"), from: [few, one])
        #expect(choice.status == .covered)
        #expect(choice.priceMinor == 947)
        #expect(Set(choice.picks.map { "\($0.count)×\($0.offer.sku)" }) == ["2×BUT-250", "1×BUT-500"])
    }

    @Test func tooLittleStockTakesAllThereIsAndSaysSo() {
        let two = F.offer("BUT-250", "Butter", 250, .gram, 249, stock: 2)
        let none = F.offer("BUT-500", "Butter", 500, .gram, 449, stock: 0)
        let choice = PackChoice.choose(for: F.need("butter", "600 g"), from: [two, none])
        #expect(choice.status == .partlyCovered(missing: 100))
        #expect(choice.picks.map { "\($0.count)×\($0.offer.sku)" } == ["2×BUT-250"])
        #expect(choice.priceMinor == 498)
        let weighed = F.offer("ONI-KG", "Onions", 1000, .gram, 199, weighed: true, stock: 1)
        let short = PackChoice.choose(for: F.need("onion", "1500 g"), from: [weighed])
        #expect(short.status == .partlyCovered(missing: 500))
        #expect(short.picks.map(\.amount) == [1000])
        #expect(short.priceMinor == 199)
    }

    @Test func aProductInStockIsChosenOverOneThatIsNot() {
        let gone = F.offer("BUT-250", "Butter", 250, .gram, 149, stock: 0)
        let dear = F.offer("BUT-500", "Butter", 500, .gram, 449)
        #expect(
            PackChoice.choose(for: F.need("butter", "60 g"), from: [gone, dear]).picks.map(\.offer.sku) == ["BUT-500"])
    }

    @Test func everythingOutOfStockIsOutOfStock() {
        let gone = F.offer("BUT-250", "Butter", 250, .gram, 249, stock: 0)
        let choice = PackChoice.choose(for: F.need("butter", "60 g"), from: [gone])
        #expect(choice.status == .outOfStock)
        #expect(choice.picks.isEmpty)
        #expect(choice.priceMinor == 0)
        #expect(choice.need == ProductNeed(60, .gram))
    }

    @Test func noProductAndNoAmountSaySo() {
        let none = PackChoice.choose(for: F.need("butter", "60 g"), from: [])
        #expect(none.status == .noProduct)
        #expect(!none.isPriced)
        let salt = F.offer("SALT", "Sea salt", 500, .gram, 89)
        let words = PackChoice.choose(for: F.need("salt", "to taste"), from: [salt])
        #expect(words.status == .noAmount)
        #expect(words.priceMinor == 0)
        let herbs = PackChoice.choose(
            for: F.need("coriander", "1 small bunch"), from: [F.offer("COR", "Coriander", 30, .gram, 79)])
        #expect(herbs.status == .noAmount)
        #expect(herbs.need?.leftOut == ["1 small bunch"])
    }

    @Test func aNeedInItsOwnUnitTakesOnlyOffersInIt() {
        let need = ProductNeed(400, .millilitre)
        let tin = F.offer("COCO", "Coconut milk", 400, .millilitre, 129)
        let block = F.offer("COCO-BLOCK", "Creamed coconut", 200, .gram, 99)
        let choice = PackChoice.choose(need, from: [block, tin])
        #expect(choice.picks.map(\.offer.sku) == ["COCO"])
        #expect(choice.leftOver == 0)
        #expect(choice.display == "1 × 400 ml Coconut milk")
    }

    @Test func offersRefuseNonsense() {
        let size = PackSize(250, .gram)!
        #expect(PackOffer(sku: "A", name: "A", packSize: size, priceMinor: -1) == nil)
        #expect(PackOffer(sku: "A", name: "A", packSize: size, priceMinor: PackOffer.largestPriceMinor + 1) == nil)
        #expect(PackOffer(sku: "A", name: "A", packSize: size, priceMinor: 1, stock: -1) == nil)
        #expect(
            PackOffer(sku: "A", name: "A", packSize: size, priceMinor: 1, stock: Int.max)?.stock
                == PackOffer.largestStock)
    }

    /// A basket of ten recipes is about a hundred rows, each against the few products matched to it (here four sizes,
    /// one of them short of stock, and the same loose): every need from 37 g to 3.7 kg is covered, within stock, at
    /// the price of its picks. How long it takes is measured in `Benchmarks/`, not here.
    @Test func aHundredRowsAreEachCoveredWithinStock() {
        let offers = [
            F.offer("FLOUR-500", "Flour", 500, .gram, 89), F.offer("FLOUR-1K", "Flour", 1000, .gram, 149, stock: 3),
            F.offer("FLOUR-1.5K", "Flour", 1500, .gram, 219), F.offer("FLOUR-2.5K", "Flour", 2500, .gram, 329),
            F.offer("FLOUR-LOOSE", "Flour", 1000, .gram, 139, weighed: true),
        ]
        for grams in (1...100).map({ $0 * 37 }) {
            let choice = PackChoice.choose(for: F.need("plain flour", "\(grams) g"), from: offers)
            #expect(choice.status == .covered, "\(grams) g")
            #expect(choice.picks.reduce(0) { $0 + $1.amount } >= grams, "\(grams) g")
            #expect(choice.priceMinor == choice.picks.reduce(0) { $0 + $1.priceMinor }, "\(grams) g")
            #expect(choice.picks.allSatisfy { pick in pick.count <= (pick.offer.stock ?? pick.count) }, "\(grams) g")
        }
    }
}
