import Crypto
import Foundation
import RecipeCartDomain

/// The short code a wall screen shows for staff to type on their phone: six characters from an alphabet without the
/// ones read aloud or typed as each other (0/O, 1/I/L), shown in two groups of three ("KQ7-4MX"). 31⁶ codes against
/// five wrong tries a minute, each living 10 minutes, bound to the browser that shows it.
struct PairingCode: Sendable, Hashable {
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    static let length = 6
    /// Longer typing is refused before it is read: room for spaces or dashes between groups, not for an essay.
    static let maximumTypedLength = 20

    /// The characters alone, upper case.
    let value: String

    /// A fresh code from the system's secure generator.
    static func random() -> PairingCode {
        // 256 is not a multiple of 31: bytes from 248 up are drawn again, so every character is as likely.
        var characters: [Character] = []
        while characters.count < length {
            for byte in RandomBytes.make(length) where byte < 248 && characters.count < length {
                characters.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return PairingCode(value: String(characters))
    }

    private init(value: String) {
        self.value = value
    }

    /// A code as staff typed it: any case, with spaces or dashes between characters. Nil for anything else.
    init?(typed: String) {
        guard typed.utf8.count <= Self.maximumTypedLength else { return nil }
        let characters = typed.uppercased().filter { $0 != " " && $0 != "-" }
        guard characters.count == Self.length, characters.allSatisfy({ Self.alphabet.contains($0) }) else { return nil }
        value = characters
    }

    /// "KQ7-4MX": two groups of three are easier to read across a room and to keep in mind while typing.
    var grouped: String {
        "\(value.prefix(Self.length / 2))-\(value.dropFirst(Self.length / 2))"
    }

    /// What the database keeps instead of the code.
    var digest: String { Hex.encode(SHA256.hash(data: Data("pairing|\(value)".utf8))) }
}
