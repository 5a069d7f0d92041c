import Crypto
import Foundation
import RecipeCartDomain

/// The key that signs session cookies and derives CSRF tokens, kept in the data dir so restarts keep sessions.
package struct ServerKey: Sendable {
    package static let fileName = "server.key"

    private let keyBytes: Data

    package init(key: SymmetricKey) {
        keyBytes = key.withUnsafeBytes { Data($0) }
    }

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// Reads the key from the data dir, creating it (readable by its owner only) on first start.
    package static func loadOrCreate(in directory: URL) throws -> ServerKey {
        let file = directory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file), data.count == 32 {
            return ServerKey(key: SymmetricKey(data: data))
        }
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        // Losing the key signs every shopper out, so it goes to the disk now, not at the next flush.
        let handle = try FileHandle(forWritingTo: file)
        try handle.synchronize()
        try handle.close()
        return ServerKey(key: key)
    }

    package func sign(_ message: String) -> String {
        Base64URL.encode(Data(mac(message)))
    }

    package func mac(_ message: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
    }

    package func verify(_ signature: String, for message: String) -> Bool {
        guard let data = Base64URL.decode(signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(data, authenticating: Data(message.utf8), using: key)
    }
}
