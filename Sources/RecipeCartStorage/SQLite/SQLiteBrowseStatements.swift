import Foundation
import GRDB
import RecipeCartDomain

/// The SQL behind one Browse request: filters, the section each recipe falls in, and the order.
///
/// A search that finds more than `candidateLimit` recipes ranks a bounded set of candidates rather than every match:
/// the first `candidateLimit` whose title holds every word, then the first `candidateLimit` that match anywhere, and
/// its count is shown as "2000+". Ranking all 35,000 recipes with "onion" in them took 50 ms at 100,000 recipes,
/// almost all of it in `bm25`. A search that finds fewer ranks every match in one pass.
package struct SQLiteBrowseStatements {
    package struct Statement {
        package let sql: String
        package let arguments: StatementArguments
    }

    package static let candidateLimit = 2000

    /// For a search, counts candidates: above `candidateLimit` means "at least that many", and `boundedPage` lists.
    package let count: Statement
    /// Every match in order; its arguments end before the page's LIMIT and OFFSET.
    package let page: Statement
    /// The tiered candidates in order, for a search whose count went past `candidateLimit`; nil without a search.
    package let boundedPage: Statement?
    /// The id of every recipe found, unranked and unbounded.
    package let ids: Statement

    package init(query: BrowseQuery) {
        var conditions: [String] = []
        var filterArguments = StatementArguments()
        if let category = query.category {
            conditions.append("r.category = ?")
            filterArguments += [category]
        }
        if let diet = query.diet {
            conditions.append("r.id IN (SELECT recipe_id FROM recipe_diets WHERE diet = ?)")
            filterArguments += [diet.rawValue]
        }
        if let ingredient = query.ingredient {
            let patterns = ingredient.likePatterns
            let matches = Array(repeating: "lower(name) LIKE ?", count: patterns.count).joined(separator: " OR ")
            conditions.append(
                "(r.id IN (SELECT recipe_id FROM recipe_ingredients WHERE \(matches))"
                    + " OR r.id IN (SELECT recipe_id FROM recipe_main_ingredients WHERE ingredient = ?))")
            filterArguments += StatementArguments(patterns)
            filterArguments += [ingredient.rawValue]
        }
        if let area = query.area {
            conditions.append("r.area = ?")
            filterArguments += [area]
        }
        let section = BrowseSectionSQL.expression(for: query)
        let columns = "r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path, \(section) AS section"
        guard let pattern = SearchPattern.make(from: query.text) else {
            if !query.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                // Text with no searchable characters matches nothing rather than everything.
                conditions.append("0")
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            count = Statement(sql: "SELECT COUNT(*) FROM recipe_effective r \(whereClause)", arguments: filterArguments)
            ids = Statement(sql: "SELECT r.id FROM recipe_effective r \(whereClause)", arguments: filterArguments)
            page = Statement(
                sql: """
                    SELECT \(columns) FROM recipe_effective r \(whereClause)
                    ORDER BY section, r.title COLLATE NOCASE, r.id
                    LIMIT ? OFFSET ?
                    """,
                arguments: filterArguments)
            boundedPage = nil
            return
        }
        let filters = conditions.map { " AND \($0)" }.joined()
        // Title hits outrank ingredient, category, diet and tag hits.
        let rank = "bm25(recipe_search, 10.0, 2.0, 4.0, 3.0, 1.0)"
        let matches =
            "recipe_search JOIN recipe_effective r ON r.seq = recipe_search.rowid WHERE recipe_search MATCH ?\(filters)"
        ids = Statement(sql: "SELECT r.id FROM \(matches)", arguments: [pattern] + filterArguments)
        page = Statement(
            sql: """
                SELECT \(columns) FROM \(matches)
                ORDER BY section, \(rank), r.title COLLATE NOCASE, r.id
                LIMIT ? OFFSET ?
                """,
            arguments: [pattern] + filterArguments)
        func candidates(tier: Int, scored: Bool) -> String {
            """
            SELECT * FROM (
                SELECT recipe_search.rowid AS seq\(scored ? ", \(tier) AS tier, \(rank) AS score" : "")
                FROM \(matches) LIMIT \(Self.candidateLimit + 1))
            """
        }
        let tiers: StatementArguments = ["title : (\(pattern))"] + filterArguments + [pattern] + filterArguments
        // The count needs no rank, which is most of a candidate's cost.
        count = Statement(
            sql:
                "SELECT COUNT(*) FROM (\(candidates(tier: 0, scored: false)) UNION \(candidates(tier: 1, scored: false)))",
            arguments: tiers)
        boundedPage = Statement(
            sql: """
                WITH candidates AS (\(candidates(tier: 0, scored: true)) UNION ALL \(candidates(tier: 1, scored: true))),
                -- SQLite takes a bare column (score) from the row MIN() picked: the best tier's score.
                ranked AS (SELECT seq, MIN(tier) AS tier, score FROM candidates GROUP BY seq)
                SELECT \(columns) FROM ranked JOIN recipe_effective r ON r.seq = ranked.seq
                ORDER BY section, ranked.tier, ranked.score, r.title COLLATE NOCASE, r.id
                LIMIT ? OFFSET ?
                """,
            arguments: tiers)
    }
}
