import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// "Revert to original" and "Back to the shop's version" offer Undo, which puts back exactly what was there.
@Suite struct EditUndoRouteTests {
    static let undoForm = #"<form class="undo-form" method="post" action="/recipes/bundled-1/undo">"#
    static let undoButton = #"<button class="button undo-button" type="submit">Undo</button>"#

    static func undoToken(_ page: Page) -> String? { page.firstMatch(#"name="undo" value="([0-9a-f]+)""#) }

    static func saveWithPicture(_ editor: inout Shopper, title: String) async throws -> Page {
        let (ext, bytes) = EditRouteTests.pictures[1]
        let saved = try await editor.postMultipart(
            "/recipes/bundled-1/edit",
            EditRouteTests.fields(
                title: title, description: "Kept exactly.", steps: [("step", "One."), ("step", "Two.")]),
            files: [.init(filename: "p.\(ext)", contentType: "image/png", bytes: bytes)])
        #expect(saved.status == .seeOther)
        return try await editor.follow(saved)
    }

    @Test(arguments: [true, false])
    func undoPutsBackExactlyTheRevertedEdit(asStaff: Bool) async throws {
        let environment = try EditRouteTests.environment()
        try await environment.withShopper { editor in
            try await EditRouteTests.become(staff: asStaff, &editor)
            let edited = try await Self.saveWithPicture(&editor, title: "Quokka Cake")
            let picture = try #require(edited.firstMatch(#"src="/images/(uploads/[0-9a-f]{32}\.png)""#))
            let version = try #require(
                try await editor.get("/recipes/bundled-1/edit").firstMatch(#"name="version" value="(\d+)""#))

            let reverted = try await editor.post("/recipes/bundled-1/revert", [])
            #expect(reverted.status == .seeOther)
            let landed = try await editor.follow(reverted)
            #expect(
                landed.contains(
                    asStaff ? "Reverted Quokka Cake to the original." : "Back to the shop’s version of Quokka Cake."))
            #expect(landed.contains(Self.undoForm))
            #expect(landed.contains(Self.undoButton))
            #expect(landed.contains(#"<h1 class="recipe-title">Lemon Olive Oil Cake</h1>"#))
            #expect(try await editor.get("/?q=quokka").recipeIDs.isEmpty)
            // The picture stays on disk while Undo can still bring it back.
            #expect(try EditRouteTests.uploads(environment) == [String(picture.dropFirst("uploads/".count))])
            // A reload still offers it.
            let reloaded = try await editor.get("/recipes/bundled-1")
            let token = try #require(Self.undoToken(reloaded))
            #expect(reloaded.contains(Self.undoButton))

            let undone = try await editor.post("/recipes/bundled-1/undo", [("undo", token)])
            #expect(undone.status == .seeOther)
            #expect(undone.location == "/recipes/bundled-1")
            let restored = try await editor.follow(undone)
            #expect(restored.contains("Restored"))
            #expect(!restored.contains(Self.undoButton))
            #expect(restored.contains(#"<h1 class="recipe-title">Quokka Cake</h1>"#))
            #expect(restored.contains("Kept exactly."))
            #expect(restored.contains("<li>One.</li>"))
            #expect(restored.contains("<li>Two.</li>"))
            #expect(restored.contains("/images/\(picture)"))
            #expect(try await editor.get("/recipes/bundled-1/edit").contains(#"name="version" value="\#(version)""#))
            #expect(try await editor.get("/images/\(picture)").status == .ok)
            var other = Shopper(client: editor.client)
            #expect(try await other.get("/recipes/bundled-1").contains("Quokka Cake") == asStaff)
            #expect(try await other.get("/?q=quokka").recipeIDs == (asStaff ? ["bundled-1"] : []))

            let twice = try await editor.post("/recipes/bundled-1/undo", [("undo", token)])
            #expect(twice.status == .conflict)
            #expect(twice.contains("can’t be undone any more"))
        }
    }

    @Test func undoAfterANewEditChangesNothing() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            try await shopper.follow(
                try await shopper.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "First Cake")))
            let landed = try await shopper.follow(try await shopper.post("/recipes/bundled-1/revert", []))
            let token = try #require(Self.undoToken(landed))
            try await shopper.follow(
                try await shopper.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Second Cake")))
            let undo = try await shopper.post("/recipes/bundled-1/undo", [("undo", token)])
            #expect(undo.status == .conflict)
            #expect(undo.contains("edited again since"))
            #expect(try await shopper.get("/recipes/bundled-1").contains("Second Cake"))
        }
    }

    @Test func nobodyElseCanUndoAShoppersRevert() async throws {
        try await EditRouteTests.environment().withShopper { alice in
            try await alice.follow(
                try await alice.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Alice Cake")))
            let token = try #require(
                Self.undoToken(try await alice.follow(try await alice.post("/recipes/bundled-1/revert", []))))
            var bob = Shopper(client: alice.client)
            #expect(try await bob.post("/recipes/bundled-1/undo", [("undo", token)]).status == .conflict)
            var staff = Shopper(client: alice.client)
            try await EditRouteTests.signIn(&staff)
            #expect(try await staff.post("/recipes/bundled-1/undo", [("undo", token)]).status == .conflict)
            for browser in [alice, bob, staff] {
                var browser = browser
                #expect(!(try await browser.get("/recipes/bundled-1").contains("Alice Cake")))
            }
            #expect(try await alice.post("/recipes/bundled-1/undo", [("undo", token)]).status == .seeOther)
            #expect(try await alice.get("/recipes/bundled-1").contains("Alice Cake"))
            #expect(!(try await bob.get("/recipes/bundled-1").contains("Alice Cake")))
        }
    }

    @Test func aShopCopyUndoNeedsTheStaffSignIn() async throws {
        try await EditRouteTests.environment().withShopper { staff in
            try await EditRouteTests.signIn(&staff)
            try await staff.follow(
                try await staff.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Shop Cake")))
            let token = try #require(
                Self.undoToken(try await staff.follow(try await staff.post("/recipes/bundled-1/revert", []))))
            try await staff.post("/staff/logout", [])
            try await staff.get("/recipes/bundled-1")
            #expect(try await staff.post("/recipes/bundled-1/undo", [("undo", token)]).status == .conflict)
            var shopper = Shopper(client: staff.client)
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Shop Cake")))
        }
    }

    @Test func afterTheWindowUndoIsGoneAndThePictureIsDeleted() async throws {
        let environment = try EditRouteTests.environment()
        try await environment.withShopper { staff in
            try await EditRouteTests.signIn(&staff)
            try await Self.saveWithPicture(&staff, title: "Short-lived Cake")
            let token = try #require(
                Self.undoToken(try await staff.follow(try await staff.post("/recipes/bundled-1/revert", []))))
            #expect(try EditRouteTests.uploads(environment).count == 1)

            try await environment.database().write { db in
                try db.execute(
                    sql: "UPDATE recipe_edit_undos SET expires_at = ?", arguments: [Date().timeIntervalSince1970 - 1])
            }
            #expect(!(try await staff.get("/recipes/bundled-1").contains(Self.undoButton)))
            #expect(try await staff.post("/recipes/bundled-1/undo", [("undo", token)]).status == .conflict)

            let uploads = environment.dataDirectory.appendingPathComponent("images/uploads")
            for name in try EditRouteTests.uploads(environment) {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(-3600)],
                    ofItemAtPath: uploads.appendingPathComponent(name).path)
            }
            // The next write of any edit tidies up.
            try await staff.postMultipart("/recipes/bundled-2/edit", EditRouteTests.fields(title: "Another Cake"))
            #expect(try EditRouteTests.uploads(environment).isEmpty)
            #expect(try await staff.get("/recipes/bundled-1").contains("Lemon Olive Oil Cake"))
        }
    }

    @Test func hostileUndoPostsChangeNothing() async throws {
        try await EditRouteTests.environment().withShopper { shopper in
            try await shopper.follow(
                try await shopper.postMultipart("/recipes/bundled-1/edit", EditRouteTests.fields(title: "Mine Cake")))
            let token = try #require(
                Self.undoToken(try await shopper.follow(try await shopper.post("/recipes/bundled-1/revert", []))))
            #expect(
                try await shopper.post("/recipes/bundled-1/undo", [("undo", token)], withToken: false).status
                    == .forbidden)
            #expect(try await shopper.post("/recipes/bundled-1/undo", []).status == .badRequest)
            #expect(
                try await shopper.post("/recipes/bundled-1/undo", [("undo", String(repeating: "a", count: 65))]).status
                    == .badRequest)
            #expect(try await shopper.post("/recipes/bundled-1/undo", [("undo", "' OR 1=1 --")]).status == .conflict)
            #expect(try await shopper.post("/recipes/bundled-2/undo", [("undo", token)]).status == .conflict)
            #expect(try await shopper.post("/recipes/nope-1/undo", [("undo", token)]).status == .notFound)
            #expect(try await shopper.get("/recipes/bundled-1/undo").status == .methodNotAllowed)
            #expect(!(try await shopper.get("/recipes/bundled-1").contains("Mine Cake")))
        }
    }
}
