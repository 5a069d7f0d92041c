/// The picture formats RecipeCart accepts, recognised by their first bytes, never by name or declared type.
package enum ImageKind: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif

    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    package init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
