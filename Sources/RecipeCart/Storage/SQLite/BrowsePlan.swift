import Foundation
import GRDB

/// The SQL behind one Browse request: filters, the section each recipe falls in, and the order.
struct BrowsePlan {
    let countSQL: String
    let pageSQL: String
    let arguments: StatementArguments

    init(query: BrowseQuery) {
        var from = "recipe_effective r"
        var conditions: [String] = []
        var arguments = StatementArguments()
        var order: [String] = ["section"]
        if let pattern = SearchPattern.make(from: query.text) {
            from = "recipe_search JOIN recipe_effective r ON r.seq = recipe_search.rowid"
            conditions.append("recipe_search MATCH ?")
            arguments += [pattern]
            // Title hits outrank ingredient, category, diet and tag hits.
            order.append("bm25(recipe_search, 10.0, 2.0, 4.0, 3.0, 1.0)")
        } else if !query.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Text with no searchable characters matches nothing rather than everything.
            conditions.append("0")
        }
        if let category = query.category {
            conditions.append("r.category = ?")
            arguments += [category]
        }
        if let diet = query.diet {
            conditions.append("r.id IN (SELECT recipe_id FROM recipe_diets WHERE diet = ?)")
            arguments += [diet.rawValue]
        }
        order += ["r.title COLLATE NOCASE", "r.id"]
        let section = BrowseSectionSQL.expression(for: query.grouping)
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        countSQL = "SELECT COUNT(*) FROM \(from) \(whereClause)"
        pageSQL = """
            SELECT r.id, r.title, r.category, r.servings, r.ready_minutes, r.image_path, \(section) AS section
            FROM \(from) \(whereClause)
            ORDER BY \(order.joined(separator: ", "))
            LIMIT ? OFFSET ?
            """
        self.arguments = arguments
    }
}
