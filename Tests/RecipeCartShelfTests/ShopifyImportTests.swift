import RecipeCartDomain
import RecipeCartShelf
import Testing

@Suite struct ShopifyImportTests {
    private func file(_ header: String, _ rows: [[String: String]], currency: Currency = .euro) throws -> ProductFile {
        let text = ([header] + rows.map { TillHeaders.row(header, $0) }).joined(separator: "\n")
        return try ProductFile(bytes: Array(text.utf8), currency: currency)
    }

    @Test func variantsTakeTheirProductsTitleAndImageRowsAreSkipped() throws {
        let read = try file(
            TillHeaders.shopify,
            [
                [
                    "Handle": "flour", "Title": "Strong white flour", "Type": "Baking", "Option1 Name": "Size",
                    "Option1 Value": "500g", "Variant SKU": "FL-500", "Variant Grams": "520",
                    "Variant Inventory Tracker": "shopify", "Variant Inventory Qty": "14", "Variant Price": "1.20",
                    "Variant Barcode": "5010044000466", "Image Src": "https://cdn.example/flour.jpg",
                    "Status": "active",
                ],
                [
                    "Handle": "flour", "Option1 Value": "1.5 kg", "Variant SKU": "FL-1500", "Variant Grams": "1530",
                    "Variant Inventory Tracker": "shopify", "Variant Inventory Qty": "3", "Variant Price": "2.95",
                ],
                ["Handle": "flour", "Image Src": "https://cdn.example/flour-2.jpg", "Image Position": "2"],
                [
                    "Handle": "passata", "Title": "Passata", "Option1 Name": "Title", "Option1 Value": "Default Title",
                    "Variant SKU": "PAS", "Variant Grams": "760", "Variant Price": "1.49",
                    "Unit Price Total Measure": "700", "Unit Price Total Measure Unit": "g",
                    "Unit Price Base Measure": "1", "Unit Price Base Measure Unit": "kg",
                ],
                [
                    "Handle": "honey", "Title": "Honey", "Option1 Name": "Title", "Option1 Value": "Default Title",
                    "Variant Grams": "400", "Variant Price": "4.50",
                ],
            ])
        #expect(read.format == .shopify)
        #expect(read.refused.isEmpty)
        #expect(read.skippedRows == 1)
        #expect(
            read.products.map(\.name) == ["Strong white flour, 500g", "Strong white flour, 1.5 kg", "Passata", "Honey"])
        #expect(read.products.map(\.sku) == ["FL-500", "FL-1500", "PAS", "honey"])
        #expect(
            read.products.map(\.packSize) == [
                PackSize(500, .gram), PackSize(1500, .gram), PackSize(700, .gram), PackSize(400, .gram),
            ])
        #expect(read.products.map(\.priceMinor) == [120, 295, 149, 450])
        #expect(read.products.map(\.stock) == [14, 3, nil, nil])
        #expect(read.products.map(\.gtin) == ["5010044000466", nil, nil, nil])
        #expect(read.products.map(\.aisle) == [.pantry, nil, nil, nil])
        #expect(read.products.map(\.row) == [2, 3, 5, 6])
    }

    @Test func theNewerTemplatesNamesReadTheSame() throws {
        let read = try file(
            TillHeaders.newerShopify,
            [
                [
                    "Title": "Free range eggs x12", "URL handle": "eggs", "Type": "Dairy", "SKU": "EGG-12",
                    "Barcode": "12345", "Option1 name": "Title", "Option1 value": "Default Title", "Price": "3.40",
                    "Inventory tracker": "shopify", "Inventory quantity": "40", "Weight value (grams)": "700",
                ],
                [
                    "Title": "Whole milk", "URL handle": "milk", "SKU": "MILK-1L", "Price": "1,09",
                    "Unit price total measure": "1", "Unit price total measure unit": "l",
                ],
            ])
        #expect(read.format == .shopify)
        #expect(read.refused.isEmpty)
        #expect(
            read.products == [
                ImportedProduct(
                    row: 2, sku: "EGG-12", name: "Free range eggs x12", gtin: nil, aisle: .dairyEggs,
                    packSize: PackSize(12, .piece)!, priceMinor: 340, soldByWeight: false, stock: 40),
                ImportedProduct(
                    row: 3, sku: "MILK-1L", name: "Whole milk", gtin: nil, aisle: nil,
                    packSize: PackSize(1000, .millilitre)!, priceMinor: 109, soldByWeight: false, stock: nil),
            ])
    }

    @Test func aVariantWithoutAnEarlierTitleIsRefused() throws {
        let read = try file(TillHeaders.shopify, [["Handle": "ghost", "Variant SKU": "G1", "Variant Price": "1.00"]])
        #expect(read.refused.map(\.reason) == ["no Title for the handle \"ghost\" on this row or an earlier one"])
    }

    @Test func aProductWithoutAPriceIsRefusedNotSkipped() throws {
        let read = try file(TillHeaders.shopify, [["Handle": "salt", "Title": "Sea salt", "Variant SKU": "SALT"]])
        #expect(read.products.isEmpty)
        #expect(read.refused.map(\.description) == ["row 2: the price is empty"])
    }
}
