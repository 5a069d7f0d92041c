/// Why a file cannot be read as CSV at all; the description is what the grocer is told.
package enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A byte that is not UTF-8, on a line (a spreadsheet's "CSV" in Windows-1252 or Latin-1, most often).
    case notUTF8(line: Int, byte: UInt8)
    /// A UTF-16 file, as Excel writes "Unicode text".
    case utf16
    /// A quote opened on a line and never closed, which would swallow the rest of the file.
    case unclosedQuote(line: Int)

    package var description: String {
        switch self {
        case .notUTF8(let line, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "the file is not UTF-8 (line \(line) has the byte 0x\(hex.count == 1 ? "0" + hex : hex)); "
                + "save it as \"CSV UTF-8\""
        case .utf16:
            return "the file is UTF-16, not UTF-8; save it as \"CSV UTF-8\""
        case .unclosedQuote(let line):
            return "the quote opened on line \(line) is never closed"
        }
    }
}
