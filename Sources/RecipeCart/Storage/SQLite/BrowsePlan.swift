import Foundation
import GRDB

/// The SQL behind one Browse request: filters, the section each recipe falls in, and the order.
///
/// A search ranks a bounded set of candidates rather than every match: the first `candidateLimit` recipes whose
/// title holds every word, then the first `candidateLimit` that match anywhere. Ranking all 35,000 recipes with
/// "onion" in them took 50 ms at 100,000 recipes, almost all of it in `bm25`; a count past the limit is shown
/// as "2000+".
struct BrowsePlan {
    static let candidateLimit = 2000

    let countSQL: String
    let pageSQL: String
    let arguments: StatementArguments
    /// True when `countSQL` counts candidates, so a count above `candidateLimit` means "at least that many".
    let isBounded: Bool

    init(query: BrowseQuery) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let category = query.category {
            conditions.append("r.category = ?")
            arguments += [category]
        }
        if let diet = query.diet {
            conditions.append("r.id IN (SELECT recipe_id FROM recipe_diets WHERE diet = ?)")
            arguments += [diet.rawValue]
        }
        let section = BrowseSectionSQL.expression(for: query.grouping)
        let columns = "r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path, \(section) AS section"
        if let pattern = SearchPattern.make(from: query.text) {
            let filters = conditions.map { " AND \($0)" }.joined()
            // Title hits outrank ingredient, category, diet and tag hits.
            let rank = "bm25(recipe_search, 10.0, 2.0, 4.0, 3.0, 1.0)"
            // Without filters the candidates need no row of their own: FTS5 alone finds and ranks them.
            let join = conditions.isEmpty ? "" : " JOIN recipe_effective r ON r.seq = recipe_search.rowid"
            func candidates(tier: Int, scored: Bool) -> String {
                """
                SELECT * FROM (
                    SELECT recipe_search.rowid AS seq\(scored ? ", \(tier) AS tier, \(rank) AS score" : "")
                    FROM recipe_search\(join)
                    WHERE recipe_search MATCH ?\(filters) LIMIT \(Self.candidateLimit + 1))
                """
            }
            // The count needs no rank, which is most of a candidate's cost.
            countSQL = "SELECT COUNT(*) FROM (\(candidates(tier: 0, scored: false)) UNION \(candidates(tier: 1, scored: false)))"
            pageSQL = """
                WITH candidates AS (\(candidates(tier: 0, scored: true)) UNION ALL \(candidates(tier: 1, scored: true))),
                -- SQLite takes a bare column (score) from the row MIN() picked: the best tier's score.
                ranked AS (SELECT seq, MIN(tier) AS tier, score FROM candidates GROUP BY seq)
                SELECT \(columns) FROM ranked JOIN recipe_effective r ON r.seq = ranked.seq
                ORDER BY section, ranked.tier, ranked.score, r.title COLLATE NOCASE, r.id
                LIMIT ? OFFSET ?
                """
            self.arguments = ["title : (\(pattern))"] + arguments + [pattern] + arguments
            isBounded = true
            return
        }
        if !query.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Text with no searchable characters matches nothing rather than everything.
            conditions.append("0")
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        countSQL = "SELECT COUNT(*) FROM recipe_effective r \(whereClause)"
        pageSQL = """
            SELECT \(columns) FROM recipe_effective r \(whereClause)
            ORDER BY section, r.title COLLATE NOCASE, r.id
            LIMIT ? OFFSET ?
            """
        self.arguments = arguments
        isBounded = false
    }
}
