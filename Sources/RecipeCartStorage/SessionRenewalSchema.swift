/// Sends that renewed their session's id, declared once for both databases: the old id's hash, the new one's, and
/// when. A browser whose send's answer was lost still holds the old id; it is let onto the new one only if it also
/// shows the claim the shop gave it on its last post, which the new id is made from (`SessionSigner.renewed`): this
/// table only confirms the renewal happened, lately. Kept ten minutes (`SQLOrderStore.renewalWindow`).
package enum SessionRenewalSchema {
    package static let migrationName = "v21-session-renewals"

    package static let statements = """
        CREATE TABLE session_renewals (
            old_hash TEXT PRIMARY KEY,
            new_hash TEXT NOT NULL,
            renewed_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX session_renewals_time ON session_renewals (renewed_at);
        -- A renewal moves every row of the session, this table's too: found by the session, not scanned.
        CREATE INDEX IF NOT EXISTS recipe_edit_undos_session ON recipe_edit_undos (session_hash);
        """
}
