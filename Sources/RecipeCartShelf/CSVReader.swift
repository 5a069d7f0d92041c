/// Reads RFC 4180 CSV from bytes: fields in double quotes may hold commas, line breaks and `""` for a quote; records
/// end with CRLF, LF or a lone CR; a UTF-8 byte order mark and a trailing line break are ignored, and so are empty
/// lines (they still count as rows). Bytes that are not UTF-8 are refused with their line.
///
/// One pass over the bytes: a field becomes a `String` straight from its byte range once the whole file is known to
/// be UTF-8, so 10,000 rows take milliseconds.
package enum CSVReader {
    package static func records(_ bytes: [UInt8]) throws(CSVError) -> [CSVRecord] {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw .utf16
        }
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return try bytes.withUnsafeBufferPointer { buffer -> Result<[CSVRecord], CSVError> in
            let body = UnsafeBufferPointer(rebasing: buffer[start...])
            if let (line, byte) = firstInvalidUTF8(body) { return .failure(.notUTF8(line: line, byte: byte)) }
            return parse(body)
        }.get()
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[CSVRecord], CSVError> {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var scratch: [UInt8] = []
        var index = 0
        var line = 1
        var row = 1
        let count = bytes.count
        while index < count {
            let recordLine = line
            fields.removeAll(keepingCapacity: true)
            var recordEnded = false
            while !recordEnded {
                if index < count, bytes[index] == quote {
                    let quoteLine = line
                    index += 1
                    scratch.removeAll(keepingCapacity: true)
                    var segment = index
                    while true {
                        guard index < count else { return .failure(.unclosedQuote(line: quoteLine)) }
                        let byte = bytes[index]
                        if byte == quote {
                            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<index]))
                            index += 1
                            guard index < count, bytes[index] == quote else { break }
                            scratch.append(quote)
                            index += 1
                            segment = index
                            continue
                        }
                        if byte == newline
                            || (byte == carriageReturn && (index + 1 == count || bytes[index + 1] != newline))
                        {
                            line += 1
                        }
                        index += 1
                    }
                    // Text after the closing quote is kept as it stands, as spreadsheets read `"Tomatoes" 400g`.
                    let rest = index
                    while index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn
                    {
                        index += 1
                    }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest..<index]))
                    fields.append(String(decoding: scratch, as: UTF8.self))
                } else {
                    let fieldStart = index
                    while index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn
                    {
                        index += 1
                    }
                    fields.append(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self))
                }
                if index == count {
                    recordEnded = true
                } else if bytes[index] == comma {
                    index += 1
                } else {
                    if bytes[index] == carriageReturn, index + 1 < count, bytes[index + 1] == newline { index += 1 }
                    index += 1
                    line += 1
                    recordEnded = true
                }
            }
            if fields.count > 1 || !fields[0].isEmpty {
                records.append(CSVRecord(row: row, line: recordLine, fields: fields))
            }
            row += 1
        }
        return .success(records)
    }

    /// The line and value of the first byte that does not belong to well-formed UTF-8 (no overlong forms, no
    /// surrogates, nothing past U+10FFFF); nil when there is none.
    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, UInt8)? {
        var index = 0
        var line = 1
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == newline || (lead == carriageReturn && (index + 1 == count || bytes[index + 1] != newline)) {
                    line += 1
                }
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default: return (line, lead)
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return (line, lead) }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
                return (line, lead)
            }
            index += length
        }
        return nil
    }
}
