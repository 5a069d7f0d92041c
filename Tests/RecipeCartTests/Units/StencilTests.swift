import Foundation
import RecipeCartDomain
import Testing

@testable import RecipeCart

/// An item filled into its stencil must be the HTML Mustache renders from its template, byte for byte, for every
/// shape it takes and for values that need escaping or look like the stencil's own markers: tiles, and the Browse
/// filters' options and chips.
@Suite struct StencilTests {
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

    static let hostile = "<script>alert('x')</script> & \"more\" <\u{301} \u{2}label\u{2} \u{1} 🍲"

    static var options: [FilterOption] {
        [true, false].flatMap { selected in
            [
                FilterOption(value: "vegan", label: "Vegan", selected: selected),
                FilterOption(value: "", label: "Any diet", selected: selected),
                FilterOption(value: Self.hostile, label: Self.hostile, selected: selected),
            ]
        }
    }

    static var chips: [FilterChip] {
        [true, false].flatMap { selected in
            [
                FilterChip(label: "Dessert", url: "/?category=Dessert&q=cake", selected: selected),
                FilterChip(label: Self.hostile, url: "/?q=\"><script>", selected: selected),
            ]
        }
    }

    @Test func aFilterOptionOrChipIsWhatMustacheRendersForIt() async throws {
        let renderer = try await Self.renderer()
        for option in Self.options {
            #expect(renderer.filterOptions.html([option]) == (try renderer.html(option)), "\(option)")
        }
        for chip in Self.chips {
            #expect(renderer.filterChips.html([chip]) == (try renderer.html(chip)), "\(chip)")
        }
        #expect(renderer.filterOptions.html(Self.options) == (try Self.options.map { try renderer.html($0) }.joined()))
        #expect(renderer.filterChips.html(Self.chips) == (try Self.chips.map { try renderer.html($0) }.joined()))
    }

    /// The markup the lists had when browse.mustache held them, so moving them into their own templates changed nothing.
    @Test func optionsAndChipsFollowOneAnotherAsTheyWere() async throws {
        let renderer = try await Self.renderer()
        let options = [
            FilterOption(value: "", label: "Any", selected: false),
            FilterOption(value: "beef", label: "Beef", selected: true),
        ]
        #expect(
            renderer.filterOptions.html(options)
                == #"<option value="">Any</option><option value="beef" selected>Beef</option>"#)
        let chips = [
            FilterChip(label: "All", url: "/", selected: true),
            FilterChip(label: "Dessert", url: "/?category=Dessert", selected: false),
        ]
        #expect(
            renderer.filterChips.html(chips)
                == #"<li><a class="chip is-selected" href="/" aria-current="true">All</a></li>"#
                + #"<li><a class="chip" href="/?category=Dessert">Dessert</a></li>"#)
    }
}
