import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

/// The edit form on both paths: signed-in staff change the shop's copy, a shopper makes their own version.
/// `PersonalEditRouteTests` covers who sees which copy, `EditUndoRouteTests` the Undo of a revert.
@Suite struct EditRouteTests {
    static let staffToken = "edit-route-staff-token"
    static let stepText = #"name="step" rows="3" maxlength="1000">([^<]*)</textarea>"#
    static let steps = [("step", "Whisk everything."), ("step", "Bake for 40 minutes.")]

    static func fields(
        title: String = "Sunday Lemon Cake", description: String = "Our family favourite.", version: String = "0",
        steps: [(String, String)] = steps, action: String = "save"
    ) -> [(String, String)] {
        [("version", version), ("title", title), ("description", description)] + steps + [("action-" + action, "")]
    }

    static let pictures: [(String, [UInt8])] = [
        ("jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 7, count: 64)),
        ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 64)),
        ("webp", Array("RIFF".utf8) + [64, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 2, count: 64)),
        ("gif", Array("GIF89a".utf8) + [UInt8](repeating: 3, count: 64)),
    ]

    static func environment() throws -> TestEnvironment {
        var environment = try TestEnvironment()
        environment.staffToken = staffToken
        return environment
    }

    static func signIn(_ staff: inout Shopper) async throws {
        try await staff.get("/staff/login")
        let signedIn = try await staff.post("/staff/login", [("token", staffToken)])
        #expect(signedIn.status == .seeOther)
        try await staff.get("/recipes/bundled-1")
    }

    /// Signs the browser in as staff for the shop path; a shopper's edits are their own version.
    static func become(staff: Bool, _ browser: inout Shopper) async throws {
        if staff { try await signIn(&browser) }
    }

    static func uploads(_ environment: TestEnvironment) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: environment.dataDirectory.appendingPathComponent("images/uploads").path)
    }

    @Test func aShopperIsOfferedTheirOwnVersion() async throws {
        try await Self.environment().withShopper { shopper in
            let detail = try await shopper.get("/recipes/bundled-1")
            #expect(
                detail.contains(
                    #"<a class="button button--quiet" href="/recipes/bundled-1/edit">Make your own version</a>"#))
            #expect(!detail.contains("Edit this recipe"))
            #expect(!detail.contains("data-personal-copy"))
            let page = try await shopper.get("/recipes/bundled-1/edit")
            #expect(page.status == .ok)
            #expect(page.contains(#"<h1 id="edit-heading" class="page-title">Make your own version</h1>"#))
            #expect(page.contains("only you see it"))
            #expect(page.contains(#"enctype="multipart/form-data""#))
            #expect(page.contains(#"value="Lemon Olive Oil Cake""#))
            #expect(page.contains(#"name="version" value="0""#))
            #expect(page.contains(#"name="copy" value="personal""#))
            #expect(page.allMatches(#"<textarea id="step-(\d+)" name="step""#).count >= 3)
            #expect(page.csrfToken != nil)
            #expect(!page.contains("Back to the shop’s version"))
        }
    }

    @Test func staffAreOfferedTheShopsCopy() async throws {
        try await Self.environment().withShopper { staff in
            try await Self.signIn(&staff)
            let detail = try await staff.get("/recipes/bundled-1")
            #expect(
                detail.contains(#"<a class="button button--quiet" href="/recipes/bundled-1/edit">Edit this recipe</a>"#)
            )
            #expect(!detail.contains("Make your own version"))
            let page = try await staff.get("/recipes/bundled-1/edit")
            #expect(page.contains(#"<h1 id="edit-heading" class="page-title">Edit recipe</h1>"#))
            #expect(page.contains("every shopper sees it"))
            #expect(page.contains(#"name="copy" value="shop""#))
            #expect(!page.contains("Revert to original"))
        }
    }

    @Test func aStaffEditShowsForEveryShopperAndIsSearchable() async throws {
        try await Self.environment().withShopper { staff in
            try await Self.signIn(&staff)
            var shopper = Shopper(client: staff.client)
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let saved = try await staff.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: "Sunday Zesty Cake"))
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/recipes/bundled-1")
            let landed = try await staff.follow(saved)
            #expect(
                landed.contains(#"<div class="status-message" role="status" data-status-message><p>Saved your changes"#)
            )
            #expect(landed.contains("Revert to original"))

            let detail = try await shopper.get("/recipes/bundled-1")
            #expect(detail.contains(#"<h1 class="recipe-title">Sunday Zesty Cake</h1>"#))
            #expect(detail.contains("Edited here"))
            #expect(!detail.contains("Your version"))
            #expect(!detail.contains("data-personal-copy"))
            #expect(detail.contains("Our family favourite."))
            #expect(detail.contains("<li>Bake for 40 minutes.</li>"))
            #expect(!detail.contains("Revert to original"))
            #expect(try await shopper.get("/?category=Dessert").contains("Sunday Zesty Cake"))
            #expect(try await shopper.get("/?q=zesty").recipeIDs == ["bundled-1"])
            #expect(try await shopper.get("/?q=zesty").contains(#"<span class="tile-title">Sunday Zesty Cake</span>"#))
            #expect(try await shopper.get("/cart").contains("for Sunday Zesty Cake"))
            #expect(try await staff.get("/staff").contains("Sunday Zesty Cake"))
        }
    }

    /// A search's tiles are kept with the search index: a staff edit's title and picture, and its revert, show in them.
    @Test func aStaffEditsPictureAndItsRevertShowInTheSearchsTiles() async throws {
        try await Self.environment().withShopper { staff in
            try await Self.signIn(&staff)
            var shopper = Shopper(client: staff.client)
            let original = try await shopper.get("/?q=lemon%20olive%20oil%20cake")
            let originalTitle = original.firstMatch(Self.tileTitle(of: "bundled-1"))
            let originalImage = original.firstMatch(Self.tileImage(of: "bundled-1"))
            #expect(originalTitle == "Lemon Olive Oil Cake" && originalImage?.hasSuffix("bundled-1.svg") == true)

            let edited = try await EditUndoRouteTests.saveWithPicture(&staff, title: "Quokka Cake")
            let picture = try #require(edited.firstMatch(#"src="(/images/uploads/[0-9a-f]{32}\.png)""#))
            let found = try await shopper.get("/?q=quokka")
            #expect(found.recipeIDs == ["bundled-1"])
            #expect(found.firstMatch(Self.tileTitle(of: "bundled-1")) == "Quokka Cake")
            #expect(found.firstMatch(Self.tileImage(of: "bundled-1")) == picture)

            #expect(try await staff.post("/recipes/bundled-1/revert", []).status == .seeOther)
            #expect(try await shopper.get("/?q=quokka").recipeIDs.isEmpty)
            let reverted = try await shopper.get("/?q=lemon%20olive%20oil%20cake")
            #expect(reverted.firstMatch(Self.tileTitle(of: "bundled-1")) == originalTitle)
            #expect(reverted.firstMatch(Self.tileImage(of: "bundled-1")) == originalImage)
        }
    }

    static func tileTitle(of id: String) -> String {
        #"data-recipe-id="\#(id)"[^>]*>\s*<a class="tile-link" href="[^"]*">[\s\S]*?<span class="tile-title">([^<]*)</span>"#
    }

    /// The tile's picture, or no match for a tile showing the placeholder.
    static func tileImage(of id: String) -> String {
        #"data-recipe-id="\#(id)"[^>]*>\s*<a class="tile-link" href="[^"]*">\s*<img class="tile-image" src="([^"]+)""#
    }

    @Test(
        arguments: [
            (fields(title: "   "), "Please give the recipe a title."),
            (fields(title: String(repeating: "a", count: 121)), "The title can be at most 120 characters"),
            (
                fields(description: String(repeating: "d", count: 2001)),
                "The description can be at most 2000 characters"
            ),
            (fields(steps: [("step", "  "), ("step", "")]), "A recipe needs at least one step."),
            (fields(steps: (0...50).map { ("step", "Step \($0)") }), "A recipe can have at most 50 steps."),
            (fields(steps: [("step", "ok"), ("step", String(repeating: "s", count: 1001))]), "Step 2 is too long"),
        ], [false, true])
    func validationErrorsKeepEverythingTypedAndSaveNothing(_ invalid: ([(String, String)], String), asStaff: Bool)
        async throws
    {
        let (fields, message) = invalid
        try await Self.environment().withShopper { editor in
            try await Self.become(staff: asStaff, &editor)
            let page = try await editor.postMultipart("/recipes/bundled-1/edit", fields)
            #expect(page.status == .unprocessableContent)
            #expect(page.contains(message))
            #expect(page.contains("Nothing was saved."))
            #expect(page.contains(#"aria-invalid="true""#))
            let description = fields.first { $0.0 == "description" }!.1
            #expect(page.contains(description))
            for browser in [editor, Shopper(client: editor.client)] {
                var browser = browser
                let detail = try await browser.get("/recipes/bundled-1")
                #expect(detail.contains("Lemon Olive Oil Cake"))
                #expect(!detail.contains("Edited here"))
                #expect(!detail.contains("Your version"))
            }
        }
    }

    @Test(arguments: pictures, [false, true])
    func eachAcceptedPictureTypeIsStoredAndServed(_ picture: (String, [UInt8]), asStaff: Bool) async throws {
        let (ext, bytes) = picture
        try await Self.environment().withShopper { editor in
            try await Self.become(staff: asStaff, &editor)
            let saved = try await editor.postMultipart(
                "/recipes/bundled-4/edit", Self.fields(),
                files: [.init(filename: "photo.\(ext)", contentType: "image/\(ext)", bytes: bytes)])
            #expect(saved.status == .seeOther)
            let detail = try await editor.follow(saved)
            let path = try #require(detail.firstMatch(#"src="/images/(uploads/[0-9a-f]{32}\.[a-z]+)""#))
            #expect(path.hasSuffix("." + ImageKind(sniffing: bytes)!.fileExtension))
            let served = try await editor.get("/images/" + path)
            #expect(served.status == .ok)
            #expect(Array(served.response.body.readableBytesView) == bytes)
        }
    }

    @Test func aDisguisedNonImageIsRefused() async throws {
        let environment = try Self.environment()
        try await environment.withShopper { shopper in
            let page = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(),
                files: [
                    .init(filename: "cat.png", contentType: "image/png", bytes: Array("<svg onload=alert(1)>".utf8))
                ])
            #expect(page.status == .unprocessableContent)
            #expect(page.contains("please choose a JPEG, PNG, WebP or GIF"))
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Your version")))
        }
        #expect(try Self.uploads(environment).isEmpty)
    }

    @Test func aPictureOver5MBIsRefusedAndABodyOver6MBIs413() async throws {
        try await Self.environment().withShopper { shopper in
            let big = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 5 * 1024 * 1024)
            let tooBig = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(),
                files: [.init(filename: "big.png", contentType: "image/png", bytes: big)])
            #expect(tooBig.status == .unprocessableContent)
            #expect(tooBig.contains("at most 5 MB"))
            let huge = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(),
                files: [.init(filename: "huge.png", contentType: "image/png", bytes: big + big.prefix(1024 * 1024))])
            #expect(huge.status == .contentTooLarge)
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Your version")))
        }
    }

    @Test(arguments: [false, true])
    func removingThePictureShowsThePlaceholderAndRevertRestoresIt(asStaff: Bool) async throws {
        try await Self.environment().withShopper { editor in
            try await Self.become(staff: asStaff, &editor)
            let saved = try await editor.postMultipart(
                "/recipes/bundled-1/edit", Self.fields() + [("remove_picture", "on")])
            #expect(try await editor.follow(saved).contains("recipe-picture-placeholder"))
            let reverted = try await editor.post("/recipes/bundled-1/revert", [])
            #expect(reverted.status == .seeOther)
            let detail = try await editor.follow(reverted)
            #expect(detail.contains("/images/bundled/bundled-1.svg"))
            #expect(detail.contains("Lemon Olive Oil Cake"))
            #expect(!detail.contains("Edited here"))
            #expect(!detail.contains("Your version"))
        }
    }

    @Test func stepButtonsWorkWithoutSavingAnything() async throws {
        try await Self.environment().withShopper { shopper in
            let steps = [("step", "First"), ("step", "Second"), ("step", "Third")]
            let added = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(steps: steps, action: "add-step"))
            #expect(added.status == .ok)
            #expect(added.allMatches(Self.stepText) == ["First", "Second", "Third", ""])
            #expect(added.contains("Not saved yet"))

            let moved = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(steps: steps, action: "move-up-2"))
            #expect(moved.allMatches(Self.stepText) == ["First", "Third", "Second"])
            let down = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(steps: steps, action: "move-down-0"))
            #expect(down.allMatches(Self.stepText) == ["Second", "First", "Third"])
            let deleted = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(steps: steps, action: "delete-step-1"))
            #expect(deleted.allMatches(Self.stepText) == ["First", "Third"])
            #expect(deleted.contains(#"value="Sunday Lemon Cake""#))
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Your version")))
        }
    }

    @Test func aStaffSaveOverANewerShopVersionIs409AndLosesNothing() async throws {
        try await Self.environment().withShopper { alice in
            try await Self.signIn(&alice)
            var bob = Shopper(client: alice.client)
            try await Self.signIn(&bob)
            let first = try await alice.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: "Alice's Cake", version: "0"))
            #expect(first.status == .seeOther)
            let stale = try await bob.postMultipart(
                "/recipes/bundled-1/edit",
                Self.fields(title: "Bob's Cake", description: "Bob typed this.", version: "0"))
            #expect(stale.status == .conflict)
            #expect(stale.contains("Someone saved this recipe while you were editing"))
            #expect(stale.contains("Alice&#39;s Cake"))
            #expect(stale.contains(#"value="Bob&#39;s Cake""#))
            #expect(stale.contains("Bob typed this."))
            #expect(try await bob.get("/recipes/bundled-1").contains("Alice&#39;s Cake"))

            // The re-rendered form carries the newer version, so saving it again is a deliberate overwrite.
            let version = try #require(stale.firstMatch(#"name="version" value="(\d+)""#))
            #expect(version != "0")
            let again = try await bob.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: "Bob's Cake", version: version))
            #expect(again.status == .seeOther)
            #expect(try await alice.get("/recipes/bundled-1").contains("Bob&#39;s Cake"))
        }
    }

    @Test func aShoppersSaveFromAStaleTabIs409AndOnlyTheirOwnTabsConflict() async throws {
        try await Self.environment().withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            // The shop's copy changing under an open form never stops a shopper saving their version.
            try await shopper.get("/recipes/bundled-1/edit")
            #expect(
                try await staff.postMultipart("/recipes/bundled-1/edit", Self.fields(title: "Shop Cake")).status
                    == .seeOther)
            let mine = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: "Tab One Cake", version: "0"))
            #expect(mine.status == .seeOther)
            try await shopper.follow(mine)

            let stale = try await shopper.postMultipart(
                "/recipes/bundled-1/edit",
                Self.fields(title: "Tab Two Cake", description: "Typed in tab two.", version: "0"))
            #expect(stale.status == .conflict)
            #expect(stale.contains("You saved another version of this recipe"))
            #expect(stale.contains(#"<p class="conflict-title">Tab One Cake</p>"#))
            #expect(stale.contains(#"value="Tab Two Cake""#))
            #expect(stale.contains("Typed in tab two."))
            let version = try #require(stale.firstMatch(#"name="version" value="(\d+)""#))
            #expect(version != "0")
            #expect(try await shopper.get("/recipes/bundled-1").contains("Tab One Cake"))
            #expect(
                try await shopper.postMultipart(
                    "/recipes/bundled-1/edit", Self.fields(title: "Tab Two Cake", version: version)
                ).status
                    == .seeOther)
            #expect(try await shopper.get("/recipes/bundled-1").contains("Tab Two Cake"))
            // Nor do a shopper's saves reach the shop's copy.
            #expect(try await staff.get("/recipes/bundled-1").contains(#"<h1 class="recipe-title">Shop Cake</h1>"#))
        }
    }

    @Test(arguments: ["<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#], [false, true])
    func hostileTextShowsAsTextOnEveryPage(_ payload: String, asStaff: Bool) async throws {
        try await Self.environment().withShopper { editor in
            try await Self.become(staff: asStaff, &editor)
            try await editor.post("/cart/items/bundled-1", [("op", "inc")])
            let saved = try await editor.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: payload, description: payload, steps: [("step", payload)])
            )
            #expect(saved.status == .seeOther)
            // A shopper's version shows on their own pages only; the shop's copy also in browse and search.
            let shown =
                asStaff
                ? ["/recipes/bundled-1", "/?category=Dessert", "/?q=alert", "/cart", "/recipes/bundled-1/edit"]
                : ["/recipes/bundled-1", "/cart", "/recipes/bundled-1/edit"]
            for path in shown {
                let page = try await editor.get(path)
                #expect(!page.contains(payload), "raw on \(path)")
                #expect(!page.contains("<img src=x"), "\(path)")
                #expect(!page.contains("<script>"), "\(path)")
                #expect(page.contains("alert(1)"), "shown as text on \(path)")
            }
        }
    }

    @Test func aCatalogRefreshNeverOverwritesAnEditOfEitherCopy() async throws {
        let environment = try Self.environment()
        try await environment.withShopper { staff in
            try await Self.signIn(&staff)
            var shopper = Shopper(client: staff.client)
            try await staff.postMultipart("/recipes/bundled-1/edit", Self.fields(title: "Shop Own Cake"))
            try await shopper.postMultipart("/recipes/bundled-2/edit", Self.fields(title: "My Own Soup"))
            let catalog = try BundledCatalog.load()
            var refreshed = catalog.recipes
            refreshed[0].title = "Upstream Renamed Cake"
            refreshed[0].steps = ["Upstream step."]
            let database = try environment.database()
            try await BundledCatalog(recipes: refreshed, version: "refresh", imagesDirectory: catalog.imagesDirectory)
                .install(into: SQLCatalogStore(sqlite: database))

            let detail = try await staff.get("/recipes/bundled-1")
            #expect(detail.contains("Shop Own Cake"))
            #expect(detail.contains("Whisk everything."))
            #expect(!detail.contains("Upstream step."))
            #expect(try await staff.get("/?q=own%20cake").recipeIDs == ["bundled-1"])
            #expect(try await shopper.get("/recipes/bundled-2").contains("My Own Soup"))
            try await staff.post("/recipes/bundled-1/revert", [])
            let reverted = try await staff.get("/recipes/bundled-1")
            #expect(reverted.contains("Upstream Renamed Cake"))
            #expect(reverted.contains("Upstream step."))
        }
    }

    @Test(arguments: [false, true])
    func editsAndRevertsNeedThisSessionsToken(asStaff: Bool) async throws {
        try await Self.environment().withShopper { editor in
            try await Self.become(staff: asStaff, &editor)
            let save = try await editor.postMultipart(
                "/recipes/bundled-1/edit", Self.fields(title: "Forged Cake"), withToken: false)
            #expect(save.status == .forbidden)
            #expect(!(try await editor.get("/recipes/bundled-1").contains("Forged Cake")))
            try await editor.follow(
                try await editor.postMultipart("/recipes/bundled-1/edit", Self.fields(title: "Real Cake")))
            let revert = try await editor.post("/recipes/bundled-1/revert", [], withToken: false)
            #expect(revert.status == .forbidden)
            var stranger = Shopper(client: editor.client)
            try await stranger.get("/recipes/bundled-1")
            let foreign = try await editor.post("/recipes/bundled-1/revert", [("_csrf", stranger.csrfToken ?? "")])
            #expect(foreign.status == .forbidden)
            #expect(try await editor.get("/recipes/bundled-1").contains("Real Cake"))
        }
    }

    /// A page left open across a deploy names its Save button the way it used to, as `action=save`.
    @Test func anEditPageFromBeforeTheButtonsWereNamedStillSaves() async throws {
        try await Self.environment().withShopper { shopper in
            _ = try await shopper.get("/recipes/bundled-1/edit")
            let older = Self.fields(title: "My Lemon Cake").filter { !$0.0.hasPrefix("action-") } + [("action", "save")]
            let saved = try await shopper.postMultipart("/recipes/bundled-1/edit", older)
            #expect(saved.status == .seeOther)
            #expect(try await shopper.get("/recipes/bundled-1").contains("My Lemon Cake"))
            let unknown = Self.fields().filter { !$0.0.hasPrefix("action-") } + [("action", "publish")]
            #expect(try await shopper.postMultipart("/recipes/bundled-1/edit", unknown).status == .badRequest)
        }
    }

    @Test func badRequestsToTheEditRoute() async throws {
        try await Self.environment().withShopper { shopper in
            #expect(try await shopper.get("/recipes/nope-1/edit").status == .notFound)
            #expect(try await shopper.postMultipart("/recipes/nope-1/edit", Self.fields()).status == .notFound)
            let urlEncoded = try await shopper.post("/recipes/bundled-1/edit", Self.fields())
            #expect(urlEncoded.status == .badRequest)
            let noAction = try await shopper.postMultipart(
                "/recipes/bundled-1/edit", [("version", "0"), ("title", "x")])
            #expect(noAction.status == .badRequest)
            let badVersion = try await shopper.postMultipart("/recipes/bundled-1/edit", Self.fields(version: "latest"))
            #expect(badVersion.status == .badRequest)
            let noBoundary = try await shopper.send(
                "/recipes/bundled-1/edit", method: .post, headers: [.contentType: "multipart/form-data"],
                body: .init(string: "x"))
            #expect(noBoundary.status == .badRequest)
            let garbage = try await shopper.send(
                "/recipes/bundled-1/edit", method: .post, headers: [.contentType: "multipart/form-data; boundary=abc"],
                body: .init(string: "--abc\r\nbroken headers without end"))
            #expect(garbage.status == .badRequest || garbage.status == .forbidden)
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Your version")))
        }
    }
}
