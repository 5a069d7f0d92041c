import GRDB
import RecipeCartDomain

/// Every table RecipeCart keeps, as ordered migrations.
package enum Schema {
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-catalog-and-carts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE recipes (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        source TEXT NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL DEFAULT '',
                        category TEXT NOT NULL DEFAULT '',
                        servings INTEGER,
                        ready_minutes INTEGER,
                        tags TEXT NOT NULL DEFAULT '',
                        image_path TEXT,
                        source_url TEXT,
                        updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
                    );
                    CREATE INDEX recipes_category ON recipes(category);

                    CREATE TABLE recipe_ingredients (
                        recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        measure TEXT NOT NULL,
                        PRIMARY KEY (recipe_id, position)
                    ) WITHOUT ROWID;

                    CREATE TABLE recipe_steps (
                        recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        text TEXT NOT NULL,
                        PRIMARY KEY (recipe_id, position)
                    ) WITHOUT ROWID;

                    CREATE TABLE recipe_diets (
                        recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
                        diet TEXT NOT NULL,
                        PRIMARY KEY (recipe_id, diet)
                    ) WITHOUT ROWID;
                    CREATE INDEX recipe_diets_diet ON recipe_diets(diet, recipe_id);

                    -- Local edits live apart from upstream data so that no refresh can overwrite them.
                    CREATE TABLE recipe_edits (
                        recipe_id TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        image_path TEXT,
                        image_removed BOOLEAN NOT NULL DEFAULT 0,
                        steps_json TEXT NOT NULL,
                        version INTEGER NOT NULL DEFAULT 1,
                        updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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

                    -- rowid is recipes.seq; rebuilt for a recipe whenever it or its edit changes.
                    CREATE VIRTUAL TABLE recipe_search USING fts5(
                        title, ingredients, category, diets, tags,
                        tokenize = 'porter unicode61 remove_diacritics 2'
                    );

                    CREATE TABLE catalog_meta (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;

                    -- A session row is made by its first cart write; only a hash of the cookie is kept.
                    CREATE TABLE sessions (
                        id_hash TEXT PRIMARY KEY NOT NULL,
                        created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
                        last_seen_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
                    ) WITHOUT ROWID;

                    CREATE TABLE cart_items (
                        session_hash TEXT NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
                        recipe_id TEXT NOT NULL,
                        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
                        -- Lines show in the order they were first added.
                        position INTEGER NOT NULL,
                        added_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
                        updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
                        PRIMARY KEY (session_hash, recipe_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2-cooking-timers") { db in
            try db.execute(
                sql: """
                    ALTER TABLE cart_items ADD COLUMN cooking_started_at DATETIME;
                    ALTER TABLE cart_items ADD COLUMN cooking_minutes INTEGER;
                    CREATE INDEX sessions_last_seen ON sessions(last_seen_at);
                    """)
        }
        migrator.registerMigration("v3-upstream-cache") { db in
            try db.execute(
                sql: """
                    -- One row a request answered upstream (a search, a category, an import letter): when, and the ids it gave.
                    CREATE TABLE upstream_cache (
                        request_key TEXT PRIMARY KEY NOT NULL,
                        fetched_at REAL NOT NULL,
                        recipe_ids TEXT NOT NULL DEFAULT ''
                    ) WITHOUT ROWID;

                    -- What RecipeCart knows of each upstream recipe besides the recipe rows themselves.
                    -- is_complete = 0: only a tile's worth (filter.php, a search result without ingredients);
                    -- the full record is fetched when its page is first opened.
                    CREATE TABLE upstream_recipes (
                        recipe_id TEXT PRIMARY KEY NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
                        is_complete BOOLEAN NOT NULL,
                        image_url TEXT,
                        content_hash TEXT NOT NULL,
                        fetched_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX upstream_recipes_image ON upstream_recipes(image_url);

                    -- Each picture URL is downloaded at most once: stored (file_name) or refused for good (failure).
                    CREATE TABLE upstream_images (
                        url TEXT PRIMARY KEY NOT NULL,
                        file_name TEXT,
                        failure TEXT,
                        attempted_at REAL NOT NULL
                    ) WITHOUT ROWID;

                    -- Calls made a UTC day, per source.
                    CREATE TABLE upstream_calls (
                        source TEXT NOT NULL,
                        day TEXT NOT NULL,
                        count INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (source, day)
                    ) WITHOUT ROWID;

                    -- When upstream said stop (402, 429 Retry-After, X-API-Quota-Left 0): no call before blocked_until.
                    CREATE TABLE upstream_quota (
                        source TEXT PRIMARY KEY NOT NULL,
                        blocked_until REAL NOT NULL,
                        reason TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v4-catalog-generation") { db in
            // Any change to what recipes show bumps one counter, so cached pages know they are stale,
            // whichever process or code path made the change.
            try db.execute(sql: "INSERT OR IGNORE INTO catalog_meta (key, value) VALUES ('generation', '0')")
            try db.execute(sql: SharedSchema.generationTriggers(on: ["recipes", "recipe_edits"], .sqlite))
        }
        migrator.registerMigration("v5-personal-edits") { db in
            try db.execute(
                sql: """
                    -- A shopper's own version of a recipe, seen only under their session: never in browse, search
                    -- or on the staff board. ON UPDATE CASCADE lets a rotated session id carry its versions along.
                    CREATE TABLE shopper_recipe_edits (
                        session_hash TEXT NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                        recipe_id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        image_path TEXT,
                        image_removed BOOLEAN NOT NULL DEFAULT 0,
                        steps_json TEXT NOT NULL,
                        version INTEGER NOT NULL,
                        updated_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
                        PRIMARY KEY (session_hash, recipe_id)
                    ) WITHOUT ROWID;

                    -- What a revert dropped, kept a short while so that Undo can put it back exactly.
                    -- session_hash NULL: the shop's copy.
                    CREATE TABLE recipe_edit_undos (
                        token TEXT PRIMARY KEY NOT NULL,
                        session_hash TEXT REFERENCES sessions(id_hash) ON DELETE CASCADE ON UPDATE CASCADE,
                        recipe_id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        image_path TEXT,
                        image_removed BOOLEAN NOT NULL,
                        steps_json TEXT NOT NULL,
                        version INTEGER NOT NULL,
                        expires_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX recipe_edit_undos_owner ON recipe_edit_undos(recipe_id, session_hash);
                    """)
        }
        migrator.registerMigration("v6-staff-sessions-and-cart-undo") { db in
            try db.execute(
                sql: """
                    -- Signing out deletes the row, so a copied staff cookie stops working at once.
                    CREATE TABLE staff_sessions (
                        id_hash TEXT PRIMARY KEY NOT NULL,
                        token_digest TEXT NOT NULL,
                        expires_at REAL NOT NULL
                    ) WITHOUT ROWID;

                    -- The lines a Remove or "Empty the cart" took away, so Undo can put exactly them back.
                    CREATE TABLE cart_undo (
                        session_hash TEXT PRIMARY KEY NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
                        token TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        lines_json TEXT NOT NULL,
                        created_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v7-orders-and-shopping-lists") { db in
            try db.execute(
                sql: """
                    -- The servings a shopper cooks a line for; NULL is the recipe's own.
                    ALTER TABLE cart_items ADD COLUMN servings INTEGER CHECK (servings BETWEEN 1 AND 50);

                    -- The aisle a recipe API named for an ingredient, read by the shopping list over the built-in table.
                    ALTER TABLE recipe_ingredients ADD COLUMN aisle TEXT;

                    -- "I have this" (has_it = 1) and "I need this" (0, for a staple that starts as had), by ingredient key.
                    CREATE TABLE cart_have (
                        session_hash TEXT NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
                        ingredient_key TEXT NOT NULL,
                        has_it INTEGER NOT NULL,
                        PRIMARY KEY (session_hash, ingredient_key)
                    ) WITHOUT ROWID;

                    -- A read-only link to a cart. The token is kept as it is, so the cart page can show the link again:
                    -- it grants only a look, and its owner can revoke it.
                    CREATE TABLE cart_shares (
                        token TEXT PRIMARY KEY NOT NULL,
                        session_hash TEXT NOT NULL UNIQUE REFERENCES sessions(id_hash) ON DELETE CASCADE,
                        created_at REAL NOT NULL
                    ) WITHOUT ROWID;

                    -- An order outlives its session: a purged session leaves the order with no owner, not gone.
                    CREATE TABLE orders (
                        code TEXT PRIMARY KEY NOT NULL,
                        session_hash TEXT REFERENCES sessions(id_hash) ON DELETE SET NULL,
                        note TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('new', 'picking', 'ready', 'collected', 'cancelled')),
                        content_json TEXT NOT NULL,
                        placed_at REAL NOT NULL,
                        updated_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX orders_session ON orders(session_hash, placed_at);
                    CREATE INDEX orders_status ON orders(status, placed_at);

                    -- The shop's own settings, such as its aisles' walking order.
                    CREATE TABLE shop_settings (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v8-upstream-points") { db in
            try db.execute(
                sql: """
                    -- The day's budget is counted in points: a TheMealDB call is one, a Spoonacular call what the API
                    -- reports. points: used today, ours or the API's count, whichever is higher; api_points: the API's
                    -- own total for the day (used + left) when it said so, which no reservation may pass.
                    ALTER TABLE upstream_calls ADD COLUMN points REAL NOT NULL DEFAULT 0;
                    UPDATE upstream_calls SET points = count;
                    ALTER TABLE upstream_calls ADD COLUMN api_points REAL;

                    -- What the last call of a kind (a path with its ids left out) cost: what the next one reserves.
                    CREATE TABLE upstream_costs (
                        source TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        points REAL NOT NULL,
                        PRIMARY KEY (source, kind)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v9-cuisines-and-vegan-diet") { db in
            try db.execute(
                sql: """
                    -- The cuisine (TheMealDB's area), '' when unknown, for the Browse page's cuisine filter.
                    ALTER TABLE recipes ADD COLUMN area TEXT NOT NULL DEFAULT '';
                    CREATE INDEX recipes_area ON recipes(area);
                    DROP VIEW recipe_effective;
                    CREATE VIEW recipe_effective AS
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
                    -- vegan and vegetarian diets, and every Vegetarian one carries the vegetarian diet.
                    INSERT OR IGNORE INTO recipe_diets (recipe_id, diet)
                    SELECT id, 'vegan' FROM recipes WHERE lower(category) = 'vegan';
                    INSERT OR IGNORE INTO recipe_diets (recipe_id, diet)
                    SELECT id, 'vegetarian' FROM recipes WHERE lower(category) IN ('vegan', 'vegetarian');
                    UPDATE recipes SET category = 'Vegetarian' WHERE lower(category) IN ('vegan', 'vegetarian');
                    UPDATE recipe_search SET
                        category = 'Vegetarian',
                        diets = (SELECT group_concat(d.diet, ' ') FROM recipe_diets d JOIN recipes r ON r.id = d.recipe_id
                                 WHERE r.seq = recipe_search.rowid)
                    WHERE rowid IN (SELECT seq FROM recipes WHERE category = 'Vegetarian');
                    """)
        }
        migrator.registerMigration("v10-main-ingredient-listings") { db in
            try db.execute(
                sql: """
                    -- The recipes TheMealDB lists under each main ingredient (filter.php?i=): its tiles carry no
                    -- ingredients, so the main-ingredient filter finds a recipe by its ingredient names or by this.
                    CREATE TABLE recipe_main_ingredients (
                        ingredient TEXT NOT NULL,
                        recipe_id TEXT NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
                        PRIMARY KEY (ingredient, recipe_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX recipe_main_ingredients_recipe ON recipe_main_ingredients(recipe_id);
                    """)
            // A listing changes what a filtered page shows, as a change to a recipe does.
            for event in ["INSERT", "DELETE"] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER recipe_main_ingredients_\(event.lowercased())_generation AFTER \(event) ON recipe_main_ingredients BEGIN
                            UPDATE catalog_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
                        END
                        """)
            }
        }
        migrator.registerMigration("v11-live-board") { db in
            try db.execute(
                sql: """
                    -- The status an order's last move left, so the board can take the move back; NULL once taken back.
                    ALTER TABLE orders ADD COLUMN previous_status TEXT
                        CHECK (previous_status IN ('new', 'picking', 'ready', 'collected', 'cancelled'));
                    -- When it was first ready, for the board's minutes from sent to ready.
                    ALTER TABLE orders ADD COLUMN ready_at REAL;
                    CREATE INDEX orders_placed ON orders(placed_at);
                    CREATE INDEX orders_updated ON orders(status, updated_at);

                    -- Staff's mark on one row of an order's pick list, by the row's ingredient key.
                    CREATE TABLE order_pick_marks (
                        order_code TEXT NOT NULL REFERENCES orders(code) ON DELETE CASCADE,
                        row_key TEXT NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('found', 'short', 'replaced')),
                        missing INTEGER,
                        replacement TEXT,
                        marked_at REAL NOT NULL,
                        PRIMARY KEY (order_code, row_key)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v12-partner-handoff") { db in
            try db.execute(
                sql: """
                    -- Events for the payment and delivery partner, written in the transaction that changed the order, so
                    -- none is lost or sent for a change that did not happen. id is the webhook-id of every try; seq
                    -- orders one order's events, which go out one at a time, oldest first. claimed_by/claimed_until:
                    -- the sender that holds an event while it sends it.
                    CREATE TABLE partner_outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        order_code TEXT NOT NULL REFERENCES orders(code) ON DELETE CASCADE,
                        type TEXT NOT NULL,
                        body TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        next_attempt_at REAL NOT NULL,
                        last_error TEXT,
                        last_error_at REAL,
                        delivered_at REAL,
                        claimed_by TEXT,
                        claimed_until REAL
                    );
                    CREATE INDEX partner_outbox_order ON partner_outbox(order_code, seq) WHERE delivered_at IS NULL;
                    CREATE INDEX partner_outbox_due ON partner_outbox(next_attempt_at, seq) WHERE delivered_at IS NULL;

                    -- The partner's status events, kept with their order; a webhook-id seen before is a repeat.
                    CREATE TABLE partner_inbox (
                        webhook_id TEXT PRIMARY KEY NOT NULL,
                        order_code TEXT NOT NULL REFERENCES orders(code) ON DELETE CASCADE,
                        type TEXT NOT NULL,
                        body TEXT NOT NULL,
                        received_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX partner_inbox_order ON partner_inbox(order_code, received_at);

                    -- What the partner last said; NULL for an order placed without a partner.
                    ALTER TABLE orders ADD COLUMN partner_status TEXT CHECK (partner_status IN
                        ('awaiting', 'paid', 'payment-failed', 'dispatched', 'delivered', 'rejected'));
                    ALTER TABLE orders ADD COLUMN partner_tracking_url TEXT;
                    ALTER TABLE orders ADD COLUMN partner_rejection TEXT;
                    ALTER TABLE orders ADD COLUMN partner_updated_at REAL;
                    """)
        }
        migrator.registerMigration("v13-screen-pairings") { db in
            try db.execute(
                sql: """
                    -- A code a wall screen shows until staff type it, bound to that screen's browser by a claim token in
                    -- its cookie; once paired, screen_id names the screen until the browser takes its session.
                    CREATE TABLE screen_pairings (
                        code_hash TEXT PRIMARY KEY NOT NULL,
                        claim_hash TEXT NOT NULL UNIQUE,
                        expires_at REAL NOT NULL,
                        screen_id TEXT
                    ) WITHOUT ROWID;

                    -- Paired screens. Revoking deletes the row, so the screen's cookie stops working at once.
                    CREATE TABLE screens (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        token_digest TEXT NOT NULL,
                        paired_at REAL NOT NULL,
                        session_hash TEXT UNIQUE,
                        last_seen_at REAL
                    ) WITHOUT ROWID;
                    """)
        }
        for migration in SharedSchema.migrations(.sqlite) {
            migrator.registerMigration(migration.name) { db in try db.execute(sql: migration.sql) }
        }
        return migrator
    }
}
