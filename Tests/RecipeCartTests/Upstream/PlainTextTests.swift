import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct PlainTextTests {
    @Test(arguments: [
        ("<b>Bold</b> and <a href=\"https://x.test/?a=1&amp;b=2\">a link</a>.", "Bold and a link."),
        ("Fish &amp; chips &quot;to go&quot; &#39;now&#39;&nbsp;please", "Fish & chips \"to go\" 'now' please"),
        ("&#x2014; &#8212; &mdash; &frac12; &eacute;", "— — — ½ é"),
        ("one<br>two<br/>three</p><p>four", "one two three four"),
        ("  lots \n\t of   space  ", "lots of space"),
        ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
        ("AT&T &unknown; &amp", "AT&T &unknown; &amp"),
        ("before<script>alert('<b>x</b>')</script>after", "beforeafter"),
        ("a<style type=\"text/css\">p { color: red }</STYLE>b", "ab"),
        ("keep <!-- a <b>comment</b> --> this", "keep this"),
        ("<a title=\"x > y\">quoted</a>", "quoted"),
        ("half-written <a href=\"x", "half-written"),
        ("&lt;script&gt; is text", "<script> is text"),
        ("&#0; &#xD800; &#1114112;", "\u{FFFD} \u{FFFD} \u{FFFD}"),
        ("", ""),
    ])
    func htmlBecomesPlainText(html: String, expected: String) {
        #expect(PlainText.from(html: html) == expected)
    }
}
