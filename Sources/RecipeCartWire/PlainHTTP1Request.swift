import HTTPTypes
import NIOCore

/// A request head read straight from a connection's bytes when it is of the plainest kind: `GET` or `HEAD` of an
/// origin-form target over HTTP/1.1, one `Host`, no body, no framing or connection headers but `Connection:
/// keep-alive`, printable ASCII throughout. It comes out as the HTTP types request NIO's decoder and its conversion
/// would make of the same bytes (the `Host` as the authority, every other field as it came), so the
/// event loop can answer it without them. Anything else, and a head not yet whole, is not read here: the connection
/// goes on through NIO's decoder, which handles every case, refusals included.
package enum PlainHTTP1Request {
    package enum Reading {
        /// The bytes do not start with a plain request's whole head.
        case notPlain
        /// `length` bytes are the request.
        case plain(HTTPRequest, length: Int)
    }

    /// Longer heads are left to NIO's decoder and its limits.
    package static let longestHead = 8 * 1024
    package static let mostFields = 64

    package static func read(_ bytes: ByteBuffer) -> Reading {
        bytes.withUnsafeReadableBytes { raw in
            let start = UnsafeRawBufferPointer(rebasing: raw.prefix(longestHead))
            guard let headEnd = endOfHead(in: start) else { return .notPlain }
            return read(head: Array(start[..<headEnd]))
        }
    }

    /// - Parameter head: the request line and the field lines, without the CRLF after the last.
    private static func read(head: [UInt8]) -> Reading {
        var lines = head.split(separator: cr, omittingEmptySubsequences: false).makeIterator()
        guard let requestLine = lines.next(), let (method, target) = methodAndTarget(requestLine) else {
            return .notPlain
        }
        var fields = HTTPFields()
        var authority: String?
        var fieldCount = 0
        while let line = lines.next() {
            fieldCount += 1
            // Every line after the first starts with the LF of the CRLF before it.
            guard fieldCount <= mostFields, line.first == lf, let (name, value) = field(line.dropFirst()) else {
                return .notPlain
            }
            switch name.canonicalName {
            case "host":
                guard authority == nil else { return .notPlain }
                authority = value
                continue
            case "connection":
                guard value.lowercased() == "keep-alive" else { return .notPlain }
            case "content-length", "transfer-encoding", "expect", "upgrade", "te", "keep-alive", "proxy-connection":
                return .notPlain
            default: break
            }
            fields.append(HTTPField(name: name, value: value))
        }
        guard let authority else { return .notPlain }
        let request = HTTPRequest(
            method: method, scheme: "http", authority: authority, path: target, headerFields: fields)
        return .plain(request, length: head.count + 4)
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// Where the CRLF CRLF that ends the head starts.
    private static func endOfHead(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == cr && bytes[index + 1] == lf && bytes[index + 2] == cr && bytes[index + 3] == lf {
            return index
        }
        return nil
    }

    private static func methodAndTarget(_ line: ArraySlice<UInt8>) -> (HTTPRequest.Method, String)? {
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].elementsEqual("HTTP/1.1".utf8) else { return nil }
        let method: HTTPRequest.Method
        if parts[0].elementsEqual("GET".utf8) {
            method = .get
        } else if parts[0].elementsEqual("HEAD".utf8) {
            method = .head
        } else {
            return nil
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy(isVisible) else { return nil }
        return (method, String(decoding: target, as: UTF8.self))
    }

    /// A field line's name and value, the value without the whitespace before it; nil for one with whitespace after
    /// its value, an empty name, or any byte a plain request does not have.
    private static func field(_ line: ArraySlice<UInt8>) -> (HTTPField.Name, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let nameBytes = line[..<colon]
        let valueBytes = line[(colon + 1)...].drop { $0 == space || $0 == tab }
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte),
            valueBytes.allSatisfy({ isVisible($0) || $0 == space || $0 == tab }),
            valueBytes.last.map(isVisible) ?? true,
            let name = HTTPField.Name(String(decoding: nameBytes, as: UTF8.self))
        else { return nil }
        return (name, String(decoding: valueBytes, as: UTF8.self))
    }

    private static func isVisible(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte)
    }

    /// RFC 9110 §5.6.2's tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
