import PostgresNIO

/// The reads behind every page a returning shopper opens, prepared once a connection: PostgreSQL parsing and
/// planning them anew for each request was most of its time under a load of detail pages.
package enum ShopperPageStatements {
    /// Everything the session has stored, by recipe, in one read (`PostgresSessionReadings`): a row a cart line, own
    /// version or revert's Undo.
    package struct Stored: PostgresPreparedStatement {
        package static let sql = SessionStored.selectSQL(session: "$1")
        package static let bindingDataTypes: [PostgresDataType] = [.text]
        package var sessionHash: String

        package func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            try bindings.append(sessionHash)
            return bindings
        }

        package func decodeRow(_ row: PostgresRow) throws -> (String, Int, Int?, Double?, Int?, Bool) {
            try row.decode((String, Int, Int?, Double?, Int?, Bool).self)
        }
    }

    /// One cart line as its shopper sees it: their version of the recipe over the shop's copy.
    package struct Line: SessionRecipeStatement {
        package static let sql = SQLCartLines.ownSelect + " WHERE c.session_hash = $1 AND c.recipe_id = $2"
        package var sessionHash: String
        package var recipeID: String

        package func decodeRow(_ row: PostgresRow) throws -> PostgresCartHotPath.LineRow {
            try row.decode(PostgresCartHotPath.LineRow.self)
        }
    }

    /// The shopper's own version of a recipe.
    package struct PersonalVersion: SessionRecipeStatement {
        package static let sql = """
            SELECT title, description, image_path, image_removed, steps_json FROM shopper_recipe_edits
            WHERE session_hash = $1 AND recipe_id = $2
            """
        package var sessionHash: String
        package var recipeID: String

        package func decodeRow(_ row: PostgresRow) throws -> (String, String, String?, Bool, String) {
            try row.decode((String, String, String?, Bool, String).self)
        }
    }

    /// The tiles of a page of recipes by id ("What can I make with…", the cart's messages).
    package struct Tiles: PostgresPreparedStatement {
        package static let sql =
            "SELECT \(PostgresCatalogHotPath.summaryColumns) FROM recipe_effective r WHERE r.id = ANY($1)"
        package static let bindingDataTypes: [PostgresDataType] = [.textArray]
        package var recipeIDs: [String]

        package func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            try bindings.append(recipeIDs)
            return bindings
        }

        package func decodeRow(_ row: PostgresRow) throws -> PostgresCatalogHotPath.SummaryRow {
            try row.decode(PostgresCatalogHotPath.SummaryRow.self)
        }
    }

    /// The shop's copy of a recipe with its ingredients, diets and steps in one round trip: read the first time a
    /// detail page or a post names it, often many at once just after a start, when five reads each kept the pool busy.
    package struct ShopCopy: PostgresPreparedStatement {
        package static let sql = """
            SELECT r.title, r.description, r.category, r.area, r.servings, r.ready_minutes, r.tags, r.image_path,
                   r.source_url, r.is_edited,
                   COALESCE((SELECT json_agg(json_build_object('name', i.name, 'measure', i.measure, 'aisle', i.aisle)
                                      ORDER BY i.position)
                             FROM recipe_ingredients i WHERE i.recipe_id = r.id), '[]')::TEXT,
                   ARRAY(SELECT d.diet FROM recipe_diets d WHERE d.recipe_id = r.id),
                   (SELECT e.steps_json FROM recipe_edits e WHERE e.recipe_id = r.id LIMIT 1),
                   ARRAY(SELECT s.text FROM recipe_steps s WHERE s.recipe_id = r.id ORDER BY s.position)
            FROM recipe_effective r WHERE r.id = $1
            """
        package static let bindingDataTypes: [PostgresDataType] = [.text]
        package var recipeID: String

        package typealias Row = (
            title: String, description: String, category: String, area: String, servings: Int?, readyMinutes: Int?,
            tags: String, imagePath: String?, sourceURL: String?, isEdited: Bool,
            ingredientsJSON: String, diets: [String], editedStepsJSON: String?, steps: [String]
        )

        package func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            try bindings.append(recipeID)
            return bindings
        }

        package func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(
                (
                    String, String, String, String, Int?, Int?, String, String?, String?, Bool, String, [String],
                    String?, [String]
                ).self)
        }
    }
}

/// A statement about one shopper's row for one recipe: `$1` the session, `$2` the recipe.
package protocol SessionRecipeStatement: PostgresPreparedStatement {
    var sessionHash: String { get }
    var recipeID: String { get }
}

extension SessionRecipeStatement {
    package static var bindingDataTypes: [PostgresDataType] { [.text, .text] }

    package func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        try bindings.append(sessionHash)
        try bindings.append(recipeID)
        return bindings
    }
}

extension PostgresConnection {
    /// Every row a prepared statement answers.
    package func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] {
        var rows: [Statement.Row] = []
        for try await row in try await execute(statement, logger: Self.queryLogger) {
            rows.append(row)
        }
        return rows
    }
}
