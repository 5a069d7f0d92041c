import Foundation
import RecipeCartDomain

/// A row of `order_pick_marks`: staff's mark on one row of an order's pick list. A replaced priced row keeps the
/// replacement's priced line as JSON, priced when it was marked.
struct StoredMark: SQLRecord, Sendable {
    static let select: SQLStatement =
        "SELECT order_code, row_key, state, missing, replacement, packed_amount, replacement_line FROM order_pick_marks"

    var orderCode: String
    var rowKey: String
    var state: String
    var missing: Int?
    var replacement: String?
    var packedAmount: Int?
    var replacementLine: String?

    init(row: SQLRow) throws {
        (orderCode, rowKey, state, missing, replacement, packedAmount, replacementLine) = try row.decode(
            (String, String, String, Int?, String?, Int?, String?).self)
    }

    func pickMark() throws -> PickMark {
        let line = try replacementLine.map { try JSONDecoder().decode(PricedOrderLine.self, from: Data($0.utf8)) }
        guard
            let mark = PickMark(
                state: state, missing: missing, replacement: replacement, packedAmount: packedAmount,
                replacementLine: line)
        else { throw StoredOrderUnreadable() }
        return mark
    }

    /// The replacement's priced line as stored.
    static func json(_ line: PricedOrderLine?) throws -> String? {
        try line.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }
}
