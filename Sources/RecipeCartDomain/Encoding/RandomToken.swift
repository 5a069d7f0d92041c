import Foundation

/// 128 random bits in base64url, 22 characters: session ids, looker tokens, share links, Undo tokens.
package enum RandomToken {
    package static func make() -> String {
        Base64URL.encode(Data(RandomBytes.make(16)))
    }

    /// Whether `text` has the shape `make` gives, before anything costlier (a signature, a read) is spent on it.
    package static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 22 && Base64URL.decode(String(text))?.count == 16
    }
}
