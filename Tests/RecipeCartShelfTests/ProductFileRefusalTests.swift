import RecipeCartShelf
import Testing

@Suite struct ProductFileRefusalTests {
    private func read(_ text: String, format: TillFormat? = nil) throws -> ProductFile {
        try ProductFile(bytes: Array(text.utf8), format: format, currency: .euro)
    }

    @Test func aHeaderOfNoKnownFormat() {
        #expect(throws: ProductFileRefusal.unknownFormat(header: ["Artikel", "Preis"])) {
            try read("Artikel,Preis\nButter,2.49\n")
        }
        #expect(
            ProductFileRefusal.unknownFormat(header: ["Artikel", "Preis"]).description.hasPrefix(
                "the header \"Artikel,Preis\" is of no known format"))
        #expect(throws: ProductFileRefusal.empty) { try read("") }
        #expect(throws: ProductFileRefusal.empty) { try read("\n,,\n") }
    }

    @Test func aFileOver20MBIsRefusedFromItsSize() {
        #expect(throws: ProductFileRefusal.tooLarge(byteCount: 25 * 1_048_576)) {
            try ProductFile.checkSize(byteCount: 25 * 1_048_576)
        }
        #expect(throws: Never.self) { try ProductFile.checkSize(byteCount: ProductFile.largestByteCount) }
        let tooLarge = [UInt8](repeating: UInt8(ascii: "a"), count: ProductFile.largestByteCount + 1)
        #expect(throws: ProductFileRefusal.tooLarge(byteCount: ProductFile.largestByteCount + 1)) {
            try ProductFile(bytes: tooLarge, currency: .euro)
        }
        #expect(ProductFileRefusal.tooLarge(byteCount: 25 * 1_048_576).description.contains("25 MB, over the 20 MB"))
    }

    @Test func aFileThatIsNotUTF8() {
        let windows1252 =
            Array("sku,name,price\nC1,Cr".utf8) + [0xE8] + Array("me fra".utf8) + [0xEE] + Array("che,2.10\n".utf8)
        #expect(throws: ProductFileRefusal.unreadable(.notUTF8(line: 2, byte: 0xE8))) {
            try ProductFile(bytes: windows1252, currency: .euro)
        }
    }

    @Test func namesHoldingMarkupOrAFormula() throws {
        let file = try read(
            """
            sku,name,price
            A,<script>alert(1)</script>,1.00
            B,Bold </b> claims,1.00
            C,"=HYPERLINK(""http://evil.example"",""Click"")",1.00
            D,+44 tomatoes,1.00
            E,-5 off,1.00
            F,@SUM(A1),1.00
            G,"\tTabbed",1.00
            H,Fish <!-- note -->,1.00
            I,Salt & vinegar crisps < 100g,1.00
            J,   ,1.00

            """)
        #expect(
            file.refused.map(\.description) == [
                "row 2: the name holds markup (\"<script>al\")",
                "row 3: the name holds markup (\"</b> claim\")",
                "row 4: the name starts with \"=\", which a spreadsheet runs as a formula",
                "row 5: the name starts with \"+\", which a spreadsheet runs as a formula",
                "row 6: the name starts with \"-\", which a spreadsheet runs as a formula",
                "row 7: the name starts with \"@\", which a spreadsheet runs as a formula",
                "row 8: the name starts with a tab, which a spreadsheet runs as a formula",
                "row 9: the name holds markup (\"<!-- note \")",
                "row 11: the name is empty",
            ])
        #expect(file.products.map(\.name) == ["Salt & vinegar crisps < 100g"])
    }

    @Test func aDuplicateSKUNamesBothRows() throws {
        let file = try read(
            """
            sku,name,price
            BUT,Butter,2.49
            MILK,Milk,1.09
            BUT,Butter salted,2.59
            EGG,Eggs,3.20
            EGG,Eggs,3.20
            EGG,Eggs,3.30
            """)
        #expect(file.products.map(\.sku) == ["MILK"])
        #expect(
            file.refused.map(\.description) == [
                "row 2: the SKU \"BUT\" is on rows 2 and 4",
                "row 4: the SKU \"BUT\" is on rows 2 and 4",
                "row 5: the SKU \"EGG\" is on rows 5, 6 and 7",
                "row 6: the SKU \"EGG\" is on rows 5, 6 and 7",
                "row 7: the SKU \"EGG\" is on rows 5, 6 and 7",
            ])
    }

    @Test func rowsAreCountedAsASpreadsheetShowsThem() throws {
        let file = try read("sku,name,price\n\nA,\"Two\nlines\",1.00\nB,Bad,-1\n")
        #expect(file.products.map(\.name) == ["Two lines"])
        #expect(file.refused.map(\.description) == ["row 4 (line 5): the price \"-1\" is negative"])
        #expect(file.skippedRows == 1)
    }

    @Test func theReportCountsWhatTheFileRefused() throws {
        let file = try read("sku,name,price\nA,Apples,1.00\nB,Bread,\nC,Cheese,abc\n")
        var report = ImportReport(file: file)
        report.added = 1
        #expect(report.summary == "1 added, 0 updated, 0 unchanged, 2 refused")
        #expect(report.refused.map(\.row) == [3, 4])
    }

    @Test func tenThousandProducts() throws {
        var text = TillHeaders.plain + "\r\n"
        for index in 0..<10_000 {
            text +=
                "SKU-\(index),\"Chopped tomatoes, tin \(index) 400g\",\(index % 50).49,,,\(index % 7),pantry,,false\r\n"
        }
        let file = try read(text)
        #expect(file.products.count == 10_000)
        #expect(file.refused.isEmpty)
        #expect(file.products.last?.sku == "SKU-9999")
        #expect(file.products.last?.priceMinor == 4949)
        #expect(file.products.allSatisfy { $0.packSize == PackSize(400, .gram) })
    }
}
