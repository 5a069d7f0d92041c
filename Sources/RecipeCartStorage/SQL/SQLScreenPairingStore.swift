import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Wall-screen pairings, written once for SQLite and PostgreSQL, so a screen paired through one instance is paired
/// on all of them and after a restart. A code is a row of `screen_pairings` until its screen takes its session, which
/// is then a row of `screens` until it is revoked. A revoked screen's boards hear of it through `boardChanges`, and
/// their streams end.
package struct SQLScreenPairingStore: ScreenPairingStore {
    package let database: any SQLRunner
    package let clock: AppClock
    package let boardChanges: BoardChanges

    package func offer(codeDigest: String, claim: SessionKey, expiresAt: Date) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.execute("DELETE FROM screen_pairings WHERE expires_at <= \(now)")
            return try await connection.execute(
                """
                INSERT INTO screen_pairings (code_hash, claim_hash, expires_at)
                VALUES (\(codeDigest), \(claim.hash), \(expiresAt.timeIntervalSince1970))
                ON CONFLICT (code_hash) DO NOTHING
                """) == 1
        }
    }

    package func pairing(_ claim: SessionKey) async throws -> ScreenPairingState {
        let now = clock.now().timeIntervalSince1970
        let row = try await database.read { connection in
            try await connection.row(
                """
                SELECT code_hash, screen_id FROM screen_pairings
                WHERE claim_hash = \(claim.hash) AND expires_at > \(now)
                """, as: (String, String?).self)
        }
        guard let row else { return .none }
        return row.1 == nil ? .waiting(codeDigest: row.0) : .paired
    }

    package func pair(codeDigest: String, name: String, tokenDigest: String, claimBy: Date) async throws -> String? {
        let now = clock.now().timeIntervalSince1970
        let id = Base64URL.encode(Data(RandomBytes.make(9)))
        return try await database.write { connection in
            // The condition is the compare-and-set: of two staff typing one code at once, one pairs it.
            let taken = try await connection.execute(
                """
                UPDATE screen_pairings SET screen_id = \(id), expires_at = \(claimBy.timeIntervalSince1970)
                WHERE code_hash = \(codeDigest) AND screen_id IS NULL AND expires_at > \(now)
                """)
            guard taken == 1 else { return nil }
            try await connection.execute(
                """
                INSERT INTO screens (id, name, token_digest, paired_at)
                VALUES (\(id), \(name), \(tokenDigest), \(now))
                """)
            return id
        }
    }

    package func claim(_ claim: SessionKey, session: SessionKey) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            guard
                let screen = try await connection.value(
                    """
                    SELECT screen_id FROM screen_pairings
                    WHERE claim_hash = \(claim.hash) AND screen_id IS NOT NULL AND expires_at > \(now)
                    """, as: String.self)
            else { return false }
            try await connection.execute("DELETE FROM screen_pairings WHERE claim_hash = \(claim.hash)")
            return try await connection.execute(
                """
                UPDATE screens SET session_hash = \(session.hash), last_seen_at = \(now)
                WHERE id = \(screen) AND session_hash IS NULL
                """) == 1
        }
    }

    package func visit(_ session: SessionKey, tokenDigest: String) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        let lastSeen = try await database.read { connection in
            try await connection.value(
                """
                SELECT last_seen_at FROM screens
                WHERE session_hash = \(session.hash) AND token_digest = \(tokenDigest)
                """, as: Double?.self)
        }
        guard let lastSeen else { return false }
        if (lastSeen ?? 0) <= now - ScreenPairingLimits.seenEvery {
            try await database.write { connection in
                try await connection.execute(
                    "UPDATE screens SET last_seen_at = \(now) WHERE session_hash = \(session.hash)")
            }
        }
        return true
    }

    package func screens() async throws -> [PairedScreen] {
        try await database.read { connection in
            try await connection.rows(
                "SELECT id, name, paired_at, last_seen_at FROM screens ORDER BY paired_at, id",
                as: (String, String, Date, Date?).self
            ).map { PairedScreen(id: $0.0, name: $0.1, pairedAt: $0.2, lastSeenAt: $0.3) }
        }
    }

    package func revoke(id: String) async throws -> Bool {
        let revoked = try await database.write { connection in
            try await connection.execute("DELETE FROM screen_pairings WHERE screen_id = \(id)")
            return try await connection.execute("DELETE FROM screens WHERE id = \(id)") == 1
        }
        if revoked { boardChanges.signedOut() }
        return revoked
    }
}
