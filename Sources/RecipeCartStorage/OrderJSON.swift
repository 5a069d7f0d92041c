import Foundation
import RecipeCartDomain

/// An order's stored form, the same on both databases: its content as JSON, its times as seconds since 1970.
package enum OrderJSON {
    package static func encode(_ content: OrderContent) throws -> String {
        String(decoding: try JSONEncoder().encode(content), as: UTF8.self)
    }

    package static func order(
        code: String, note: String, status: String, json: String, placedAt: Double, updatedAt: Double
    )
        throws -> Order
    {
        guard let code = OrderCode(code), let status = OrderStatus(rawValue: status) else {
            throw StoredOrderUnreadable()
        }
        return Order(
            code: code, note: note, status: status,
            content: try content(json),
            placedAt: Date(timeIntervalSince1970: placedAt), updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

extension OrderJSON {
    package static func content(_ json: String) throws -> OrderContent {
        try JSONDecoder().decode(OrderContent.self, from: Data(json.utf8))
    }
}

/// A row of `orders` that no version of RecipeCart wrote.
package struct StoredOrderUnreadable: Error {}

/// A cart line as an order copied it and as the cart holds it: a send goes through only while the two agree.
package struct OrderedLine: Equatable {
    package var recipeID: String
    package var quantity: Int
    package var servings: Int?
}

extension OrderedLine {
    package init(_ line: OrderLine) {
        self.init(recipeID: line.recipeID, quantity: line.quantity, servings: line.servings)
    }
}
