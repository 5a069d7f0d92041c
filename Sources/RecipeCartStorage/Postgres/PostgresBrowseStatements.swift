import PostgresNIO
import RecipeCartDomain

/// The SQL behind one Browse request on PostgreSQL: filters, the section each recipe falls in, and the order.
/// Every typed word is a prefix (`word:*`) of an unaccented, lower-cased word; title hits outrank the rest.
package struct PostgresBrowseStatements {
    /// `ts_rank`'s weights for D (tags), C (ingredients, diets), B (category) and A (title).
    package static let rankWeights = "'{0.1, 0.3, 0.4, 1.0}'"

    private var from = "recipe_effective r"
    private var conditions: [String] = []
    private var binds = PostgresBindings()
    private var order: [String] = ["section"]
    private let section: String

    package init(query: BrowseQuery) {
        section = BrowseSectionSQL.expression(for: query)
        let words = SearchPattern.tokens(from: query.text)
        if !words.isEmpty {
            let terms = bind(words)
            from = """
                recipe_effective r JOIN recipe_search s ON s.recipe_id = r.id,
                (SELECT to_tsquery('simple', string_agg(quote_literal(unaccent(word)) || ':*', ' & ')) AS query
                 FROM unnest(\(terms)::text[]) AS word) q
                """
            conditions.append("s.document @@ q.query")
            order.append("ts_rank(\(Self.rankWeights), s.document, q.query) DESC")
        } else if !query.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Text with no searchable characters matches nothing rather than everything.
            conditions.append("FALSE")
        }
        if let category = query.category {
            conditions.append("r.category = \(bind(category))")
        }
        if let diet = query.diet {
            conditions.append("r.id IN (SELECT recipe_id FROM recipe_diets WHERE diet = \(bind(diet.rawValue)))")
        }
        if let ingredient = query.ingredient {
            conditions.append(
                "(r.id IN (SELECT recipe_id FROM recipe_ingredients WHERE lower(name) LIKE ANY(\(bind(ingredient.likePatterns))::text[]))"
                    + " OR r.id IN (SELECT recipe_id FROM recipe_main_ingredients WHERE ingredient = \(bind(ingredient.rawValue))))"
            )
        }
        if let area = query.area {
            conditions.append("r.area = \(bind(area))")
        }
        order += ["lower(r.title)", "r.title", "r.id"]
    }

    private var whereClause: String {
        conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    }

    package var countQuery: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(from) \(whereClause)", binds: binds)
    }

    package var idsQuery: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT r.id FROM \(from) \(whereClause)", binds: binds)
    }

    package func pageQuery(limit: Int, offset: Int) -> PostgresQuery {
        var binds = binds
        binds.append(limit)
        binds.append(offset)
        return PostgresQuery(
            unsafeSQL: """
                SELECT \(PostgresCatalogHotPath.summaryColumns), \(section) AS section
                FROM \(from) \(whereClause)
                ORDER BY \(order.joined(separator: ", "))
                LIMIT $\(binds.count - 1) OFFSET $\(binds.count)
                """,
            binds: binds)
    }

    /// Adds a value to the query. - Returns: its placeholder.
    private mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }
}
