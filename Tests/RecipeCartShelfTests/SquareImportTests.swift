import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct SquareImportTests {
    private func file(_ header: String, _ rows: [[String: String]], currency: Currency = .euro) throws -> ProductFile {
        let text = ([header] + rows.map { TillHeaders.row(header, $0) }).joined(separator: "\r\n") + "\r\n"
        return try ProductFile(bytes: Array(text.utf8), currency: currency)
    }

    @Test func anExportIsRecognisedAndEachVariationIsAProduct() throws {
        let products = try file(
            TillHeaders.square,
            [
                [
                    "Token": "7TQ3", "Item Name": "Chopped tomatoes 400g", "Variation Name": "Regular",
                    "SKU": "TOM-400", "GTIN": "5000157024886", "Categories": "Canned and Jarred", "Price": "0.89",
                    "Current Quantity Corner Shop": "24", "Current Quantity Market Stall": "6",
                ],
                [
                    "Token": "8UR4", "Item Name": "Flour", "Variation Name": "1.5 kg", "SKU": "FLOUR-1500",
                    "Categories": "Baking", "Price": "1.79",
                ],
                ["Token": "9VS5", "Item Name": "Onions per kg", "Variation Name": "Regular", "Price": "€1.99"],
            ])
        #expect(products.format == .square)
        #expect(products.refused.isEmpty)
        #expect(
            products.products == [
                ImportedProduct(
                    row: 2, sku: "TOM-400", name: "Chopped tomatoes 400g", gtin: "5000157024886", aisle: .pantry,
                    packSize: PackSize(400, .gram)!, priceMinor: 89, soldByWeight: false, stock: 30),
                ImportedProduct(
                    row: 3, sku: "FLOUR-1500", name: "Flour, 1.5 kg", gtin: nil, aisle: .pantry,
                    packSize: PackSize(1500, .gram)!, priceMinor: 179, soldByWeight: false, stock: nil),
                ImportedProduct(
                    row: 4, sku: "9VS5", name: "Onions per kg", gtin: nil, aisle: nil, packSize: PackSize(1000, .gram)!,
                    priceMinor: 199, soldByWeight: true, stock: nil),
            ])
    }

    @Test func anOlderExportReadsToo() throws {
        let products = try file(
            TillHeaders.olderSquare,
            [
                [
                    "Token": "A1", "Item Name": "Eggs x12", "Category": "Dairy", "SKU": "EGG-12",
                    "Variation Name": "Regular", "Price": "3.20", "Current Quantity Main": "-2",
                ],
                ["Token": "B2", "Item Name": "Butter", "SKU": "BUT", "Variation Name": "250g", "Price": "2.49"],
            ]
        ).products
        #expect(products.map(\.packSize) == [PackSize(12, .piece), PackSize(250, .gram)])
        #expect(products.map(\.aisle) == [.dairyEggs, nil])
        #expect(products.map(\.stock) == [0, nil])
        #expect(products.map(\.name) == ["Eggs x12", "Butter, 250g"])
    }

    @Test func aVariableOrBadPriceIsRefusedWithItsRow() throws {
        let refused = try file(
            TillHeaders.square,
            [
                ["Token": "A1", "Item Name": "Market box", "SKU": "BOX", "Price": ""],
                ["Token": "B2", "Item Name": "Bread", "SKU": "BREAD", "Price": "2.5O"],
                [
                    "Token": "C3", "Item Name": "Milk 1L", "SKU": "MILK", "Price": "1.09",
                    "Current Quantity Corner Shop": "lots",
                ],
            ]
        ).refused
        #expect(
            refused.map(\.description) == [
                "row 2: the price is empty", "row 3: the price \"2.5O\" is not a number",
                "row 4: the stock \"lots\" is not a number",
            ])
    }

    @Test func aHeaderWithoutAPriceSaysSo() {
        let header = "Token,Item Name,Variation Name,SKU"
        #expect(throws: ProductFileRefusal.missingColumns(.square, ["Price"])) {
            try ProductFile(bytes: Array((header + "\n").utf8), currency: .euro)
        }
    }
}
