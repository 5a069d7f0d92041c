import Foundation

/// Sends that renewed their session's id, declared once for both databases: the old id's hash, the new one's, and
/// when. The new id is made from the old one and the send claim the browser showed (`SessionSigner.renewed`), so only
/// that browser can name it again: a cart change of its other tab that finds the old id's cart empty follows the send
/// there (`CartStore.change`'s `following`), and its cart page leads it there when the send's answer was lost. This
/// table only confirms a renewal happened, lately: it is kept `window`. On PostgreSQL, `cart_changes` follows it.
package enum SessionRenewalSchema {
    package static let migrationName = "v21-session-renewals"
    /// How long a renewed session's old id may still lead to the new one.
    package static let window: TimeInterval = 600

    package static func statements(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: table
        case .postgres: table + cartChangesFollowingRenewals
        }
    }

    private static let table = """
        CREATE TABLE session_renewals (
            old_hash TEXT PRIMARY KEY,
            new_hash TEXT NOT NULL,
            renewed_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX session_renewals_time ON session_renewals (renewed_at);
        -- A renewal moves every row of the session, this table's too: found by the session, not scanned.
        CREATE INDEX IF NOT EXISTS recipe_edit_undos_session ON recipe_edit_undos (session_hash);

        """

    private static let cartChangesFollowingRenewals = """
        -- cart_changes (migration v6) as before, with `follow` in each post: the id a send renewed the post's
        -- session as, for the claim the post came with (`SessionSigner.renewed`). A cart starting from empty moves
        -- there instead of to its fresh id when a send recorded exactly that renewal lately, so a post racing the
        -- send from another tab of the same browser ends under the send's id.
        CREATE OR REPLACE FUNCTION cart_changes(batch JSONB, maximum INTEGER)
        RETURNS TABLE (change_number INTEGER, new_session TEXT, new_quantity INTEGER, line_title TEXT, undo_kept BOOLEAN)
        LANGUAGE plpgsql AS $$
        DECLARE
            lock_key INTEGER;
            change RECORD;
            s TEXT;
        BEGIN
            -- Every session the batch writes is locked before anything is written, in one order for every
            -- instance: two batches never wait for each other in a circle. A fresh id is locked only when a cart
            -- moves to it: it is 128 new random bits that no one else holds before this post's 303.
            FOR lock_key IN
                SELECT DISTINCT hashtext(e.value->>'session') FROM jsonb_array_elements(batch) e ORDER BY 1
            LOOP
                PERFORM pg_advisory_xact_lock(lock_key);
            END LOOP;
            FOR change IN
                SELECT e.ordinality::INTEGER AS number, x.*
                FROM jsonb_array_elements(batch) WITH ORDINALITY e,
                    jsonb_to_record(e.value) AS x(session TEXT, fresh TEXT, follow TEXT, recipe TEXT, op TEXT,
                                                  quantity INTEGER, servings INTEGER, token TEXT,
                                                  posted_at DOUBLE PRECISION)
                ORDER BY e.ordinality
            LOOP
                s := change.session;
                IF change.fresh IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cart_items c WHERE c.session_hash = s) THEN
                    -- A send that renewed this id, for the claim this post came with, moved the cart there: the post
                    -- follows it. Anything written under the old id since stays behind, as whoever holds it may be the
                    -- one who planted it.
                    IF change.follow IS NOT NULL AND EXISTS (
                        SELECT 1 FROM session_renewals r
                        WHERE r.old_hash = s AND r.new_hash = change.follow
                            AND r.renewed_at >= change.posted_at - \(Int(window))
                    ) THEN
                        PERFORM pg_advisory_xact_lock(hashtext(change.follow));
                        s := change.follow;
                    ELSE
                        PERFORM pg_advisory_xact_lock(hashtext(change.fresh));
                        UPDATE sessions SET id_hash = change.fresh, last_seen_at = change.posted_at WHERE id_hash = s;
                        s := change.fresh;
                    END IF;
                END IF;
                -- An UPDATE first, an insert only when it found nothing: most posts are a returning shopper's, and
                -- an upsert pays for its insertion attempt (and the new line's position) every time.
                UPDATE sessions SET last_seen_at = change.posted_at WHERE id_hash = s;
                IF NOT FOUND THEN
                    INSERT INTO sessions (id_hash, created_at, last_seen_at) VALUES (s, change.posted_at, change.posted_at)
                    ON CONFLICT (id_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at;
                END IF;
                undo_kept := FALSE;
                IF change.op = 'inc' OR change.op = 'set' AND change.quantity > 0 THEN
                    UPDATE cart_items c
                    SET quantity = CASE WHEN change.op = 'inc' THEN LEAST(c.quantity + 1, maximum)
                                        ELSE LEAST(change.quantity, maximum) END,
                        servings = COALESCE(change.servings, c.servings), updated_at = change.posted_at
                    WHERE c.session_hash = s AND c.recipe_id = change.recipe;
                    IF NOT FOUND THEN
                        INSERT INTO cart_items (session_hash, recipe_id, quantity, servings, position, added_at, updated_at)
                        VALUES (s, change.recipe, CASE WHEN change.op = 'inc' THEN 1 ELSE LEAST(change.quantity, maximum) END,
                                change.servings,
                                (SELECT COALESCE(MAX(c.position), 0) + 1 FROM cart_items c WHERE c.session_hash = s),
                                change.posted_at, change.posted_at)
                        ON CONFLICT (session_hash, recipe_id) DO UPDATE
                        SET quantity = CASE WHEN change.op = 'inc' THEN LEAST(cart_items.quantity + 1, maximum)
                                            ELSE excluded.quantity END,
                            servings = COALESCE(excluded.servings, cart_items.servings), updated_at = excluded.updated_at;
                    END IF;
                ELSIF change.op = 'servings' THEN
                    UPDATE cart_items c SET servings = change.servings, updated_at = change.posted_at
                    WHERE c.session_hash = s AND c.recipe_id = change.recipe;
                ELSIF change.op = 'dec' AND (SELECT c.quantity FROM cart_items c
                                             WHERE c.session_hash = s AND c.recipe_id = change.recipe) IS DISTINCT FROM 1 THEN
                    UPDATE cart_items c SET quantity = c.quantity - 1, updated_at = change.posted_at
                    WHERE c.session_hash = s AND c.recipe_id = change.recipe;
                ELSIF change.op = 'dec' OR change.op = 'set' THEN
                    -- The line goes (its last batch, or a quantity of 0 or less): kept first as PostgresCartUndo keeps
                    -- a snapshot, replacing the session's older one.
                    INSERT INTO cart_undo (session_hash, token, kind, lines_json, created_at)
                    SELECT s, change.token, 'remove', json_build_array(json_build_object(
                               'recipe', c.recipe_id, 'quantity', c.quantity, 'servings', c.servings,
                               'position', c.position, 'addedAt', c.added_at, 'cookingStartedAt', c.cooking_started_at,
                               'cookingMinutes', c.cooking_minutes))::TEXT, change.posted_at
                    FROM cart_items c WHERE c.session_hash = s AND c.recipe_id = change.recipe
                    ON CONFLICT (session_hash) DO UPDATE SET token = excluded.token, kind = excluded.kind,
                        lines_json = excluded.lines_json, created_at = excluded.created_at;
                    undo_kept := FOUND;
                    DELETE FROM cart_items c WHERE c.session_hash = s AND c.recipe_id = change.recipe;
                ELSE
                    RAISE EXCEPTION 'cart_changes: unknown op %', change.op;
                END IF;
                SELECT c.quantity, COALESCE(p.title, r.title) INTO new_quantity, line_title
                FROM cart_items c JOIN recipe_effective r ON r.id = c.recipe_id
                LEFT JOIN shopper_recipe_edits p ON p.session_hash = c.session_hash AND p.recipe_id = c.recipe_id
                WHERE c.session_hash = s AND c.recipe_id = change.recipe;
                change_number := change.number;
                new_session := s;
                new_quantity := COALESCE(new_quantity, 0);
                RETURN NEXT;
            END LOOP;
        END;
        $$;
        ALTER FUNCTION cart_changes(JSONB, INTEGER) SET enable_seqscan = off;
        """
}
