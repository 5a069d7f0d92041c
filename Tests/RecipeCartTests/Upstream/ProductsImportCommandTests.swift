import Foundation
import RecipeCartShelf
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// `web products import` as a grocer runs it: the built executable on a till's file, into a data dir.
@Suite(.enabled(if: WebExecutable.url != nil, "the web executable is not built"))
struct ProductsImportCommandTests {
    static let header = "sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight\n"

    static func file(_ environment: TestEnvironment, _ name: String, _ text: String) throws -> String {
        let url = environment.dataDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func importing(_ environment: TestEnvironment, _ path: String, _ extra: [String] = []) throws -> (
        status: Int32, output: String
    ) {
        let run = try ImportCommandTests.run(
            ["products", "import", "--file", path, "--data-dir", environment.dataDirectory.path] + extra)
        return (run.status, run.output)
    }

    static func skus(_ environment: TestEnvironment) async throws -> [String] {
        let stores = try environment.stores()
        defer { stores.close() }
        return try await stores.products.products(search: "", limit: 100, offset: 0).map(\.sku)
    }

    @Test func aTillsFileIsAddedThenUpdatedBySKU() async throws {
        let environment = try TestEnvironment()
        let first = try Self.file(
            environment, "first.csv",
            "\u{FEFF}" + Self.header + "BUT-250,Butter,2.49,250,g,12,dairy-eggs,,false\n"
                + "\"TOM-400\",\"Chopped tomatoes, 400g\",\"0,89\",,,,,,\r\n")
        let added = try Self.importing(environment, first)
        #expect(added.status == 0, "\(added.output)")
        #expect(added.output.hasSuffix("RecipeCart plain product CSV: 2 added, 0 updated, 0 unchanged, 0 refused.\n"))
        let again = try Self.file(
            environment, "again.csv", Self.header + "BUT-250,Butter,2.29,250,g,12,dairy-eggs,,false\n")
        let updated = try Self.importing(environment, again)
        #expect(updated.output.hasSuffix("1 updated, 0 unchanged, 0 refused.\n"), "\(updated.output)")
        let stores = try environment.stores()
        defer { stores.close() }
        #expect(try await stores.products.product(sku: "BUT-250")?.priceMinor == 229)
        #expect(try await stores.products.product(sku: "TOM-400")?.packSize == PackSize(400, .gram))
        #expect(try await stores.products.priceHistory(sku: "BUT-250").map(\.priceMinor) == [249, 229])
    }

    @Test(arguments: [
        ("BAD,Flour,12.5O,1,kg,,,,\n", "row 3: the price \"12.5O\" is not a number"),
        ("BAD,Flour,-1,1,kg,,,,\n", "row 3"),
        ("BAD,Flour,,1,kg,,,,\n", "row 3"),
        ("BAD,Flour,2000000,1,kg,,,,\n", "row 3"),
        ("BAD,Flour,1.00,0,kg,,,,\n", "row 3"),
        ("BAD,<script>alert(1)</script>,1.00,1,kg,,,,\n", "row 3"),
        ("BAD,=HYPERLINK(\"x\"),1.00,1,kg,,,,\n", "row 3"),
        ("BAD,Flour,1.00,1,kg,,,,\nBAD,Flour again,1.00,1,kg,,,,\n", "BAD"),
    ])
    func aRefusedRowChangesNothingUnlessSkipBad(_ rows: String, _ said: String) async throws {
        let environment = try TestEnvironment()
        let path = try Self.file(
            environment, "bad.csv", Self.header + "GOOD-1,Sugar 1 kg,1.19,1,kg,5,pantry,,false\n" + rows)
        let refused = try Self.importing(environment, path)
        #expect(refused.status != 0)
        #expect(refused.output.contains(said), "\(refused.output)")
        #expect(refused.output.contains("so nothing was changed"))
        #expect(try await Self.skus(environment).isEmpty)

        let skipped = try Self.importing(environment, path, ["--skip-bad"])
        #expect(skipped.status == 0, "\(skipped.output)")
        #expect(skipped.output.contains("1 added"))
        #expect(try await Self.skus(environment) == ["GOOD-1"])
    }

    @Test func aFileThatIsNoTillsIsRefusedWhole() async throws {
        let environment = try TestEnvironment()
        let unknown = try Self.file(environment, "unknown.csv", "id;title;cost\n1;Flour;1.00\n")
        let refusedHeader = try Self.importing(environment, unknown)
        #expect(refusedHeader.status != 0)
        #expect(refusedHeader.output.contains("of no known format"), "\(refusedHeader.output)")
        let latin1 = environment.dataDirectory.appendingPathComponent("latin1.csv")
        try (Data(Self.header.utf8) + Data([0x42, 0x2C, 0x43, 0x72, 0xE8, 0x6D, 0x65, 0x2C, 0x31, 0x0A])).write(
            to: latin1)
        let refusedBytes = try Self.importing(environment, latin1.path)
        #expect(refusedBytes.status != 0)
        #expect(refusedBytes.output.contains("UTF-8"), "\(refusedBytes.output)")
        let huge = environment.dataDirectory.appendingPathComponent("huge.csv")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(ProductFile.largestByteCount + 1))
        try handle.close()
        let refusedSize = try Self.importing(environment, huge.path)
        #expect(refusedSize.status != 0)
        #expect(try await Self.skus(environment).isEmpty)
        let missing = try Self.importing(environment, "/no/such/file.csv")
        #expect(missing.status != 0 && missing.output.contains("no such file"))
    }
}
