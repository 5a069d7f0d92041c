import NIOCore
import Synchronization

/// A file variant's heads as they go on the wire, one a status and `Cache-Control`, each kept with the `Date` it was
/// last written with: on the event loop a file's answer is then a lookup and, once a second, the new `Date` written
/// over the old one. Building the head's fields and bytes for every request was about a fifth of a file's CPU.
package final class WireHeadMemo: Sendable {
    package struct Key: Hashable {
        package let status: Int
        package let cacheControl: String

        package init(status: Int, cacheControl: String) {
            self.status = status
            self.cacheControl = cacheControl
        }
    }

    private struct Head {
        package var bytes: ByteBuffer
        package var date: String
        /// Where the `Date` value starts in `bytes`.
        package let dateOffset: Int
    }

    private let heads = Mutex<[Key: Head]>([:])

    package init() {}

    /// The head for `key` with `date` as its `Date`.
    /// - Parameter make: builds the head with `date`, when there is none for `key` yet.
    package func head(for key: Key, date: String, make: () -> ByteBuffer) -> ByteBuffer {
        heads.withLock { heads in
            if var head = heads[key] {
                if head.date == date { return head.bytes }
                // IMF-fixdate has one length, so the new date fits where the old one was.
                if head.date.utf8.count == date.utf8.count {
                    head.bytes.setString(date, at: head.bytes.readerIndex + head.dateOffset)
                    head.date = date
                    heads[key] = head
                    return head.bytes
                }
            }
            let bytes = make()
            if let dateOffset = Self.offset(ofDate: date, in: bytes) {
                heads[key] = Head(bytes: bytes, date: date, dateOffset: dateOffset)
            }
            return bytes
        }
    }

    private static func offset(ofDate date: String, in bytes: ByteBuffer) -> Int? {
        let name = "\r\nDate: "
        let head = bytes.readableBytesView
        guard let start = head.firstRange(of: Array("\(name)\(date)\r\n".utf8))?.lowerBound else { return nil }
        return start - head.startIndex + name.utf8.count
    }
}
