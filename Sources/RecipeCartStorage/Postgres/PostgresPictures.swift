import Foundation
import NIOCore
import PostgresNIO
import RecipeCartContracts
import RecipeCartDomain

/// Picture bytes in PostgreSQL, so an upload or a downloaded picture stored by one instance is served by all.
package struct PostgresPictures: SharedPictures {
    package let database: PostgresDatabase
    package let clock: AppClock

    package func keep(_ bytes: [UInt8], path: String) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await connection.run(
                """
                INSERT INTO picture_files (path, bytes, created_at) VALUES (\(path), \(ByteBuffer(bytes: bytes)), \(now))
                ON CONFLICT (path) DO NOTHING
                """)
        }
    }

    package func bytes(at path: String) async throws -> [UInt8]? {
        try await database.read { connection in
            try await connection.values("SELECT bytes FROM picture_files WHERE path = \(path)", as: ByteBuffer.self)
                .first
        }.map { Array($0.readableBytesView) }
    }

    package func forget(_ paths: [String]) async throws {
        guard !paths.isEmpty else { return }
        try await database.write { connection in
            try await connection.run("DELETE FROM picture_files WHERE path = ANY(\(paths))")
        }
    }

    package func uploads() async throws -> [(path: String, keptAt: Double)] {
        try await database.read { connection in
            try await connection.rows(
                "SELECT path, created_at FROM picture_files WHERE path LIKE \("\(PictureStore.folder)/%")",
                as: (String, Double).self)
        }.map { (path: $0.0, keptAt: $0.1) }
    }
}
