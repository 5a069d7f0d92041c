import RecipeCartDomain
import RecipeCartShelf
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

/// Packing makes the final bill: a weighed row at the weight packed, a short row with the packs found, a replaced
/// row at its replacement's price; what the order holds of the shelf follows; staff's typed weights and the
/// shopper's substitution choice are checked.
@Suite struct PackedBillTests {
    static let butter = PricedOrderLine(
        rowKey: "butter", sku: "BUTTER-250", name: "Butter", packs: 3, amount: 750, unit: "g", unitPriceMinor: 210,
        priceMinor: 630, isWeighed: false, stockTaken: 3)
    static let potatoes = PricedOrderLine(
        rowKey: "potato", sku: "POTATOES", name: "Potatoes loose", packs: 1, amount: 1000, unit: "g",
        unitPriceMinor: 139, priceMinor: 139, isWeighed: true, stockTaken: 0, amountTaken: 1000)
    static let pricing = OrderPricing(currency: "EUR", lines: [butter, potatoes], isEstimated: true)

    @Test func unmarkedOrFoundRowsStayAsEstimated() {
        let bill = PackedBill(Self.pricing, marks: ["butter": .found])
        #expect(bill.totalMinor == 769)
        #expect(bill.differences.isEmpty)
        #expect(bill.packed.stockTaken == ["BUTTER-250": 3])
        #expect(bill.packed.amountTaken == ["POTATOES": 1000])
        #expect(bill.packed.isEstimated, "the potatoes are not weighed yet")
    }

    @Test func aWeighedRowCostsTheWeightPackedHalfUp() {
        let bill = PackedBill(Self.pricing, marks: ["potato": .weighed(amount: 1130)])
        // 1.13 kg × €1.39 = €1.5707, so €1.57.
        #expect(bill.totalMinor == 630 + 157)
        #expect(bill.packed.amountTaken == ["POTATOES": 1130])
        #expect(!bill.packed.isEstimated)
        let difference = bill.differences[0]
        #expect(difference.kind == .weighed)
        #expect(difference.amountMinor == 18)
        #expect(
            PackedDifferenceText.text(difference, currency: try! Currency(code: "EUR"))
                == "1.13 kg instead of about 1 kg, +€0.18")
    }

    @Test func aShortRowKeepsThePacksFoundAndGivesTheRestBack() {
        var bill = PackedBill(Self.pricing, marks: ["butter": .short(missing: 1)])
        #expect(bill.totalMinor == 420 + 139)
        #expect(bill.packed.stockTaken == ["BUTTER-250": 2])
        #expect(bill.differences.map(\.kind) == [.short])
        #expect(
            PackedDifferenceText.text(bill.differences[0], currency: try! Currency(code: "EUR"))
                == "2 of 3 packs, −€2.10")
        bill = PackedBill(Self.pricing, marks: ["butter": .short(missing: 3), "potato": .short(missing: 1)])
        #expect(bill.totalMinor == 0)
        #expect(bill.packed.lines.isEmpty)
        #expect(bill.packed.stockTaken.isEmpty && bill.packed.amountTaken.isEmpty)
        #expect(bill.differences.map(\.kind) == [.leftOut, .leftOut])
    }

    @Test func aReplacedRowCostsItsReplacementAndHoldsItsStockInstead() {
        let kerrygold = PricedOrderLine(
            rowKey: "butter", sku: "KERRYGOLD-250", name: "Kerrygold", packs: 3, amount: 750, unit: "g",
            unitPriceMinor: 250, priceMinor: 750, isWeighed: false, stockTaken: 3)
        let bill = PackedBill(Self.pricing, marks: ["butter": .replaced(with: "Kerrygold", line: kerrygold)])
        #expect(bill.totalMinor == 750 + 139)
        #expect(bill.packed.stockTaken == ["KERRYGOLD-250": 3])
        #expect(bill.differences.first?.amountMinor == 120)
        // A replacement named in words only (before the shelf was priced) leaves the price as it was.
        #expect(PackedBill(Self.pricing, marks: ["butter": .replaced(with: "duck eggs")]).totalMinor == 769)
    }

    @Test func theSubstitutionChoiceDecidesWhatMayReplaceARow() throws {
        let close = try #require(SubstitutionChoice(kind: "close-match", phone: nil))
        #expect(close.refusal(replacing: 1000, with: 1200, priceRise: 20) == nil)
        #expect(close.refusal(replacing: 1000, with: 1201, priceRise: 20) == .tooDear(limitMinor: 1200))
        #expect(close.refusal(replacing: 1000, with: 900, priceRise: 0) == nil)
        let leave = try #require(SubstitutionChoice(kind: "leave-out", phone: nil))
        #expect(leave.refusal(replacing: 1000, with: 500, priceRise: 20) == .leaveOut)
        let call = try #require(SubstitutionChoice(kind: "call-me", phone: "0123"))
        #expect(call.refusal(replacing: 1000, with: 5000, priceRise: 20) == nil)
    }

    @Test func aReplacementCoversWhatTheRowHeld() throws {
        let half = try #require(PackSize(500, .gram))
        let kilo = try #require(PackSize(1000, .gram))
        let offer = try #require(
            PackOffer(sku: "BUTTER-500", name: "Butter 500 g", packSize: half, priceMinor: 399, stock: 4))
        let line = PricedOrderLine(replacing: [Self.butter], with: offer)
        #expect(line.packs == 2 && line.amount == 1000 && line.priceMinor == 798 && line.stockTaken == 2)
        let loose = try #require(
            PackOffer(
                sku: "BUTTER-LOOSE", name: "Butter from the block", packSize: kilo, priceMinor: 900,
                isSoldByWeight: true, stock: nil))
        let weighed = PricedOrderLine(replacing: [Self.butter], with: loose)
        #expect(weighed.amount == 750 && weighed.priceMinor == 675 && weighed.amountTaken == nil && weighed.isWeighed)
    }

    @Test func typedWeightsAreReadOrRefusedByName() throws {
        #expect(try PackedWeight.amount("1.13 kg", unit: "g") == 1130)
        #expect(try PackedWeight.amount(" 1130 ", unit: "g") == 1130)
        #expect(try PackedWeight.amount("1130g", unit: "g") == 1130)
        #expect(try PackedWeight.amount("1.2 l", unit: "ml") == 1200)
        #expect(try PackedWeight.amount("3", unit: "piece") == 3)
        for (typed, says) in [
            ("", "Type the weight packed"), ("1,5 kg", "with a point, not a comma"), ("0", "more than 0"),
            ("-1 kg", "more than 0"), ("50.001 kg", "At most 50 kg"), ("abc", "is not a weight"),
            ("1 l", "is not a weight"), ("1e3", "is not a weight"), ("1.2.3", "is not a weight"),
        ] {
            #expect(throws: AppError.self, "\(typed)") { try PackedWeight.amount(typed, unit: "g") }
            do {
                _ = try PackedWeight.amount(typed, unit: "g")
            } catch let error as AppError {
                #expect(error.message.contains(says), "\(typed): \(error.message)")
            }
        }
    }
}
