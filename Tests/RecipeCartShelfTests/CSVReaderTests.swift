import RecipeCartShelf
import Testing

@Suite struct CSVReaderTests {
    private func read(_ text: String) throws -> [CSVRecord] { try CSVReader.records(Array(text.utf8)) }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let records = try read(
            "sku,name\nA1,\"Tomatoes, chopped\"\nA2,\"The \"\"best\"\" butter\"\nA3,\"two\nlines\"\nA4,x\n")
        #expect(
            records.map(\.fields) == [
                ["sku", "name"], ["A1", "Tomatoes, chopped"], ["A2", "The \"best\" butter"], ["A3", "two\nlines"],
                ["A4", "x"],
            ])
        #expect(records.map(\.row) == [1, 2, 3, 4, 5])
        #expect(records.map(\.line) == [1, 2, 3, 4, 6])
    }

    @Test func crlfLoneCRandNoTrailingLineBreak() throws {
        #expect(try read("a,b\r\n1,2\r\n").map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(try read("a,b\r1,2").map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(try read("a,b\n1,2").map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(try read("a,\"b\r\nc\"\r\n1,2\r\n").map(\.fields) == [["a", "b\r\nc"], ["1", "2"]])
        #expect(try read("a,\"b\r\nc\"\r\n1,2\r\n").map(\.line) == [1, 3])
    }

    @Test func emptyFieldsBlankLinesAndABOM() throws {
        let records = try CSVReader.records([0xEF, 0xBB, 0xBF] + Array("sku,name\n\n,\n\"\",x\n".utf8))
        #expect(records.map(\.fields) == [["sku", "name"], ["", ""], ["", "x"]])
        #expect(records.map(\.row) == [1, 3, 4])
        #expect(records[1].isBlank)
        #expect(try read("").isEmpty)
        #expect(try read("\n\n").isEmpty)
    }

    @Test func textAfterAClosingQuoteIsKeptAsSpreadsheetsKeepIt() throws {
        #expect(try read("\"Tomatoes\" 400g,1\n").map(\.fields) == [["Tomatoes 400g", "1"]])
    }

    @Test func unicodeStaysWhole() throws {
        #expect(try read("Crème fraîche 200 ml,€2,🍅\n").first?.fields == ["Crème fraîche 200 ml", "€2", "🍅"])
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() {
        let latin1: [UInt8] = Array("sku,name\nA1,Cr".utf8) + [0xE8] + Array("me\n".utf8)
        #expect(throws: CSVError.notUTF8(line: 2, byte: 0xE8)) { try CSVReader.records(latin1) }
        #expect(throws: CSVError.notUTF8(line: 1, byte: 0xC0)) { try CSVReader.records([0x61, 0xC0, 0xAF]) }
        #expect(throws: CSVError.notUTF8(line: 1, byte: 0xED)) { try CSVReader.records([0xED, 0xA0, 0x80]) }
        #expect(throws: CSVError.notUTF8(line: 1, byte: 0xE2)) { try CSVReader.records([0xE2, 0x82]) }
        #expect(throws: CSVError.utf16) { try CSVReader.records([0xFF, 0xFE, 0x61, 0x00]) }
        #expect(CSVError.notUTF8(line: 2, byte: 0xE8).description.contains("not UTF-8 (line 2"))
    }

    @Test func aQuoteNeverClosedIsRefused() {
        #expect(throws: CSVError.unclosedQuote(line: 2)) { try read("a,b\n1,\"open\n2,3\n") }
    }

    @Test func tenThousandRows() throws {
        var text = "sku,name,price\n"
        for index in 0..<10_000 { text += "SKU-\(index),\"Tomatoes, chopped \(index)\",\(index).99\n" }
        let records = try read(text)
        #expect(records.count == 10_001)
        #expect(records.last?.fields == ["SKU-9999", "Tomatoes, chopped 9999", "9999.99"])
    }
}
