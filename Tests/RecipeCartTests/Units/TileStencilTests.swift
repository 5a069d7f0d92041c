import Foundation
import Testing
@testable import RecipeCart

/// A tile filled into its stencil must be the HTML Mustache renders from tile.mustache, byte for byte, for every
/// shape a tile takes and for values that need escaping or look like the stencil's own markers.
@Suite struct TileStencilTests {
    static let summary = RecipeSummary(
        id: RecipeID("bundled-1")!, title: "Lentil soup", category: "Soup", servings: 4, readyInMinutes: 35,
        imagePath: "bundled/lentil.svg")

    /// Every combination of the optional values, each with plain and with hostile text.
    static var tiles: [RecipeTile] {
        var tiles: [RecipeTile] = []
        for hasPicture in [true, false] {
            for missing in [nil, [], ["egg"], ["egg", "<flour> & \"milk\""]] as [[String]?] {
                var summary = summary
                if !hasPicture { summary.imagePath = nil }
                tiles.append(RecipeTile(summary, missing: missing))
                var hostile = RecipeTile(summary, missing: missing)
                hostile.title = "<script>alert('x')</script> & \"more\" <\u{301} \u{2}title\u{2} \u{1} 🍲"
                hostile.url = "/recipes/a?b=1&c=\"2\""
                hostile.imageURL = hostile.imageURL.map { $0 + "?'\u{2}" }
                hostile.servingsText = ""
                tiles.append(hostile)
            }
        }
        var countOnly = RecipeTile(summary)
        countOnly.missingCount = 0
        tiles.append(countOnly)
        var textOnly = RecipeTile(summary)
        textOnly.missingText = "Missing: <b>"
        tiles.append(textOnly)
        return tiles
    }

    static func renderer(tileTemplate: String? = nil) async throws -> PageRenderer {
        var directory = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        if let tileTemplate {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: directory, to: copy)
            try tileTemplate.write(to: copy.appendingPathComponent("tile.mustache"), atomically: true, encoding: .utf8)
            directory = copy
        }
        return try await PageRenderer(templatesDirectory: directory)
    }

    @Test func aTileIsWhatMustacheRendersForIt() async throws {
        let renderer = try await Self.renderer()
        for tile in Self.tiles {
            #expect(renderer.tiles.html([tile]) == (try renderer.html(tile)), "\(tile)")
        }
    }

    @Test func tilesFollowOneAnother() async throws {
        let renderer = try await Self.renderer()
        let tiles = Self.tiles
        #expect(renderer.tiles.html(tiles) == (try tiles.map { try renderer.html($0) }.joined()))
        #expect(renderer.tiles.html([]) == "")
    }

    /// The stencil is made from the template file: a value shown twice, inside a section or not at all follows it.
    @Test func theStencilFollowsTheTemplate() async throws {
        let template = """
            {{% CONTENT_TYPE: HTML }}<li>{{.title}}|{{.title}}{{#.imageURL}}<img src="{{.}}" alt="{{.title}}">{{/.imageURL}}\
            {{^.missingText}}none{{/.missingText}}{{#.missingCount}}[{{.}}]{{/.missingCount}}</li>
            """
        let renderer = try await Self.renderer(tileTemplate: template)
        for tile in Self.tiles {
            let html = renderer.tiles.html([tile])
            #expect(html == (try renderer.html(tile)), "\(tile)")
            #expect(!html.contains(tile.id), "the template above does not show the id")
        }
    }
}
