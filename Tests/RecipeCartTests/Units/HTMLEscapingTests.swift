import Foundation
import RecipeCartDomain
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct HTMLEscapingTests {
    let escaping = HTMLEscaping()

    @Test func theFiveCharactersAreReplacedAndEverythingElseKept() {
        #expect(
            escaping.escapeText(#"<script>alert("x") & 'y'</script>"#)
                == "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;")
        #expect(escaping.escapeText("Crème Brûlée · 2 h 🍮") == "Crème Brûlée · 2 h 🍮")
        #expect(escaping.escapeText("") == "")
        #expect(escaping.escapeText("Fish & Chips") == "Fish &amp; Chips")
    }

    @Test func aBracketCarryingACombiningAccentIsEscapedToo() {
        // One Character to Swift, so escaping a Character at a time let it through.
        #expect(escaping.escapeText("<\u{301}img src=x>") == "&lt;\u{301}img src=x&gt;")
    }

    @Test func everyTemplateEscapesThisWay() throws {
        let folder = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(names.count == PageRenderer.requiredTemplates.count)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("{{% CONTENT_TYPE: HTML }}"), "\(name)")
        }
    }

    @Test func aRenderedPageEscapesWhatAShopperTyped() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=%3Cimg%20src%3Dx%20onerror%3D%27a%27%3E")
            #expect(page.contains("&lt;img src=x onerror=&#39;a&#39;&gt;"))
            #expect(!page.contains("<img src=x"))
        }
    }
}
