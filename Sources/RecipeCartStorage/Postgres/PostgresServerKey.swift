import Crypto
import Foundation
import PostgresNIO

/// The key that signs cookies, kept in PostgreSQL: the first instance to start makes it, every other reads the same
/// one, so a cookie and a CSRF token made by one instance are good on all.
package enum PostgresServerKey {
    package static func loadOrCreate(_ database: PostgresDatabase) async throws -> ServerKey {
        let candidate = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        let stored = try await database.write { connection in
            try await connection.run(
                "INSERT INTO server_keys (name, key) VALUES ('session', \(ByteBuffer(bytes: candidate))) ON CONFLICT (name) DO NOTHING"
            )
            return try await connection.values(
                "SELECT key FROM server_keys WHERE name = 'session'", as: ByteBuffer.self
            ).first
        }
        guard let stored, stored.readableBytes == 32 else {
            throw StorageStartError.unsupported("the stored session key is not 32 bytes long")
        }
        return ServerKey(key: SymmetricKey(data: Array(stored.readableBytesView)))
    }
}
