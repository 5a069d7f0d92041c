import Foundation

/// Where each element of a JSON array lies in the text, found in one pass that also checks the whole text is
/// well-formed JSON (RFC 8259). A dump of 100,000 recipes can then be decoded a batch at a time instead of as one
/// tree of every record, and a truncated or broken file is still refused before anything is saved.
package struct JSONArrayScanner {
    package struct Malformed: Error, CustomStringConvertible {
        package let offset: Int
        package let reason: String

        package var description: String { "not valid JSON at byte \(offset): \(reason)" }
    }

    /// Deeper than any recipe; hostile nesting is refused instead of exhausting the stack.
    package static let maximumDepth = 256

    private static let escapable = Array("\"\\/bfnrt".utf8)

    /// The element ranges (offsets from the start of `data`) of the array that is the whole text, or of the array
    /// under `key` in the top-level object. Nil when the text is valid JSON without such an array (another shape,
    /// or `key` null or missing).
    package static func elements(of data: Data, key: String) throws(Malformed) -> [Range<Int>]? {
        let result = data.withUnsafeBytes { bytes in
            var scanner = JSONArrayScanner(bytes: bytes, key: Array(key.utf8))
            return Result { () throws(Malformed) in try scanner.scanDocument() }
        }
        return try result.get()
    }

    private let bytes: UnsafeRawBufferPointer
    private let key: [UInt8]
    private var index = 0
    private var found: [Range<Int>]?

    private init(bytes: UnsafeRawBufferPointer, key: [UInt8]) {
        self.bytes = bytes
        self.key = key
    }

    private mutating func scanDocument() throws(Malformed) -> [Range<Int>]? {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "["): found = try scanArray(depth: 1, collecting: true)
        case UInt8(ascii: "{"): try scanObject(depth: 1, isTopLevel: true)
        default: try scanValue(depth: 1)
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("text after the end of the document") }
        return found
    }

    private mutating func scanValue(depth: Int) throws(Malformed) {
        guard depth <= Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) deep") }
        switch peek() {
        case UInt8(ascii: "{"): try scanObject(depth: depth, isTopLevel: false)
        case UInt8(ascii: "["): _ = try scanArray(depth: depth, collecting: false)
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try expect("true")
        case UInt8(ascii: "f"): try expect("false")
        case UInt8(ascii: "n"): try expect("null")
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            try scanNumber()
        case nil: throw fail("the text ends where a value should be")
        default: throw fail("a value cannot start here")
        }
    }

    private mutating func scanObject(depth: Int, isTopLevel: Bool) throws(Malformed) {
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw fail("an object key must be a string") }
            let name = try scanString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw fail("a colon must follow an object key") }
            index += 1
            skipWhitespace()
            if isTopLevel, bytes[name].elementsEqual(key), peek() == UInt8(ascii: "[") {
                found = try scanArray(depth: depth + 1, collecting: true)
            } else {
                try scanValue(depth: depth + 1)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw fail("a comma or a closing brace must follow an object member")
            }
        }
    }

    private mutating func scanArray(depth: Int, collecting: Bool) throws(Malformed) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return ranges
        }
        while true {
            let start = index
            try scanValue(depth: depth + 1)
            if collecting { ranges.append(start..<index) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return ranges
            default: throw fail("a comma or a closing bracket must follow an array element")
            }
        }
    }

    /// The range of the string's contents, without its quotes.
    private mutating func scanString() throws(Malformed) -> Range<Int> {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return start..<(index - 1)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = peek() else { break }
                if escaped == UInt8(ascii: "u") {
                    let digits = bytes[min(index + 1, bytes.count)..<min(index + 5, bytes.count)]
                    guard digits.count == 4, digits.allSatisfy(Self.isHexDigit) else {
                        throw fail("a \\u escape needs four hex digits")
                    }
                    index += 5
                } else {
                    guard Self.escapable.contains(escaped) else { throw fail("an unknown escape in a string") }
                    index += 1
                }
            case 0..<0x20:
                throw fail("a control character inside a string")
            default:
                index += 1
            }
        }
        throw fail("the text ends inside a string")
    }

    private mutating func scanNumber() throws(Malformed) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { throw fail("a number needs digits") }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { throw fail("a decimal point needs digits after it") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw fail("an exponent needs digits") }
        }
    }

    /// True when at least one digit was skipped.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }

    private mutating func expect(_ literal: StaticString) throws(Malformed) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else {
            throw fail("expected \(literal)")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func fail(_ reason: String) -> Malformed {
        Malformed(offset: index, reason: reason)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
