import GRDB
import RecipeCartDomain
import Synchronization

/// What the SQLite stores remember of each session between its writes: what it has stored by recipe (its cart lines,
/// its own versions, a revert's Undo), and so the badge's count. A detail page read each of those on every request,
/// trips through GRDB's reader pool; for a recipe the session has stored nothing for, or only a cart line, the page
/// is now known without them. A stepper post leaves what it wrote here, so the page it lands on needs no read either.
/// Shared by every store that writes a session's rows, and by every opening of one file in the process: exact while
/// no other process writes the file, as a server's data dir is its own.
package struct SQLiteSessionMemos: Sendable {
    package let stored = PerSessionMemo<SessionStored>()

    private static let byFile = Mutex<[String: (memos: SQLiteSessionMemos, openings: Int)]>([:])

    /// The memos of the file at `path`, as every opening of it in this process shares them.
    package static func open(forFile path: String) -> SQLiteSessionMemos {
        byFile.withLock { byFile in
            let memos = byFile[path]?.memos ?? SQLiteSessionMemos()
            byFile[path] = (memos, (byFile[path]?.openings ?? 0) + 1)
            return memos
        }
    }

    /// Once the file's last opening closes, what its sessions were goes with it.
    package static func close(forFile path: String) {
        byFile.withLock { byFile in
            guard let entry = byFile[path] else { return }
            byFile[path] = entry.openings > 1 ? (entry.memos, entry.openings - 1) : nil
        }
    }

    /// Called after every write to these sessions' carts, versions or Undos that does not `remember` what it wrote.
    package func forget(_ sessions: SessionKey...) {
        stored.forget(sessions)
    }

    /// After a purge: any session may be gone.
    package func forgetAll() {
        stored.forgetAll()
    }

    /// What `session` has stored, read once and then kept until its next write.
    package func stored(of session: SessionKey, in database: SQLiteDatabase) async throws -> SessionStored {
        try await stored.value(of: session) {
            try await database.read { db in try Self.read(db, session: session) }
        }
    }

    /// False when `session` has stored nothing for `recipe`, so there is nothing of it to read.
    package func mayHaveStored(_ recipe: RecipeID, session: SessionKey, in database: SQLiteDatabase) async throws
        -> Bool
    {
        try await stored(of: session, in: database).mayHaveStored(recipe)
    }

    /// Read on the first page of each session, and inside every stepper post's transaction: compiled once a connection.
    package static func read(_ db: Database, session: SessionKey) throws -> SessionStored {
        var stored = SessionStored()
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: SessionStored.selectSQL(session: "?1")), arguments: [session.hash])
        while let row = try rows.next() {
            stored.add(
                recipe: row[0], quantity: row[1], servings: row[2], cookingStartedAt: row[3], cookingMinutes: row[4],
                isEdit: row[5])
        }
        return stored
    }
}
