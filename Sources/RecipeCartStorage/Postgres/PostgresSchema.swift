import Foundation
import Logging
import PostgresNIO
import RecipeCartDomain

/// Every table RecipeCart keeps in PostgreSQL, as ordered migrations. The same tables as the SQLite schema, with
/// times as seconds since 1970 (`double precision`), written with the app's clock, and search as a `tsvector`.
package enum PostgresSchema {
    /// The advisory lock every starting instance takes before it migrates.
    package static let migrationLock: Int64 = 0x5265_6369_7065_4361  // "RecipeCa"

    /// Every migration, in order: this database's own, then those declared once for both.
    package static let migrations = ownMigrations + SharedSchema.migrations(.postgres)

    /// The migrations written for PostgreSQL alone, before `SharedSchema`: applied as they are, never changed.
    private static let ownMigrations: [(name: String, sql: String)] = [
        (
            "v1-recipecart",
            """
            CREATE EXTENSION IF NOT EXISTS unaccent;

            CREATE TABLE recipes (
                seq BIGSERIAL UNIQUE,
                id TEXT PRIMARY KEY,
                source TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                category TEXT NOT NULL DEFAULT '',
                servings INTEGER,
                ready_minutes INTEGER,
                tags TEXT NOT NULL DEFAULT '',
                image_path TEXT,
                source_url TEXT,
                updated_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX recipes_category ON recipes (category);
            CREATE INDEX recipes_source ON recipes (source);

            CREATE TABLE recipe_ingredients (
                recipe_id TEXT NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                measure TEXT NOT NULL,
                PRIMARY KEY (recipe_id, position)
            );
            CREATE TABLE recipe_steps (
                recipe_id TEXT NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (recipe_id, position)
            );
            CREATE TABLE recipe_diets (
                recipe_id TEXT NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                diet TEXT NOT NULL,
                PRIMARY KEY (recipe_id, diet)
            );
            CREATE INDEX recipe_diets_diet ON recipe_diets (diet, recipe_id);

            -- Local edits live apart from upstream data so that no refresh can overwrite them.
            CREATE TABLE recipe_edits (
                recipe_id TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                image_path TEXT,
                image_removed BOOLEAN NOT NULL DEFAULT FALSE,
                steps_json TEXT NOT NULL,
                version BIGINT NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL
            );

            CREATE VIEW recipe_effective AS
            SELECT r.seq, r.id, r.source,
                   COALESCE(e.title, r.title) AS title,
                   COALESCE(e.description, r.description) AS description,
                   r.category, r.servings, r.ready_minutes, r.tags,
                   CASE WHEN e.recipe_id IS NULL THEN r.image_path
                        WHEN e.image_removed THEN NULL
                        ELSE COALESCE(e.image_path, r.image_path) END AS image_path,
                   r.source_url,
                   e.recipe_id IS NOT NULL AS is_edited
            FROM recipes r LEFT JOIN recipe_edits e ON e.recipe_id = r.id;

            -- Rebuilt for a recipe whenever it or the shop's edit changes: unaccented, lower-cased words, weighted
            -- title A, category B, ingredients and diets C, tags D.
            CREATE TABLE recipe_search (
                recipe_id TEXT PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
                document TSVECTOR NOT NULL
            );
            CREATE INDEX recipe_search_document ON recipe_search USING GIN (document);

            CREATE TABLE catalog_meta (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            INSERT INTO catalog_meta (key, value) VALUES ('generation', '0');

            -- Any change to what recipes show bumps one counter and tells every instance, so their cached pages
            -- are stale at once, whichever instance or code path made the change.
            CREATE FUNCTION bump_catalog_generation() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE next BIGINT;
            BEGIN
                UPDATE catalog_meta SET value = (value::BIGINT + 1)::TEXT WHERE key = 'generation' RETURNING value::BIGINT INTO next;
                PERFORM pg_notify('catalog_generation', next::TEXT);
                RETURN NULL;
            END $$;
            CREATE TRIGGER recipes_generation AFTER INSERT OR UPDATE OR DELETE ON recipes
                FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_generation();
            CREATE TRIGGER recipe_edits_generation AFTER INSERT OR UPDATE OR DELETE ON recipe_edits
                FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_generation();

            -- A session row is made by its first write; only a hash of the cookie is kept.
            CREATE TABLE sessions (
                id_hash TEXT PRIMARY KEY,
                created_at DOUBLE PRECISION NOT NULL,
                last_seen_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

            CREATE TABLE cart_items (
                session_hash TEXT NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                recipe_id TEXT NOT NULL,
                quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
                position INTEGER NOT NULL,
                added_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                cooking_started_at DOUBLE PRECISION,
                cooking_minutes INTEGER,
                PRIMARY KEY (session_hash, recipe_id)
            );

            -- The lines a Remove or "Empty the cart" took away, so Undo can put exactly them back.
            CREATE TABLE cart_undo (
                session_hash TEXT PRIMARY KEY REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                token TEXT NOT NULL,
                kind TEXT NOT NULL,
                lines_json TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            );

            -- A shopper's own version of a recipe, seen only under their session.
            CREATE TABLE shopper_recipe_edits (
                session_hash TEXT NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                recipe_id TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                image_path TEXT,
                image_removed BOOLEAN NOT NULL DEFAULT FALSE,
                steps_json TEXT NOT NULL,
                version BIGINT NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (session_hash, recipe_id)
            );

            -- What a revert dropped, kept a short while for Undo. session_hash NULL: the shop's copy.
            CREATE TABLE recipe_edit_undos (
                token TEXT PRIMARY KEY,
                session_hash TEXT REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                recipe_id TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                image_path TEXT,
                image_removed BOOLEAN NOT NULL,
                steps_json TEXT NOT NULL,
                version BIGINT NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX recipe_edit_undos_owner ON recipe_edit_undos (recipe_id, session_hash);

            CREATE TABLE staff_sessions (
                id_hash TEXT PRIMARY KEY,
                token_digest TEXT NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL
            );

            -- Staff sign-in tries still counted against their client, for every instance at once.
            CREATE TABLE sign_in_tries (
                client TEXT NOT NULL,
                tried_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX sign_in_tries_client ON sign_in_tries (client, tried_at);

            -- The key that signs cookies, made by the first instance to start and read by every other.
            CREATE TABLE server_keys (
                name TEXT PRIMARY KEY,
                key BYTEA NOT NULL
            );

            -- Uploaded pictures and stored upstream pictures, by their path under /images/: every instance serves
            -- them, keeping a disk copy of what it served.
            CREATE TABLE picture_files (
                path TEXT PRIMARY KEY,
                bytes BYTEA NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            );

            CREATE TABLE upstream_cache (
                request_key TEXT PRIMARY KEY,
                fetched_at DOUBLE PRECISION NOT NULL,
                recipe_ids TEXT NOT NULL DEFAULT ''
            );
            CREATE TABLE upstream_recipes (
                recipe_id TEXT PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
                is_complete BOOLEAN NOT NULL,
                image_url TEXT,
                content_hash TEXT NOT NULL,
                fetched_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX upstream_recipes_image ON upstream_recipes (image_url);
            -- Each picture URL is downloaded at most once by all instances together: claimed by one (claimed_at),
            -- then stored (file_name) or refused for good (failure).
            CREATE TABLE upstream_images (
                url TEXT PRIMARY KEY,
                file_name TEXT,
                failure TEXT,
                claimed_at DOUBLE PRECISION NOT NULL,
                attempted_at DOUBLE PRECISION
            );
            CREATE TABLE upstream_calls (
                source TEXT NOT NULL,
                day TEXT NOT NULL,
                count INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (source, day)
            );
            CREATE TABLE upstream_quota (
                source TEXT PRIMARY KEY,
                blocked_until DOUBLE PRECISION NOT NULL,
                reason TEXT NOT NULL
            );
            """
        ),
        (
            "v2-orders-and-shopping-lists",
            """
            -- The servings a shopper cooks a line for; NULL is the recipe's own.
            ALTER TABLE cart_items ADD COLUMN servings INTEGER CHECK (servings BETWEEN 1 AND 50);

            -- The aisle a recipe API named for an ingredient, read by the shopping list over the built-in table.
            ALTER TABLE recipe_ingredients ADD COLUMN aisle TEXT;

            -- "I have this" (true) and "I need this" (false, for a staple that starts as had), by ingredient key.
            CREATE TABLE cart_have (
                session_hash TEXT NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                ingredient_key TEXT NOT NULL,
                has_it BOOLEAN NOT NULL,
                PRIMARY KEY (session_hash, ingredient_key)
            );

            -- A read-only link to a cart. The token is kept as it is, so the cart page can show the link again:
            -- it grants only a look, and its owner can revoke it.
            CREATE TABLE cart_shares (
                token TEXT PRIMARY KEY,
                session_hash TEXT NOT NULL UNIQUE REFERENCES sessions (id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                created_at DOUBLE PRECISION NOT NULL
            );

            -- An order outlives its session: a purged session leaves the order with no owner, not gone.
            CREATE TABLE orders (
                code TEXT PRIMARY KEY,
                session_hash TEXT REFERENCES sessions (id_hash) ON DELETE SET NULL ON UPDATE CASCADE,
                note TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('new', 'picking', 'ready', 'collected', 'cancelled')),
                content_json TEXT NOT NULL,
                placed_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX orders_session ON orders (session_hash, placed_at);
            CREATE INDEX orders_status ON orders (status, placed_at);

            -- The shop's own settings, such as its aisles' walking order.
            CREATE TABLE shop_settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            """
        ),
        (
            "v3-upstream-points",
            """
            -- The day's budget is counted in points: a TheMealDB call is one, a Spoonacular call what the API
            -- reports. points: used today, ours or the API's count, whichever is higher; api_points: the API's
            -- own total for the day (used + left) when it said so, which no reservation may pass.
            ALTER TABLE upstream_calls ADD COLUMN points DOUBLE PRECISION NOT NULL DEFAULT 0;
            UPDATE upstream_calls SET points = count;
            ALTER TABLE upstream_calls ADD COLUMN api_points DOUBLE PRECISION;

            -- What the last call of a kind (a path with its ids left out) cost: what the next one reserves.
            CREATE TABLE upstream_costs (
                source TEXT NOT NULL,
                kind TEXT NOT NULL,
                points DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (source, kind)
            );
            """
        ),
        (
            "v4-cuisines-and-vegan-diet",
            """
            -- The cuisine (TheMealDB's area), '' when unknown, for the Browse page's cuisine filter.
            ALTER TABLE recipes ADD COLUMN area TEXT NOT NULL DEFAULT '';
            CREATE INDEX recipes_area ON recipes (area);
            CREATE OR REPLACE VIEW recipe_effective AS
            SELECT r.seq, r.id, r.source,
                   COALESCE(e.title, r.title) AS title,
                   COALESCE(e.description, r.description) AS description,
                   r.category, r.servings, r.ready_minutes, r.tags,
                   CASE WHEN e.recipe_id IS NULL THEN r.image_path
                        WHEN e.image_removed THEN NULL
                        ELSE COALESCE(e.image_path, r.image_path) END AS image_path,
                   r.source_url,
                   e.recipe_id IS NOT NULL AS is_edited,
                   r.area
            FROM recipes r LEFT JOIN recipe_edits e ON e.recipe_id = r.id;

            -- The names a listing gave (TheMealDB's list.php?a=list), one a line.
            ALTER TABLE upstream_cache ADD COLUMN names TEXT NOT NULL DEFAULT '';

            -- The Vegan category is the vegan diet (DietCategory): such recipes become Vegetarian ones with the
            -- vegan and vegetarian diets, and every Vegetarian one carries the vegetarian diet. The category is
            -- weight B of the search document and the diets part of C, so both are rebuilt as reindex builds them.
            INSERT INTO recipe_diets (recipe_id, diet)
            SELECT id, 'vegan' FROM recipes WHERE lower(category) = 'vegan' ON CONFLICT DO NOTHING;
            INSERT INTO recipe_diets (recipe_id, diet)
            SELECT id, 'vegetarian' FROM recipes WHERE lower(category) IN ('vegan', 'vegetarian') ON CONFLICT DO NOTHING;
            UPDATE recipes SET category = 'Vegetarian' WHERE lower(category) IN ('vegan', 'vegetarian');
            UPDATE recipe_search s SET document =
                   setweight(to_tsvector('simple', unaccent(r.title)), 'A')
                || setweight(to_tsvector('simple', unaccent(r.category)), 'B')
                || setweight(to_tsvector('simple', unaccent(
                       COALESCE((SELECT string_agg(name, ' ' ORDER BY position) FROM recipe_ingredients WHERE recipe_id = r.id), '')
                       || ' ' || COALESCE((SELECT string_agg(diet, ' ') FROM recipe_diets WHERE recipe_id = r.id), ''))), 'C')
                || setweight(to_tsvector('simple', unaccent(r.tags)), 'D')
            FROM recipe_effective r WHERE r.id = s.recipe_id AND r.category = 'Vegetarian';
            """
        ),
        (
            "v5-main-ingredient-listings",
            """
            -- The recipes TheMealDB lists under each main ingredient (filter.php?i=): its tiles carry no
            -- ingredients, so the main-ingredient filter finds a recipe by its ingredient names or by this.
            CREATE TABLE recipe_main_ingredients (
                ingredient TEXT NOT NULL,
                recipe_id TEXT NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                PRIMARY KEY (ingredient, recipe_id)
            );
            CREATE INDEX recipe_main_ingredients_recipe ON recipe_main_ingredients (recipe_id);
            -- A listing changes what a filtered page shows, as a change to a recipe does.
            CREATE TRIGGER recipe_main_ingredients_generation AFTER INSERT OR DELETE ON recipe_main_ingredients
                FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_generation();
            """
        ),
        (
            "v6-cart-changes-in-one-statement",
            """
            -- Stepper posts, in order, in one statement (PostgresCartChanges): each post's session lock, the move of a
            -- cart starting from empty to its fresh id, the touch of the session, the change, the undo a removal
            -- keeps, and the line read back, in one round trip for a whole batch of posts instead of six a post.
            -- `batch` is a JSON array of {session, fresh, recipe, op (inc|dec|set|servings), quantity, servings,
            -- token (the undo's, for dec and set), posted_at (seconds since 1970)}. The answer is one row a post, numbered
            -- from 1 in the batch's order: the session the cart is under now, the line's quantity (0 when gone),
            -- its title as its shopper sees it, and whether an undo was kept under the post's token.
            CREATE FUNCTION cart_changes(batch JSONB, maximum INTEGER)
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
                        jsonb_to_record(e.value) AS x(session TEXT, fresh TEXT, recipe TEXT, op TEXT, quantity INTEGER,
                                                      servings INTEGER, token TEXT, posted_at DOUBLE PRECISION)
                    ORDER BY e.ordinality
                LOOP
                    s := change.session;
                    IF change.fresh IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cart_items c WHERE c.session_hash = s) THEN
                        PERFORM pg_advisory_xact_lock(hashtext(change.fresh));
                        UPDATE sessions SET id_hash = change.fresh, last_seen_at = change.posted_at WHERE id_hash = s;
                        s := change.fresh;
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
            """
        ),
        (
            "v7-cart-changes-by-key",
            """
            -- Every statement of cart_changes finds its rows by key. A plan made while the cart tables held a few rows
            -- (a new shop, or statistics taken then) scans them whole instead, and is kept while they grow, until
            -- their statistics are taken again: in the benchmark, stepper posts ran at half their rate meanwhile.
            ALTER FUNCTION cart_changes(JSONB, INTEGER) SET enable_seqscan = off;
            """
        ),
        (
            "v11-live-board",
            """
            -- The status an order's last move left, so the board can take the move back; NULL once taken back.
            ALTER TABLE orders ADD COLUMN previous_status TEXT
                CHECK (previous_status IN ('new', 'picking', 'ready', 'collected', 'cancelled'));
            -- When it was first ready, for the board's minutes from sent to ready.
            ALTER TABLE orders ADD COLUMN ready_at DOUBLE PRECISION;
            CREATE INDEX orders_placed ON orders (placed_at);
            CREATE INDEX orders_updated ON orders (status, updated_at);

            -- Staff's mark on one row of an order's pick list, by the row's ingredient key.
            CREATE TABLE order_pick_marks (
                order_code TEXT NOT NULL REFERENCES orders (code) ON DELETE CASCADE,
                row_key TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('found', 'short', 'replaced')),
                missing INTEGER,
                replacement TEXT,
                marked_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (order_code, row_key)
            );
            """
        ),
        (
            "v12-partner-handoff",
            """
            -- Events for the payment and delivery partner, written in the transaction that changed the order, so none
            -- is lost or sent for a change that did not happen. id is the webhook-id of every try; seq orders one
            -- order's events, which go out one at a time, oldest first. claimed_by/claimed_until: the instance that
            -- holds an event while it sends it (claimed with FOR UPDATE SKIP LOCKED).
            CREATE TABLE partner_outbox (
                seq BIGSERIAL PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                order_code TEXT NOT NULL REFERENCES orders (code) ON DELETE CASCADE,
                type TEXT NOT NULL,
                body TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at DOUBLE PRECISION NOT NULL,
                last_error TEXT,
                last_error_at DOUBLE PRECISION,
                delivered_at DOUBLE PRECISION,
                claimed_by TEXT,
                claimed_until DOUBLE PRECISION
            );
            CREATE INDEX partner_outbox_order ON partner_outbox (order_code, seq) WHERE delivered_at IS NULL;
            CREATE INDEX partner_outbox_due ON partner_outbox (next_attempt_at, seq) WHERE delivered_at IS NULL;

            -- The partner's status events, kept with their order; a webhook-id seen before is a repeat.
            CREATE TABLE partner_inbox (
                webhook_id TEXT PRIMARY KEY,
                order_code TEXT NOT NULL REFERENCES orders (code) ON DELETE CASCADE,
                type TEXT NOT NULL,
                body TEXT NOT NULL,
                received_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX partner_inbox_order ON partner_inbox (order_code, received_at);

            -- What the partner last said; NULL for an order placed without a partner.
            ALTER TABLE orders ADD COLUMN partner_status TEXT CHECK (partner_status IN
                ('awaiting', 'paid', 'payment-failed', 'dispatched', 'delivered', 'rejected'));
            ALTER TABLE orders ADD COLUMN partner_tracking_url TEXT;
            ALTER TABLE orders ADD COLUMN partner_rejection TEXT;
            ALTER TABLE orders ADD COLUMN partner_updated_at DOUBLE PRECISION;
            """
        ),
        (
            "v13-screen-pairings",
            """
            -- A code a wall screen shows until staff type it, bound to that screen's browser by a claim token in its
            -- cookie; once paired, screen_id names the screen until the browser takes its session.
            CREATE TABLE screen_pairings (
                code_hash TEXT PRIMARY KEY,
                claim_hash TEXT NOT NULL UNIQUE,
                expires_at DOUBLE PRECISION NOT NULL,
                screen_id TEXT
            );

            -- Paired screens. Revoking deletes the row, so the screen's cookie stops working at once.
            CREATE TABLE screens (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                token_digest TEXT NOT NULL,
                paired_at DOUBLE PRECISION NOT NULL,
                session_hash TEXT UNIQUE,
                last_seen_at DOUBLE PRECISION
            );
            """
        ),
    ]

    /// Applies the migrations this database has not seen, each in its own transaction, holding the advisory lock; with
    /// `last`, only those up to and including it, as GRDB's `migrate(_:upTo:)` does (tests build older databases so).
    package static func migrate(_ connection: PostgresConnection, upTo last: String? = nil, logger: Logger) async throws
    {
        let wanted =
            last.flatMap { name in migrations.firstIndex { $0.name == name } }.map { migrations[...$0] }
            ?? migrations[...]
        try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
        do {
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM schema_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            for migration in wanted where !applied.contains(migration.name) {
                try await connection.withTransaction(logger: logger) { connection in
                    for statement in statements(in: migration.sql) {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (name) VALUES (\(migration.name))", logger: logger)
                }
                logger.info("database migrated", metadata: ["migration": "\(migration.name)"])
            }
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            throw error
        }
        try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
    }

    /// The statements of a migration, one by one: the extended query protocol takes one statement a query.
    /// Comment lines go first (they may hold a semicolon); semicolons inside `$$` function bodies stay in their statement.
    package static func statements(in sql: String) -> [String] {
        let code = sql.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
            .joined(separator: "\n")
        var statements: [String] = []
        var current = ""
        var insideBody = false
        var previous: Character = " "
        for character in code {
            if character == "$" && previous == "$" { insideBody.toggle() }
            if character == ";" && !insideBody {
                statements.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        statements.append(current)
        return statements.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }
}
