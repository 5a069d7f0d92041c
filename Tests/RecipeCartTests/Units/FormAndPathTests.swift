import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct FormAndPathTests {
    @Test func parsesUrlEncodedFormsFirstValueWins() throws {
        let form = try FormFields.parse("op=inc&quantity=3&op=dec&note=a+b%26c&empty=&flag")
        #expect(form["op"] == "inc")
        #expect(form["quantity"] == "3")
        #expect(form["note"] == "a b&c")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
        #expect(form.values("op") == ["inc", "dec"])
        #expect(form.values("note") == ["a b&c"])
        #expect(form.values("missing").isEmpty)
    }

    @Test func malformedEscapesAreRefusedInBodiesButKeptInQueries() throws {
        #expect(throws: AppError.self) { try FormFields.parse("q=%ZZ") }
        #expect(try FormFields.parse("q=%ZZ", strict: false)["q"] == "%ZZ")
    }

    /// The byte-level decoder reads a value as Foundation's percent decoding does, NULs dropped.
    @Test(arguments: [
        "plain", "a+b", "%20%2B%25", "caf%C3%A9", "café", "%e2%80%94", "%F0%9F%8D%B0+cake", "a%00b", "%", "%4", "%4G",
        "%G4",
        "%C3", "%FF", "%C3%28", "100%", "%%41", "<script>", "..%2F..%2Fetc",
    ])
    func decodesAsFoundationDoes(_ value: String) throws {
        let expected = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding?.withoutNULs
        let decoded = try? FormFields.parse("v=" + value)["v"]
        #expect(decoded == expected, "\(value)")
    }

    /// Every byte but the unreserved ones escaped, as Foundation's strictest set does, so a query value reads back whole.
    @Test(arguments: [
        "", "plain", "a b", "a+b&c=d#e", "100%", "café", "🍰 cake", "<script>alert(1)</script>", "../../etc", "a\u{0}b",
        "gluten free", "-_.~", "AZaz09", "\r\n",
    ])
    func encodesAQueryValueThatReadsBackWhole(_ value: String) throws {
        let encoded = PercentEncoding.encode(value)
        #expect(encoded == value.addingPercentEncoding(withAllowedCharacters: Self.unreserved), "\(value)")
        #expect(try FormFields.parse("v=" + encoded)["v"] == value.withoutNULs)
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")

    @Test func tooManyFieldsIsRefused() {
        let body = (0...FormFields.maximumFieldCount).map { "f\($0)=1" }.joined(separator: "&")
        #expect(throws: AppError.badRequest("The form has too many fields.")) { try FormFields.parse(body) }
    }

    @Test(arguments: [
        ("/cart", true), ("/recipes/bundled-1?servings=4", true), ("/", true),
        ("//evil.example", false), ("/\\evil.example", false), ("https://evil.example", false),
        ("cart", false), ("", false), ("/a b", false), ("/a\r\nb", false), ("/\u{0}", false), ("/é", false),
    ])
    func returnPathIsLocalOnly(_ path: String, _ accepted: Bool) {
        #expect(ReturnPath.isLocal(path) == accepted)
    }

    @Test(arguments: [
        ("bundled-42", true), ("mealdb-52772", true), ("spoon-716426", true), ("a_b-c", true),
        ("", false), ("nodash", false), ("-lead", false), ("trail-", false), ("../etc", false),
        ("a-b/c", false), ("a-b%00", false), ("<script>-1", false),
    ])
    func recipeIDsAreUrlSafe(_ raw: String, _ valid: Bool) {
        #expect((RecipeID(raw) != nil) == valid)
        #expect(RecipeID(String(repeating: "a", count: 60) + "-12345") == nil)
    }
}
