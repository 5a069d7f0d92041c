import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Upstream pictures: downloaded once in the background, checked, stored in the data dir, shown by local URL.
@Suite struct ImageCacheTests {
    @Test func picturesAreDownloadedOnceCheckedAndShownFromTheCache() async throws {
        try await StandIn.run { standIn in
            await standIn.state.setImage("recipecart-kheer.jpg", .html)
            await standIn.state.setImage("recipecart-hotpot.jpg", .oversized)
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            try await environment.withShopper { shopper in
                try await shopper.get("/?q=miso")
                let settled = try await eventually {
                    try await environment.row("SELECT COUNT(*) FROM upstream_images") == 3
                }
                #expect(settled)

                let name = ImageCache.fileName(for: standIn.imageURL("recipecart-aubergine.jpg"), kind: .jpeg)
                let stored = try Data(contentsOf: environment.imageCacheDirectory.appendingPathComponent(name))
                #expect(Array(stored) == StandInState.jpegBytes)
                let detail = try await shopper.get("/recipes/mealdb-90101")
                #expect(detail.contains(#"src="/images/cache/\#(name)""#))
                // Pages only ever point at local pictures, and the static handler serves them.
                #expect(!detail.contains("127.0.0.1:\(standIn.port)"))
                let picture = try await shopper.get("/images/cache/\(name)")
                #expect(picture.status == .ok)
                #expect(picture.headers[.contentType] == "image/jpeg")
                #expect(Array(picture.response.body.readableBytesView) == StandInState.jpegBytes)

                let refusedHTML: String? = try await environment.row(
                    "SELECT failure FROM upstream_images WHERE url = ?",
                    [standIn.imageURL("recipecart-kheer.jpg").absoluteString])
                #expect(refusedHTML?.contains("not an image") == true)
                let refusedLarge: String? = try await environment.row(
                    "SELECT failure FROM upstream_images WHERE url = ?",
                    [standIn.imageURL("recipecart-hotpot.jpg").absoluteString])
                #expect(refusedLarge == "larger than 5 MB")
                #expect(try await shopper.get("/recipes/mealdb-90102").contains("recipe-picture-placeholder"))
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: environment.imageCacheDirectory.path) == [name])

                // A later answer naming the same pictures downloads none of them again.
                try await shopper.get("/?q=aubergine")
                try await shopper.get("/recipes/mealdb-90201")
                // Settled once the one new picture (the pear tart's) has its row: by then a second download of any
                // other would have been asked for, since pictures are queued in the order pages name them.
                #expect(
                    try await eventually {
                        try await environment.row("SELECT COUNT(*) FROM upstream_images") == 4
                    })
                #expect(
                    await standIn.state.imageCalls.sorted() == [
                        "recipecart-aubergine.jpg", "recipecart-hotpot.jpg", "recipecart-kheer.jpg",
                        "recipecart-pear-tart.jpg",
                    ])
            }
        }
    }

    @Test func aPictureIsCheckedByItsBytesNotItsContentType() async throws {
        try await StandIn.run { standIn in
            await standIn.state.setImage("recipecart-mousse.jpg", .disguisedHTML)
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            try await environment.withShopper { shopper in
                let page = try await shopper.get("/?category=Dessert")
                #expect(page.status == .ok)
                // Four of the five desserts have a picture.
                #expect(try await eventually { try await environment.row("SELECT COUNT(*) FROM upstream_images") == 4 })
                let failure: String? = try await environment.row(
                    "SELECT failure FROM upstream_images WHERE url = ?",
                    [standIn.imageURL("recipecart-mousse.jpg").absoluteString])
                #expect(failure == "not a JPEG, PNG, WebP or GIF")
                let tiles = try await shopper.get("/?category=Dessert")
                #expect(tiles.contains(#"src="/images/cache/"#))
            }
        }
    }

    @Test func picturesOfImportedRecipesAreFetchedWhenTheServerStarts() async throws {
        try await StandIn.run { standIn in
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            try await environment.seedMeals(pointingAt: standIn)
            #expect(await standIn.state.imageCalls.isEmpty)
            try await environment.withShopper { shopper in
                let settled = try await eventually {
                    try await environment.row("SELECT COUNT(*) FROM upstream_images") == 3
                }
                #expect(settled)
                #expect(await standIn.state.imageCalls.count == 3)
                let name = ImageCache.fileName(for: standIn.imageURL("recipecart-hotpot.jpg"), kind: .jpeg)
                let page = try await shopper.get("/recipes/mealdb-90103")
                #expect(page.contains(#"src="/images/cache/\#(name)""#))
                #expect(await standIn.state.apiCalls.isEmpty)
            }
        }
    }
}

struct SilentProgress: ImportProgress {
    func advance(done: Int, total: Int, label: String) {}
}
