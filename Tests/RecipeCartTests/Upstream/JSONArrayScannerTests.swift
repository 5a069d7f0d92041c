import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// The one pass that finds a dump's meals and refuses a broken file before anything is saved.
@Suite struct JSONArrayScannerTests {
    static func elements(_ text: String, key: String = "meals") throws -> [String]? {
        let data = Data(text.utf8)
        return try JSONArrayScanner.elements(of: data, key: key)?.map { String(decoding: data[$0], as: UTF8.self) }
    }

    @Test func findsTheElementsOfABareArrayOrOfTheKeyAtTheTop() throws {
        #expect(
            try Self.elements(#" [ {"a": [1, 2]}, "x\"]", -1.5e+3 , null ] "#) == [
                #"{"a": [1, 2]}"#, #""x\"]""#, "-1.5e+3", "null",
            ])
        #expect(
            try Self.elements(#"{"count": 2, "meals": [{"idMeal": "1"}, {"idMeal": "2"}], "more": {}}"#)
                == [#"{"idMeal": "1"}"#, #"{"idMeal": "2"}"#])
        #expect(try Self.elements("[]") == [])
    }

    @Test func anotherShapeIsValidButHasNoElements() throws {
        #expect(try Self.elements(#"{"meals": null}"#) == nil)
        #expect(try Self.elements(#"{"results": [{"id": 1}]}"#) == nil)
        #expect(try Self.elements(#"{"outer": {"meals": [1]}}"#) == nil, "only the top level's key counts")
        #expect(try Self.elements(#""just a string""#) == nil)
    }

    @Test(arguments: [
        "", "[", #"{"meals": [{"idMeal": "1"}"#, #"[1, 2"#, #"["open string]"#, "[1,]", "[01]", "[1.]", "[1e]", "[-]",
        "[tru]", "[nul]", #"{"a" 1}"#, #"{a: 1}"#, #"{"a": 1,}"#, "[1] [2]", "[1] x", #"["\x"]"#, #"["\u12G4"]"#,
        "[\"tab\there\"]", String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    ])
    func brokenJSONIsRefusedWithWhere(_ text: String) {
        #expect(throws: JSONArrayScanner.Malformed.self) { try Self.elements(text) }
    }

    @Test func theReasonSaysWhere() {
        let error = #expect(throws: JSONArrayScanner.Malformed.self) { try Self.elements("[1,]") }
        #expect(error?.description == "not valid JSON at byte 3: a value cannot start here")
    }
}
