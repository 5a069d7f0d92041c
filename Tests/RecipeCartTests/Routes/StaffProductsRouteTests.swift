import Foundation
import HTTPTypes
import Logging
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// The staff pages of the shelf through HTTP: the products list and its search, the upload of a till's file with its
/// report, one product's edit with its races and refusals, and the ingredient matches page.
@Suite struct StaffProductsRouteTests {
    /// A shop's own shelf (so the demo shelf is not loaded), saved before the app starts: butter in two sizes, eggs,
    /// loose onions by the kilo, and a product whose name holds markup.
    static func environment() async throws -> TestEnvironment {
        let environment = try StaffRouteTests.environment()
        let stores = try environment.stores()
        defer { stores.close() }
        _ = try await stores.products.save([
            Product(
                sku: "BUT-250", name: "Butter 250 g", gtin: "4000000000012", aisle: .dairyEggs,
                packSize: PackSize(250, .gram)!, priceMinor: 249, stock: 12),
            Product(
                sku: "BUT-500", name: "Butter 500 g", aisle: .dairyEggs, packSize: PackSize(500, .gram)!,
                priceMinor: 449),
            Product(
                sku: "EGG-6", name: "Free range eggs", aisle: .dairyEggs, packSize: PackSize(6, .piece)!,
                priceMinor: 219, stock: 20),
            Product(
                sku: "ONI-KG", name: "Onions loose", aisle: .produce, packSize: PackSize(1000, .gram)!,
                priceMinor: 149, isSoldByWeight: true),
            Product(
                sku: "OATé 1/2", name: "Rolled oats", aisle: .pantry, packSize: PackSize(500, .gram)!,
                priceMinor: 129),
            Product(
                sku: "XSS-1", name: "Jam <script>alert(1)</script>", aisle: .pantry, packSize: PackSize(340, .gram)!,
                priceMinor: 299, stock: 3),
        ])
        return environment
    }

    static func withStores<Value>(_ environment: TestEnvironment, _ body: (Stores) async throws -> Value)
        async throws -> Value
    {
        let stores: Stores
        if let url = environment.databaseURL {
            stores = try await Stores.openPostgres(
                PostgresURL(url), clock: environment.clock, logger: Logger(label: "RecipeCartTests"),
                patience: .underTest)
        } else {
            stores = try environment.stores()
        }
        defer { stores.close() }
        return try await body(stores)
    }

    /// The upload, an edit, a race and a match, against each database the shop may keep its shelf in.
    @Test(arguments: StoreBackend.all) func theShelfPagesWorkOnEachBackend(backend: StoreBackend) async throws {
        var environment = try StaffRouteTests.environment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        try await Self.withStores(environment) { stores throws in
            _ = try await stores.products.save([
                Product(
                    sku: "BUT-250", name: "Butter 250 g", aisle: .dairyEggs, packSize: PackSize(250, .gram)!,
                    priceMinor: 249, stock: 12)
            ])
        }
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            try await staff.get("/staff/products")
            let upload = try await staff.postMultipart(
                "/staff/products/import", [("format", "plain")],
                files: [Self.csv(Self.plainHeader, "EGG-6,Free range eggs,2.19,6,pieces,20,dairy-eggs,,false")])
            #expect(upload.status == .seeOther)
            let list = try await staff.follow(upload)
            #expect(list.allMatches(#"<tr data-sku="([^"]+)""#) == ["BUT-250", "EGG-6"])
            let form = try await staff.get("/staff/products/BUT-250")
            let version = try #require(form.firstMatch(#"name="version" value="(\d+)""#).flatMap(Int.init))
            let saved = try await staff.post(
                "/staff/products/BUT-250", Self.editFields(version: version, price: "2.59"))
            #expect(saved.status == .seeOther)
            let raced = try await staff.post(
                "/staff/products/BUT-250", Self.editFields(version: version, price: "2.69"))
            #expect(raced.status == .conflict)
            #expect(raced.contains("<dd>€2.59</dd>") && raced.contains(#"name="price" value="2.69""#))
            #expect(try await staff.get("/staff/products/matches").contains(#"data-unmatched="butter""#))
            let matched = try await staff.post(
                "/staff/products/matches", [("ingredient", "butter"), ("sku", "BUT-250")])
            let after = try await staff.follow(matched)
            #expect(!after.contains(#"data-unmatched="butter""#) && after.contains(#"data-confirmed="butter""#))
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.priceHistory(sku: "BUT-250").map(\.priceMinor) == [249, 259])
            #expect(try await stores.products.product(sku: "EGG-6")?.priceMinor == 219)
            #expect(try await stores.products.allMatches() == ["butter": ["BUT-250"]])
        }
    }

    static func csv(_ lines: String...) -> Shopper.Upload {
        Shopper.Upload(
            field: "file", filename: "products.csv", contentType: "text/csv",
            bytes: Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
    }

    static let plainHeader = "sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight"

    @Test func onlyStaffSeeThePagesAShopperIsAskedToSignInAndAScreenIsRefused() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            for path in ["/staff/products", "/staff/products/BUT-250", "/staff/products/matches"] {
                let page = try await shopper.get(path)
                #expect(page.status == .unauthorized, "\(path)")
                #expect(page.contains("Staff sign-in") && !page.contains("Butter 250 g"), "\(path)")
            }
            let posted = try await shopper.post("/staff/products/BUT-250", [("version", "0"), ("price", "0.01")])
            #expect(posted.status == .unauthorized)
            let upload = try await shopper.postMultipart(
                "/staff/products/import", [("format", "plain")],
                files: [Self.csv(Self.plainHeader, "N-1,New,1.00,1,kg,,,,")])
            #expect(upload.status == .unauthorized)

            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            var screen = try await ScreenRouteTests.pairedScreen(shopper.client, staff: &staff)
            for path in ["/staff/products", "/staff/products/BUT-250", "/staff/products/matches"] {
                #expect(try await screen.get(path).status == .forbidden, "\(path)")
            }
            #expect(!(try await screen.get("/staff").contains(#"href="/staff/products""#)))
            #expect(try await staff.get("/staff").contains(#"<a href="/staff/products">Products</a>"#))
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.product(sku: "BUT-250")?.priceMinor == 249)
            #expect(try await stores.products.product(sku: "N-1") == nil)
        }
    }

    @Test func theListShowsEachProductWithItsHooksAndIsSearchedBySKUNameOrGTIN() async throws {
        try await Self.environment().withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let list = try await staff.get("/staff/products")
            #expect(list.status == .ok)
            #expect(
                list.allMatches(#"<tr data-sku="([^"]+)""#) == [
                    "BUT-250", "BUT-500", "EGG-6", "XSS-1", "ONI-KG", "OATé 1/2",
                ])
            #expect(
                list.contains(
                    #"<tr data-sku="BUT-250" data-price-minor="249" data-currency="EUR" data-unit-price-minor="996" data-unit="kg" data-stock="12">"#
                ))
            #expect(list.contains("€2.49 <span class=\"product-unit-price\">(€9.96 per kg)</span>"))
            #expect(list.contains(#"data-sku="BUT-500" data-price-minor="449" data-currency="EUR""#))
            #expect(list.contains(#"data-unit-price-minor="898" data-unit="kg" data-stock="untracked""#))
            #expect(list.contains("<td>not counted</td>"))
            #expect(
                list.contains(
                    #"data-sku="EGG-6" data-price-minor="219" data-currency="EUR" data-unit-price-minor="37" data-unit="piece""#
                ))
            #expect(list.contains("€1.49 per kg <span class=\"product-unit-price\">(€1.49 per kg)</span>"))
            #expect(list.contains(#"<a href="/staff/products/BUT-250">Edit"#))
            #expect(list.contains(#"<a href="/staff/products/matches">Ingredient matches</a>"#))
            #expect(list.contains(#"enctype="multipart/form-data""#) && list.contains(#"name="skip_bad""#))
            for format in ["auto", "square", "shopify", "plain"] {
                #expect(list.contains(#"<option value="\#(format)""#), "\(format)")
            }
            // A name holding markup is shown as text.
            #expect(list.contains("Jam &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!list.contains("<script>alert(1)"))

            let byName = try await staff.get("/staff/products?q=butter")
            #expect(byName.allMatches(#"<tr data-sku="([^"]+)""#) == ["BUT-250", "BUT-500"])
            let bySKU = try await staff.get("/staff/products?q=EGG-6")
            #expect(bySKU.allMatches(#"<tr data-sku="([^"]+)""#) == ["EGG-6"])
            let byGTIN = try await staff.get("/staff/products?q=4000000000012")
            #expect(byGTIN.allMatches(#"<tr data-sku="([^"]+)""#) == ["BUT-250"])
            let none = try await staff.get("/staff/products?q=%3Cb%3Ecaviar")
            #expect(none.allMatches(#"<tr data-sku="([^"]+)""#).isEmpty)
            #expect(none.contains(#"value="&lt;b&gt;caviar""#))
        }
    }

    @Test func theListIsPagedFiftyAPage() async throws {
        let environment = try StaffRouteTests.environment()
        try await Self.withStores(environment) { stores throws in
            _ = try await stores.products.save(
                (1...120).map { number in
                    Product(
                        sku: String(format: "P-%03d", number), name: String(format: "Product %03d", number),
                        packSize: PackSize(1, .piece)!, priceMinor: 100)
                })
        }
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let first = try await staff.get("/staff/products")
            #expect(first.allMatches(#"<tr data-sku="([^"]+)""#).count == 50)
            #expect(first.contains(#"<a href="/staff/products?page=2" rel="next">"#) && !first.contains(#"rel="prev""#))
            let third = try await staff.get("/staff/products?page=3")
            #expect(third.allMatches(#"<tr data-sku="([^"]+)""#).count == 20)
            #expect(third.contains(#"<a href="/staff/products?page=2" rel="prev">"#) && !third.contains(#"rel="next""#))
        }
    }

    @Test func aGoodFileIsImportedAndLandsBackOnTheListWithItsSummary() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            try await staff.get("/staff/products")
            let upload = try await staff.postMultipart(
                "/staff/products/import", [("format", "auto")],
                files: [
                    Self.csv(
                        Self.plainHeader, "FLO-1KG,Plain flour,\"1,29\",1,kg,30,pantry,,false",
                        "BUT-250,Butter 250 g,2.59,250,g,12,dairy-eggs,,false")
                ])
            #expect(upload.status == .seeOther)
            #expect(upload.location == "/staff/products")
            let list = try await staff.follow(upload)
            #expect(list.contains("RecipeCart plain product CSV: 1 added, 1 updated, 0 unchanged, 0 refused."))
            #expect(list.contains(#"<tr data-sku="FLO-1KG" data-price-minor="129""#))
            #expect(list.contains(#"<tr data-sku="BUT-250" data-price-minor="259""#))
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.product(sku: "FLO-1KG")?.priceMinor == 129)
            #expect(try await stores.products.priceHistory(sku: "BUT-250").map(\.priceMinor) == [249, 259])
        }
    }

    @Test func aBadRowIs422WithTheReportAndNothingSavedUnlessBadRowsAreSkipped() async throws {
        let environment = try await Self.environment()
        let file = Self.csv(
            Self.plainHeader, "NEW-1,Rice 1 kg,1.99,1,kg,,pantry,,false", "NEW-2,Porridge oats,12.5O,500,g,,pantry,,",
            "BUT-250,Butter 250 g,2.99,250,g,12,dairy-eggs,,false")
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            try await staff.get("/staff/products")
            let refused = try await staff.postMultipart("/staff/products/import", [("format", "plain")], files: [file])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.contains("RecipeCart plain product CSV: 1 refused, so nothing was changed"))
            #expect(refused.contains("<li>row 3: the price &quot;12.5O&quot; is not a number</li>"))
            #expect(refused.contains(#"<option value="plain" selected>"#))
            #expect(refused.contains(#"<tr data-sku="BUT-250" data-price-minor="249""#))
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.product(sku: "NEW-1") == nil)
            #expect(try await stores.products.product(sku: "BUT-250")?.priceMinor == 249)
        }
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            try await staff.get("/staff/products")
            let skipped = try await staff.postMultipart(
                "/staff/products/import", [("format", "plain"), ("skip_bad", "1")], files: [file])
            #expect(skipped.status == .seeOther)
            let list = try await staff.follow(skipped)
            #expect(
                list.contains(
                    "RecipeCart plain product CSV: 1 added, 1 updated, 0 unchanged, 1 refused. Refused: row 3: the price "
                        + "&quot;12.5O&quot; is not a number."))
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.product(sku: "NEW-1")?.priceMinor == 199)
            #expect(try await stores.products.product(sku: "NEW-2") == nil)
            #expect(try await stores.products.product(sku: "BUT-250")?.priceMinor == 299)
        }
    }

    @Test func aFileRefusedAsAWholeIs422AndChangesNothing() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            try await staff.get("/staff/products")
            let unknown = try await staff.postMultipart(
                "/staff/products/import", [], files: [Self.csv("code,title,cost", "BUT-250,Butter,0.10")])
            #expect(unknown.status == .unprocessableContent)
            #expect(
                unknown.contains(
                    "The file was refused, so nothing was changed: the header &quot;code,title,cost&quot; is of no known format"
                ))
            let latin1 = Shopper.Upload(
                field: "file", filename: "products.csv", contentType: "text/csv",
                bytes: Array((Self.plainHeader + "\nB-1,Cr").utf8) + [0xE8] + Array("me,1.00,1,piece,,,,\n".utf8))
            let unreadable = try await staff.postMultipart("/staff/products/import", [], files: [latin1])
            #expect(unreadable.status == .unprocessableContent)
            #expect(unreadable.contains("The file was refused, so nothing was changed"))
            let huge = Shopper.Upload(
                field: "file", filename: "products.csv", contentType: "text/csv",
                bytes: Array((Self.plainHeader + "\n").utf8)
                    + [UInt8](repeating: UInt8(ascii: "\n"), count: ProductFile.largestByteCount))
            let tooLarge = try await staff.postMultipart("/staff/products/import", [], files: [huge])
            #expect(tooLarge.status == .unprocessableContent)
            #expect(tooLarge.contains("over the 20 MB a product file may be"))
            let noFile = try await staff.postMultipart("/staff/products/import", [("format", "plain")])
            #expect(noFile.status == .unprocessableContent)
            let badFormat = try await staff.postMultipart(
                "/staff/products/import", [("format", "excel")], files: [Self.csv(Self.plainHeader)])
            #expect(badFormat.status == .unprocessableContent)
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.product(sku: "BUT-250")?.priceMinor == 249)
            #expect(try await stores.products.product(sku: "B-1") == nil)
        }
    }

    static func editFields(
        version: Int, price: String = "2.49", stock: String = "12", packSize: String = "250", unit: String = "g",
        active: Bool = true
    ) -> [(String, String)] {
        [
            ("version", String(version)), ("price", price), ("stock", stock), ("pack_size", packSize),
            ("pack_unit", unit),
        ]
            + (active ? [("active", "1")] : [])
    }

    @Test func anEditIsSavedWithItsPriceInTheHistory() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let form = try await staff.get("/staff/products/BUT-250")
            #expect(form.status == .ok)
            #expect(form.contains(#"name="price" value="2.49""#) && form.contains(#"name="stock" value="12""#))
            #expect(form.contains(#"name="pack_size" value="250""#) && form.contains(#"<option value="g" selected>"#))
            let version = try #require(form.firstMatch(#"name="version" value="(\d+)""#).flatMap(Int.init))
            let saved = try await staff.post(
                "/staff/products/BUT-250",
                Self.editFields(version: version, price: "2,79", stock: "", packSize: "0.25", unit: "kg"))
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/staff/products")
            let list = try await staff.follow(saved)
            #expect(list.contains("Saved BUT-250 Butter 250 g: €2.79, 250 g, stock not counted."))
            #expect(
                list.contains(
                    #"<tr data-sku="BUT-250" data-price-minor="279" data-currency="EUR" data-unit-price-minor="1116" data-unit="kg" data-stock="untracked">"#
                ))
        }
        try await Self.withStores(environment) { stores throws in
            let product = try #require(try await stores.products.product(sku: "BUT-250"))
            #expect(product.priceMinor == 279 && product.stock == nil && product.packSize == PackSize(250, .gram))
            #expect(try await stores.products.priceHistory(sku: "BUT-250").map(\.priceMinor) == [249, 279])
        }
    }

    @Test func anEditFromAnOlderVersionIs409AndShowsBoth() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let form = try await staff.get("/staff/products/EGG-6")
            let version = try #require(form.firstMatch(#"name="version" value="(\d+)""#).flatMap(Int.init))
            let first = try await staff.post(
                "/staff/products/EGG-6",
                Self.editFields(version: version, price: "2.29", stock: "18", packSize: "6", unit: "pieces"))
            #expect(first.status == .seeOther)
            let raced = try await staff.post(
                "/staff/products/EGG-6",
                Self.editFields(version: version, price: "1.99", stock: "5", packSize: "12", unit: "pieces"))
            #expect(raced.status == .conflict)
            #expect(raced.contains("Someone else saved this product while you edited it"))
            let current = try #require(raced.firstMatch(#"(?s)(<section class="product-current".*?</section>)"#))
            #expect(current.contains("<dd>€2.29</dd>") && current.contains("<dd>18 packs</dd>"))
            #expect(current.contains("<dd>6 pieces</dd>"))
            #expect(raced.contains(#"name="price" value="1.99""#) && raced.contains(#"name="stock" value="5""#))
            #expect(raced.contains(#"name="pack_size" value="12""#))
            // Saved again from the page the race showed, the typed values win.
            let newer = try #require(raced.firstMatch(#"name="version" value="(\d+)""#).flatMap(Int.init))
            #expect(newer > version)
            let again = try await staff.post(
                "/staff/products/EGG-6",
                Self.editFields(version: newer, price: "1.99", stock: "5", packSize: "12", unit: "pieces"))
            #expect(again.status == .seeOther)
        }
        try await Self.withStores(environment) { stores throws in
            let product = try #require(try await stores.products.product(sku: "EGG-6"))
            #expect(product.priceMinor == 199 && product.stock == 5 && product.packSize == PackSize(12, .piece))
            #expect(try await stores.products.priceHistory(sku: "EGG-6").map(\.priceMinor) == [219, 229, 199])
        }
    }

    @Test func badInputIs422WithTheReasonAndChangesNothing() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let form = try await staff.get("/staff/products/BUT-250")
            let version = try #require(form.firstMatch(#"name="version" value="(\d+)""#).flatMap(Int.init))
            let cases: [([(String, String)], String)] = [
                (Self.editFields(version: version, price: ""), "Price: the price is empty."),
                (Self.editFields(version: version, price: "-1.00"), "Price: the price &quot;-1.00&quot; is negative."),
                (
                    Self.editFields(version: version, price: "12.5O"),
                    "Price: the price &quot;12.5O&quot; is not a number."
                ),
                (
                    Self.editFields(version: version, packSize: "0"),
                    "Pack size: &quot;0&quot; is not a size more than 0"
                ),
                (Self.editFields(version: version, stock: "abc"), "Stock: &quot;abc&quot; is not a whole number"),
                (Self.editFields(version: version, stock: "-3"), "Stock: &quot;-3&quot; is not a whole number"),
                (
                    Self.editFields(version: version, stock: "1000001"),
                    "Stock: &quot;1000001&quot; is not a whole number"
                ),
            ]
            for (fields, reason) in cases {
                let page = try await staff.post("/staff/products/BUT-250", fields)
                #expect(page.status == .unprocessableContent, "\(fields)")
                #expect(page.contains(reason), "\(fields)")
                #expect(page.contains("Nothing was changed."), "\(fields)")
            }
            #expect(try await staff.get("/staff/products/NOPE-1").status == .notFound)
            // A SKU with a space, a slash and an accent is linked and found again.
            let odd = try await staff.get("/staff/products?q=oats")
            let link = try #require(odd.firstMatch(#"<a href="(/staff/products/[^"]+)">Edit"#))
            #expect(link == "/staff/products/OAT%C3%A9%201%2F2")
            #expect(try await staff.get(link).contains("Rolled oats"))
            #expect(try await staff.post("/staff/products/NOPE-1", Self.editFields(version: 0)).status == .notFound)
            let forged = try await staff.post(
                "/staff/products/BUT-250", [("_csrf", "nope")] + Self.editFields(version: version, price: "0.01"))
            #expect(forged.status == .forbidden)
            let forgedUpload = try await staff.postMultipart(
                "/staff/products/import", [("_csrf", "nope")],
                files: [Self.csv(Self.plainHeader, "N-1,New,1.00,1,kg,,,,")])
            #expect(forgedUpload.status == .forbidden)
            let forgedMatch = try await staff.post(
                "/staff/products/matches", [("_csrf", "nope"), ("ingredient", "butter"), ("sku", "BUT-250")])
            #expect(forgedMatch.status == .forbidden)
        }
        try await Self.withStores(environment) { stores throws in
            let product = try #require(try await stores.products.product(sku: "BUT-250"))
            #expect(product.priceMinor == 249 && product.stock == 12 && product.packSize == PackSize(250, .gram))
            #expect(try await stores.products.priceHistory(sku: "BUT-250").count == 1)
            #expect(try await stores.products.product(sku: "N-1") == nil)
            #expect(try await stores.products.allMatches().isEmpty)
        }
    }

    @Test func theMatchesPageListsUnmatchedIngredientsAndConfirmingMovesThemToConfirmed() async throws {
        let environment = try await Self.environment()
        try await environment.withShopper { shopper in
            // Chocolate brownies: butter, dark chocolate, eggs, egg yolks…
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            var staff = try await ScreenRouteTests.signedIn(shopper.client)
            let page = try await staff.get("/staff/products/matches")
            #expect(page.status == .ok)
            let butter = try #require(page.firstMatch(#"(?s)(<li data-unmatched="butter">.*?</li>\s*(?=<li|</ul>))"#))
            #expect(butter.contains(#"name="sku" value="BUT-250" checked"#))
            #expect(butter.contains(#"name="sku" value="BUT-500" checked"#))
            let chocolate = try #require(
                page.firstMatch(#"(?s)(<li data-unmatched="dark chocolate">.*?</li>\s*(?=<li|</ul>))"#))
            #expect(chocolate.contains("Not sold here"))
            #expect(page.contains("No match is confirmed yet."))

            let searched = try await staff.get("/staff/products/matches?q=jam")
            #expect(searched.contains(#"name="sku" value="XSS-1">"#))
            #expect(!searched.contains("<script>alert"))

            let confirmed = try await staff.post(
                "/staff/products/matches", [("ingredient", "butter"), ("sku", "BUT-500"), ("sku", "")])
            #expect(confirmed.status == .seeOther)
            let after = try await staff.follow(confirmed)
            #expect(after.contains("“butter” is sold as BUT-500."))
            #expect(!after.contains(#"data-unmatched="butter""#))
            let row = try #require(after.firstMatch(#"(?s)(<li data-confirmed="butter">.*?</li>\s*(?=<li|</ul>))"#))
            #expect(row.contains("Sold as Butter 500 g."))
            #expect(row.contains(#"name="sku" value="BUT-500" checked"#))
            #expect(after.contains(#"data-unmatched="dark chocolate""#))

            let unknown = try await staff.post("/staff/products/matches", [("ingredient", "egg"), ("sku", "NOPE")])
            #expect(unknown.status == .unprocessableContent)
            let empty = try await staff.post("/staff/products/matches", [("ingredient", "egg")])
            #expect(empty.status == .unprocessableContent)

            let removed = try await staff.post("/staff/products/matches", [("ingredient", "butter"), ("remove", "1")])
            #expect(removed.status == .seeOther)
            let back = try await staff.follow(removed)
            #expect(back.contains(#"data-unmatched="butter""#) && !back.contains(#"data-confirmed="butter""#))
            try await staff.post("/staff/products/matches", [("ingredient", "butter"), ("sku", "BUT-250")])
        }
        try await Self.withStores(environment) { stores throws in
            #expect(try await stores.products.allMatches() == ["butter": ["BUT-250"]])
        }
    }
}
