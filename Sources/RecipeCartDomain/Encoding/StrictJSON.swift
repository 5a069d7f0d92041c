/// JSON exactly as RFC 8259 has it, checked over the raw bytes before a decoder sees them: Foundation's decoder takes
/// a trailing comma and more, and a signed call must mean one thing to every reader of its bytes. One pass, no
/// allocation, no recursion: nesting is a bit a level, so a body of ten thousand `[` costs a counter.
package enum StrictJSON {
    /// Deep enough for any event; a level is a bit of a `UInt64`.
    package static let defaultMaximumDepth = 32

    /// Throws the first place `bytes` is not one JSON value (UTF-8, no byte order mark) with only whitespace around it.
    package static func validate(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(Violation) {
        precondition((1...64).contains(maximumDepth), "a nesting level is one bit of a UInt64")
        let found =
            bytes.withContiguousStorageIfAvailable { Scanner.firstViolation(in: $0, maximumDepth: maximumDepth) }
            ?? Array(bytes).withUnsafeBufferPointer { Scanner.firstViolation(in: $0, maximumDepth: maximumDepth) }
        if let found { throw found }
    }

    /// What is wrong and where: `offset` counts bytes from the start of the body.
    package struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
        package enum Problem: Equatable, Sendable {
            case empty
            case unexpectedEnd
            case trailingContent
            case trailingComma
            case comment
            case singleQuote
            case nonFiniteNumber
            case leadingZero
            case malformedNumber
            case controlCharacter
            case badEscape
            case unpairedSurrogate
            case invalidUTF8
            case byteOrderMark
            case tooDeep(Int)
            case unquotedKey
            case missingColon
            case missingComma
            case missingValue
            case mismatchedBracket
            case unexpectedCharacter
        }

        package var problem: Problem
        package var offset: Int

        package init(_ problem: Problem, at offset: Int) {
            self.problem = problem
            self.offset = offset
        }

        package var description: String {
            let what =
                switch problem {
                case .empty: "no JSON value"
                case .unexpectedEnd: "the body ends inside the value"
                case .trailingContent: "more after the one JSON value"
                case .trailingComma: "a trailing comma"
                case .comment: "a comment"
                case .singleQuote: "a single-quoted string"
                case .nonFiniteNumber: "NaN or Infinity"
                case .leadingZero: "a number with a leading zero"
                case .malformedNumber: "a malformed number"
                case .controlCharacter: "an unescaped control character in a string"
                case .badEscape: "an escape JSON does not have"
                case .unpairedSurrogate: "an unpaired surrogate escape"
                case .invalidUTF8: "bytes that are not UTF-8"
                case .byteOrderMark: "a byte order mark"
                case .tooDeep(let limit): "nesting deeper than \(limit)"
                case .unquotedKey: "a key that is not a double-quoted string"
                case .missingColon: "a key without a colon after it"
                case .missingComma: "a missing comma"
                case .missingValue: "a missing value"
                case .mismatchedBracket: "a bracket that does not close the one open"
                case .unexpectedCharacter: "an unexpected character"
                }
            return "\(what) at byte \(offset)"
        }
    }

    private struct Scanner {
        /// What may come next.
        private enum Expecting {
            /// A value: at the top, or after a colon.
            case value
            /// A value or `]`, just after `[`.
            case firstElement
            /// A value after a comma in an array.
            case element
            /// A key or `}`, just after `{`.
            case firstKey
            /// A key after a comma in an object.
            case key
            case colon
            /// A comma or the closing bracket; at the top, the end.
            case separator
        }

        let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        private var index = 0
        private var depth = 0
        /// Bit `n` is set when the container at depth `n + 1` is an object.
        private var objects: UInt64 = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        private var inObject: Bool { depth > 0 && objects & (1 << UInt64(depth - 1)) != 0 }

        static func firstViolation(in bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) -> Violation? {
            var scanner = Scanner(bytes: bytes, maximumDepth: maximumDepth)
            do throws(Violation) {
                try scanner.scan()
                return nil
            } catch {
                return error
            }
        }

        private mutating func scan() throws(Violation) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw Violation(.byteOrderMark, at: 0) }
            var expecting = Expecting.value
            while true {
                skipWhitespace()
                guard index < bytes.count else {
                    if expecting == .separator && depth == 0 { return }
                    throw Violation(expecting == .value && depth == 0 ? .empty : .unexpectedEnd, at: index)
                }
                let byte = bytes[index]
                if byte == .slash { try refuseComment() }
                switch expecting {
                case .value, .firstElement, .element:
                    if byte == .closeBracket && expecting == .firstElement {
                        try close(object: false)
                        expecting = .separator
                    } else {
                        expecting =
                            switch try value(byte, after: expecting) {
                            case .object: .firstKey
                            case .array: .firstElement
                            case .scalar: .separator
                            }
                    }
                case .firstKey, .key:
                    switch byte {
                    case .quote:
                        try string()
                        expecting = .colon
                    case .closeBrace where expecting == .firstKey:
                        try close(object: true)
                        expecting = .separator
                    case .closeBrace: throw trailingComma()
                    case .apostrophe: throw Violation(.singleQuote, at: index)
                    default: throw Violation(.unquotedKey, at: index)
                    }
                case .colon:
                    guard byte == .colon else { throw Violation(.missingColon, at: index) }
                    index += 1
                    expecting = .value
                case .separator:
                    guard depth > 0 else { throw Violation(.trailingContent, at: index) }
                    switch byte {
                    case .comma:
                        index += 1
                        expecting = inObject ? .key : .element
                    case .closeBrace, .closeBracket: try close(object: byte == .closeBrace)
                    default: throw Violation(.missingComma, at: index)
                    }
                }
            }
        }

        private enum Opened {
            case object, array, scalar
        }

        /// Reads one value, or opens a container, starting at `byte`. Leaves `index` after what it read.
        private mutating func value(_ byte: UInt8, after expecting: Expecting) throws(Violation) -> Opened {
            switch byte {
            case .openBrace, .openBracket:
                guard depth < maximumDepth else { throw Violation(.tooDeep(maximumDepth), at: index) }
                if byte == .openBrace { objects |= 1 << UInt64(depth) } else { objects &= ~(1 << UInt64(depth)) }
                depth += 1
                index += 1
                return byte == .openBrace ? .object : .array
            case .quote: try string()
            case .minus, .digitZero ... .digitNine: try number()
            case .lowerT: try literal("true")
            case .lowerF: try literal("false")
            case .lowerN: try literal("null")
            case .upperN, .upperI: throw Violation(.nonFiniteNumber, at: index)
            case .plus, .dot: throw Violation(.malformedNumber, at: index)
            case .apostrophe: throw Violation(.singleQuote, at: index)
            case .closeBracket, .closeBrace:
                if expecting == .element { throw trailingComma() }
                throw Violation(expecting == .value && depth > 0 ? .missingValue : .mismatchedBracket, at: index)
            case .comma, .colon: throw Violation(.missingValue, at: index)
            case 0x80...: throw utf8Length(at: index) == nil ? Violation(.invalidUTF8, at: index) : unexpected()
            default: throw unexpected()
            }
            return .scalar
        }

        /// A trailing comma is named where it stands, before the whitespace and the bracket that follow it.
        private func trailingComma() -> Violation {
            var comma = index - 1
            while comma > 0, bytes[comma].isJSONWhitespace { comma -= 1 }
            return Violation(.trailingComma, at: comma)
        }

        private func unexpected() -> Violation { Violation(.unexpectedCharacter, at: index) }

        /// Closes the innermost container with the bracket at `index`.
        private mutating func close(object: Bool) throws(Violation) {
            guard depth > 0, inObject == object else { throw Violation(.mismatchedBracket, at: index) }
            depth -= 1
            index += 1
        }

        private mutating func literal(_ word: StaticString) throws(Violation) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for byte in expected {
                guard index < bytes.count else { throw Violation(.unexpectedEnd, at: index) }
                guard bytes[index] == byte else { throw unexpected() }
                index += 1
            }
            guard followedByDelimiter() else { throw unexpected() }
        }

        private mutating func number() throws(Violation) {
            let start = index
            if bytes[index] == .minus {
                index += 1
                if index < bytes.count, bytes[index] == .upperI { throw Violation(.nonFiniteNumber, at: start) }
            }
            guard index < bytes.count, bytes[index].isDigit else { throw Violation(.malformedNumber, at: start) }
            if bytes[index] == .digitZero {
                index += 1
                if index < bytes.count, bytes[index].isDigit { throw Violation(.leadingZero, at: start) }
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == .dot {
                index += 1
                guard skipDigits() else { throw Violation(.malformedNumber, at: start) }
            }
            if index < bytes.count, bytes[index] == .lowerE || bytes[index] == .upperE {
                index += 1
                if index < bytes.count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
                guard skipDigits() else { throw Violation(.malformedNumber, at: start) }
            }
            guard followedByDelimiter() else { throw Violation(.malformedNumber, at: start) }
        }

        /// Reads a string whose opening quote is at `index`.
        private mutating func string() throws(Violation) {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case .quote:
                    index += 1
                    return
                case .backslash:
                    try escape()
                case 0..<0x20:
                    throw Violation(.controlCharacter, at: index)
                case 0x80...:
                    guard let length = utf8Length(at: index) else { throw Violation(.invalidUTF8, at: index) }
                    index += length
                default:
                    index += 1
                }
            }
            throw Violation(.unexpectedEnd, at: index)
        }

        /// Reads an escape whose backslash is at `index`; a `\u` surrogate must come as a high and low pair.
        private mutating func escape() throws(Violation) {
            let start = index
            guard index + 1 < bytes.count else { throw Violation(.unexpectedEnd, at: bytes.count) }
            switch bytes[index + 1] {
            case .quote, .backslash, .slash, .lowerB, .lowerF, .lowerN, .lowerR, .lowerT:
                index += 2
            case .lowerU:
                guard let unit = hexUnit(at: index + 2) else { throw Violation(.badEscape, at: start) }
                index += 6
                switch unit {
                case 0xD800...0xDBFF:
                    guard index + 1 < bytes.count, bytes[index] == .backslash, bytes[index + 1] == .lowerU,
                        let low = hexUnit(at: index + 2), (0xDC00...0xDFFF).contains(low)
                    else { throw Violation(.unpairedSurrogate, at: start) }
                    index += 6
                case 0xDC00...0xDFFF:
                    throw Violation(.unpairedSurrogate, at: start)
                default:
                    break
                }
            default:
                throw Violation(.badEscape, at: start)
            }
        }

        private func hexUnit(at position: Int) -> UInt16? {
            guard position + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for offset in 0..<4 {
                let byte = bytes[position + offset]
                let digit: UInt8
                switch byte {
                case .digitZero ... .digitNine: digit = byte - .digitZero
                case .lowerA ... .lowerF: digit = byte - .lowerA + 10
                case .upperA ... .upperF: digit = byte - .upperA + 10
                default: return nil
                }
                unit = unit << 4 | UInt16(digit)
            }
            return unit
        }

        /// The length of the well-formed UTF-8 sequence at `position` (Unicode's table 3-7: no overlong form, no
        /// surrogate, nothing past U+10FFFF), or nil.
        private func utf8Length(at position: Int) -> Int? {
            let lead = bytes[position]
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return nil
            }
            guard position + length <= bytes.count, second.contains(bytes[position + 1]) else { return nil }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[position + offset]) { return nil }
            return length
        }

        /// A word or number ends at whitespace, punctuation or the end; `truex` and `1.5.3` do not.
        private func followedByDelimiter() -> Bool {
            guard index < bytes.count else { return true }
            switch bytes[index] {
            case .space, .tab, .lineFeed, .carriageReturn, .comma, .colon, .closeBrace, .closeBracket, .slash:
                return true
            default: return false
            }
        }

        /// A `/` that starts `//` or `/*` is a comment; any other is an unexpected character where it stands.
        private func refuseComment() throws(Violation) {
            guard index + 1 < bytes.count, bytes[index + 1] == .slash || bytes[index + 1] == .star else { return }
            throw Violation(.comment, at: index)
        }

        @discardableResult
        private mutating func skipDigits() -> Bool {
            let start = index
            while index < bytes.count, bytes[index].isDigit { index += 1 }
            return index > start
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, bytes[index].isJSONWhitespace { index += 1 }
        }
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let star = UInt8(ascii: "*")
    fileprivate static let digitZero = UInt8(ascii: "0")
    fileprivate static let digitNine = UInt8(ascii: "9")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let upperA = UInt8(ascii: "A")
    fileprivate static let upperE = UInt8(ascii: "E")
    fileprivate static let upperF = UInt8(ascii: "F")
    fileprivate static let upperI = UInt8(ascii: "I")
    fileprivate static let upperN = UInt8(ascii: "N")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let lowerA = UInt8(ascii: "a")
    fileprivate static let lowerB = UInt8(ascii: "b")
    fileprivate static let lowerE = UInt8(ascii: "e")
    fileprivate static let lowerF = UInt8(ascii: "f")
    fileprivate static let lowerN = UInt8(ascii: "n")
    fileprivate static let lowerR = UInt8(ascii: "r")
    fileprivate static let lowerT = UInt8(ascii: "t")
    fileprivate static let lowerU = UInt8(ascii: "u")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")

    fileprivate var isDigit: Bool { (UInt8.digitZero...UInt8.digitNine).contains(self) }
    fileprivate var isJSONWhitespace: Bool {
        self == .space || self == .tab || self == .lineFeed || self == .carriageReturn
    }
}
