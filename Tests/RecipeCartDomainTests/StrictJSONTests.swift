import Foundation
import RecipeCartDomain
import Testing

/// RFC 8259 JSON and nothing more: every kind of value is taken, each leniency a decoder might allow is named with
/// the byte it starts at, and nesting past the bound is refused without recursion.
@Suite struct StrictJSONTests {
    static let valid: [String] = [
        "{}", "[]", #""""#, #""x""#, "0", "-0", "7", "-12.5e+3", "1E-2", "0.5", "10", "1e5", "-0.0e0", "true", "false",
        "null", " \t\r\n{ } \n", #"{"":1}"#, #"[[],{},[{}]]"#,
        #"{"a":[1,{"b":null}],"c":"\u00e9\ud83d\ude00\n\t\"\\\/\b\f\r","d":-3.25,"e":[true,false]}"#,
        "\"é 😀 日本 \u{202E}\"",
        #"{"type":"payment.succeeded","timestamp":"2026-01-01T00:00:00Z","data":{"order":"ABC234"}}"#,
    ]

    @Test(arguments: valid) func takesEveryKindOfValue(_ json: String) throws {
        try StrictJSON.validate(Data(json.utf8))
        // Foundation reads each of them too: the checker refuses nothing JSON allows.
        _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    static let refused: [(String, StrictJSON.Violation.Problem, Int)] = [
        (#"{"a":1,}"#, .trailingComma, 6),
        ("[1,2,]", .trailingComma, 4),
        ("[1,2, \n ]", .trailingComma, 4),
        (#"{"a":{"b":1},}"#, .trailingComma, 12),
        (#"{"a":1} // note"#, .comment, 8),
        (#"/* note */ {}"#, .comment, 0),
        (#"{"a":1 /* note */}"#, .comment, 7),
        (#"{'a':1}"#, .singleQuote, 1),
        (#"["a",'b']"#, .singleQuote, 5),
        ("NaN", .nonFiniteNumber, 0),
        ("[Infinity]", .nonFiniteNumber, 1),
        ("-Infinity", .nonFiniteNumber, 0),
        ("01", .leadingZero, 0),
        ("[-01]", .leadingZero, 1),
        ("00", .leadingZero, 0),
        ("+1", .malformedNumber, 0),
        (".5", .malformedNumber, 0),
        ("1.", .malformedNumber, 0),
        ("1e", .malformedNumber, 0),
        ("-", .malformedNumber, 0),
        ("1.5.3", .malformedNumber, 0),
        ("0x1F", .malformedNumber, 0),
        ("\"a\u{0}b\"", .controlCharacter, 2),
        ("\"a\nb\"", .controlCharacter, 2),
        ("\"a\tb\"", .controlCharacter, 2),
        ("\"\u{1F}\"", .controlCharacter, 1),
        (#""\x41""#, .badEscape, 1),
        (#""\'""#, .badEscape, 1),
        (#""\u12""#, .badEscape, 1),
        (#""\ud800""#, .unpairedSurrogate, 1),
        (#""\udc00""#, .unpairedSurrogate, 1),
        (#""\ud800\u0041""#, .unpairedSurrogate, 1),
        ("{} {}", .trailingContent, 3),
        ("1 2", .trailingContent, 2),
        ("{}x", .trailingContent, 2),
        ("", .empty, 0),
        (" \n", .empty, 2),
        (#"{"a":1"#, .unexpectedEnd, 6),
        (#""abc"#, .unexpectedEnd, 4),
        ("[", .unexpectedEnd, 1),
        ("tru", .unexpectedEnd, 3),
        ("True", .unexpectedCharacter, 0),
        ("truex", .unexpectedCharacter, 4),
        ("nul1", .unexpectedCharacter, 3),
        (#"{a:1}"#, .unquotedKey, 1),
        (#"{"a" 1}"#, .missingColon, 5),
        ("[1 2]", .missingComma, 3),
        (#"{"a":1 "b":2}"#, .missingComma, 7),
        (#"{"a":}"#, .missingValue, 5),
        ("[,1]", .missingValue, 1),
        ("[1}", .mismatchedBracket, 2),
        (#"{"a":1]"#, .mismatchedBracket, 6),
        ("]", .mismatchedBracket, 0),
        ("é", .unexpectedCharacter, 0),
    ]

    @Test(arguments: refused) func refusesEachLeniencyWhereItStands(
        _ json: String, problem: StrictJSON.Violation.Problem, offset: Int
    ) {
        #expect(throws: StrictJSON.Violation(problem, at: offset)) { try StrictJSON.validate(Data(json.utf8)) }
    }

    static let badUTF8: [([UInt8], Int)] = [
        ([0x22, 0xC0, 0xAE, 0x22], 1),  // an overlong "."
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // an overlong "/"
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // a surrogate written out
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // past U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),
        ([0x22, 0x61, 0xE2, 0x82, 0x22], 2),  // cut short
        ([0x22, 0x80, 0x22], 1),  // a lone continuation byte
        ([0x22, 0xFF, 0x22], 1),
        ([0x5B, 0xFE, 0x5D], 1),  // outside a string
    ]

    @Test(arguments: badUTF8) func refusesBytesThatAreNotUTF8(_ bytes: [UInt8], offset: Int) {
        #expect(throws: StrictJSON.Violation(.invalidUTF8, at: offset)) { try StrictJSON.validate(bytes) }
    }

    @Test func refusesAByteOrderMark() {
        #expect(throws: StrictJSON.Violation(.byteOrderMark, at: 0)) {
            try StrictJSON.validate([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        }
    }

    @Test func boundsNestingAndSurvivesAnyDepth() throws {
        let limit = StrictJSON.defaultMaximumDepth
        try StrictJSON.validate(
            Data((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8))
        let objects = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
        try StrictJSON.validate(Data(objects.utf8))
        let mixed = (0..<limit).map { $0.isMultiple(of: 2) ? "[" : #"{"k":"# }.joined()
        let closed = mixed + "0" + (0..<limit).reversed().map { $0.isMultiple(of: 2) ? "]" : "}" }.joined()
        try StrictJSON.validate(Data(closed.utf8))

        let oneDeeper = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: StrictJSON.Violation(.tooDeep(limit), at: limit)) {
            try StrictJSON.validate(Data(oneDeeper.utf8))
        }
        // A body of nothing but openings, as deep as the body limit allows: refused at the bound, no stack used.
        let hostile = Data(repeating: UInt8(ascii: "["), count: 64 * 1024)
        #expect(throws: StrictJSON.Violation(.tooDeep(limit), at: limit)) { try StrictJSON.validate(hostile) }
        let hostileObjects = Data(String(repeating: #"{"a":"#, count: 10_000).utf8)
        #expect(throws: StrictJSON.Violation(.tooDeep(limit), at: 5 * limit)) {
            try StrictJSON.validate(hostileObjects)
        }

        // The widest bound a UInt64 holds keeps objects and arrays apart at every level.
        let deepest = String(repeating: "[{\"k\":", count: 32) + "0" + String(repeating: "}]", count: 32)
        try StrictJSON.validate(Data(deepest.utf8), maximumDepth: 64)
        let crossed = String(repeating: "[{\"k\":", count: 32) + "0" + String(repeating: "]}", count: 32)
        #expect(throws: StrictJSON.Violation.self) { try StrictJSON.validate(Data(crossed.utf8), maximumDepth: 64) }
    }

    @Test func namesTheProblemAndItsByte() {
        #expect("\(StrictJSON.Violation(.trailingComma, at: 57))" == "a trailing comma at byte 57")
        #expect("\(StrictJSON.Violation(.tooDeep(32), at: 32))" == "nesting deeper than 32 at byte 32")
    }
}
