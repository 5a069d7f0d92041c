import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct PlainImportTests {
    private func file(_ lines: [String], format: TillFormat? = nil, currency: Currency = .euro) throws -> ProductFile {
        try ProductFile(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), format: format, currency: currency)
    }

    @Test func everyColumnIsRead() throws {
        let read = try file([
            TillHeaders.plain,
            "BUT-250,Butter,2.49,250,g,12,dairy-eggs,4006040000006,false",
            "ONION,Onions,\"1,99\",,,,produce,,yes",
            "TOM-400,Chopped tomatoes 400g,0.89,,,0,,,",
            "LEMON,Lemon,0.45",
            "MILK,Milk,1.09,1,L,,Dairy-Eggs,,0",
        ])
        #expect(read.format == .plain)
        #expect(read.refused.isEmpty)
        #expect(
            read.products == [
                ImportedProduct(
                    row: 2, sku: "BUT-250", name: "Butter", gtin: "4006040000006", aisle: .dairyEggs,
                    packSize: PackSize(250, .gram)!, priceMinor: 249, soldByWeight: false, stock: 12),
                ImportedProduct(
                    row: 3, sku: "ONION", name: "Onions", gtin: nil, aisle: .produce, packSize: PackSize(1000, .gram)!,
                    priceMinor: 199, soldByWeight: true, stock: nil),
                ImportedProduct(
                    row: 4, sku: "TOM-400", name: "Chopped tomatoes 400g", gtin: nil, aisle: nil,
                    packSize: PackSize(400, .gram)!, priceMinor: 89, soldByWeight: false, stock: 0),
                ImportedProduct(
                    row: 5, sku: "LEMON", name: "Lemon", gtin: nil, aisle: nil, packSize: PackSize(1, .piece)!,
                    priceMinor: 45, soldByWeight: false, stock: nil),
                ImportedProduct(
                    row: 6, sku: "MILK", name: "Milk", gtin: nil, aisle: .dairyEggs,
                    packSize: PackSize(1000, .millilitre)!, priceMinor: 109, soldByWeight: false, stock: nil),
            ])
    }

    @Test func columnsMayComeInAnyOrderAndBeLeftOut() throws {
        let read = try file(["Name,Price,SKU", "\"Rice, basmati 1kg\",2.10,RICE"])
        #expect(read.products.map(\.packSize) == [PackSize(1000, .gram)!])
        #expect(read.products.map(\.name) == ["Rice, basmati 1kg"])
    }

    @Test func badCellsAreRefusedWithTheirReasons() throws {
        let read = try file([
            TillHeaders.plain,
            "A,Apples,1.00,0,g",
            "B,Bananas,1.00,12",
            "C,Cherries,1.00,,kg",
            "D,Dates,1.00,200,furlong",
            "E,Eggs,1.00,,,-1",
            "F,Figs,1.00,,,,fruit",
            "G,Garlic,1.00,,,,,123",
            "H,Honey,1.00,,,,,,maybe",
            "I,Ice cream,1.00,1,l,,,,true",
            ",Jam,1.00",
            "K,Kale,1.00,x,g",
            "L,Leeks,1.00,,,,,,,surprise",
        ])
        #expect(read.products.isEmpty)
        #expect(
            read.refused.map(\.description) == [
                "row 2: the pack size is 0",
                "row 3: pack_size \"12\" needs a pack_unit: g, kg, ml, cl, l or pieces",
                "row 4: pack_unit \"kg\" is given without a pack_size",
                "row 5: pack_unit \"furlong\" is not one of g, kg, ml, cl, l or pieces",
                "row 6: the stock \"-1\" is not a whole number of packs (0 or more; empty for not tracked)",
                "row 7: aisle \"fruit\" is not one of produce, meat-fish, dairy-eggs, bakery, pantry, spices, frozen, "
                    + "other (or empty)",
                "row 8: the GTIN \"123\" is not 8, 12, 13 or 14 figures with a valid check digit",
                "row 9: sold_by_weight \"maybe\" is not true, false, yes, no, 1 or 0",
                "row 10: sold_by_weight is priced per kg, so pack_unit must be a weight (g or kg) or empty",
                "row 11: the SKU is empty",
                "row 12: pack_size \"x\" is not a number",
                "row 13: the row has 10 cells, the header 9",
            ])
    }

    @Test func theFormatCanBeNamed() throws {
        #expect(TillFormat(name: "Plain") == .plain)
        #expect(TillFormat(name: "square") == .square)
        #expect(TillFormat(name: "excel") == nil)
        #expect(throws: ProductFileRefusal.missingColumns(.plain, ["name", "price"])) {
            try file(["sku,title,cost", "A,Apples,1.00"], format: .plain)
        }
        #expect(throws: ProductFileRefusal.missingColumns(.shopify, ["Handle", "Title"])) {
            try file([TillHeaders.plain], format: .shopify)
        }
    }

    @Test func pricesAreReadInTheShopsCurrency() throws {
        let yen = try Currency(code: "JPY")
        #expect(
            try file([TillHeaders.plain, "RICE,Rice 5kg,\"1,299\""], currency: yen).products.map(\.priceMinor) == [1299]
        )
        #expect(
            try file([TillHeaders.plain, "RICE,Rice 5kg,12.5"], currency: yen).refused.map(\.reason) == [
                "the price \"12.5\" has more decimals than the currency: JPY has no decimals"
            ])
    }
}
