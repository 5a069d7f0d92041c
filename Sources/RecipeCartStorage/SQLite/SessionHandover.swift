import GRDB
import RecipeCartDomain

/// Moves everything a session stored to a new session id, inside the write that needs the new id: the old id,
/// which someone may have planted, is left with nothing. The stepper post's own connection runs
/// `SQLSessionHandover`'s statements.
package enum SessionHandover {
    package static func move(_ db: Database, from old: SessionKey, to new: SessionKey) throws {
        try db.execute(SQLSessionHandover.newRow(from: old, to: new, seenAt: SQLDialect.sqlite.sessionTime(.now)))
        for row in try db.rows(SQLSessionHandover.occupiedTables(of: old)) {
            try db.execute(SQLSessionHandover.moveRows(in: try row.value(at: 0), from: old, to: new))
        }
        try db.execute(SQLSessionHandover.oldRow(old))
    }
}
