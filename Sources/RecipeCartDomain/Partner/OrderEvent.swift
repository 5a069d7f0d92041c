import Foundation

/// One event the shop sends its partner about an order: the JSON body `{"type", "timestamp", "data"}` of a Standard
/// Webhooks delivery, with `id` as its `webhook-id`. Made when the order changes and kept as made, so every retry
/// sends the same bytes. `Docs/partner-events.schema.json` describes it.
package struct OrderEvent: Sendable, Equatable {
    package var id: String
    package var type: OrderEventType
    package var orderCode: OrderCode
    package var body: String

    /// `zone` is the shop's: a pickup slot's times are written in it.
    package init(type: OrderEventType, order: Order, at time: Date, zone: TimeZone = .current) {
        id = "msg_" + RandomToken.make()
        self.type = type
        orderCode = order.code
        let envelope = Envelope(type: type.rawValue, timestamp: time, data: Payload(order, type: type, zone: zone))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Plain values only: encoding them cannot fail.
        body = String(decoding: try! encoder.encode(envelope), as: UTF8.self)
    }

    private struct Envelope: Encodable {
        var type: String
        var timestamp: Date
        var data: Payload
    }

    private struct Payload: Encodable {
        var order: String
        var status: String
        var placedAt: Date
        var note: String
        /// Left out for an order sent before shoppers were asked.
        var substitution: Substitution?
        /// Left out for an order to collect as soon as possible.
        var slot: Slot?
        var lines: [Line]
        var shoppingList: [Aisle]
        /// What to do with the shopper's money, and how much; left out for an order without priced rows.
        var charge: String?
        var amount: Int?
        var currency: String?
        var amountIsEstimate: Bool?
        var pricedRows: [PricedRow]?
        /// With `capture`: the rows packing changed, and by how much.
        var differences: [Difference]?

        init(_ order: Order, type: OrderEventType, zone: TimeZone) {
            self.order = order.code.rawValue
            status = order.status.rawValue
            placedAt = order.placedAt
            note = order.note
            substitution = order.content.substitution.map { Substitution(choice: $0.kind.rawValue, phone: $0.phone) }
            slot = order.slot.map {
                Slot(
                    start: ZonedTimestamp.text($0.start, in: zone), end: ZonedTimestamp.text($0.end, in: zone),
                    timeZone: zone.identifier)
            }
            lines = order.content.lines.map {
                Line(recipeID: $0.recipeID, title: $0.title, batches: $0.quantity, servings: $0.servings)
            }
            // What the partner buys: the shopper's "I have this" choices are left out, in the shop's default walk.
            shoppingList = ShoppingList(entries: order.content.shoppingListEntries)
                .groups(walkingOrder: RecipeCartDomain.Aisle.defaultOrder, have: order.content.have)
                .compactMap { group in
                    group.aisle.map { aisle in
                        Aisle(
                            aisle: aisle.rawValue, title: aisle.title,
                            items: group.items.map { Item(name: $0.name, amounts: $0.amounts, notes: $0.notes) })
                    }
                }
            guard let pricing = order.content.pricing else { return }
            currency = pricing.currency
            pricedRows = pricing.lines.map(PricedRow.init)
            switch type {
            // Authorised for the estimate when placed, captured when packed: the way Stripe's manual capture and
            // Instacart's authorise-then-charge work.
            case .placed, .updated:
                charge = "authorise"
                amount = pricing.estimateMinor
                amountIsEstimate = pricing.isEstimated
            case .ready:
                charge = "capture"
                let packed = PackedBill(pricing, marks: order.pickMarks)
                amount = order.finalMinor ?? packed.totalMinor
                amountIsEstimate = false
                differences = packed.differences.map(Difference.init)
            case .cancelled:
                charge = "none"
                amount = 0
                amountIsEstimate = false
            }
        }

        enum CodingKeys: String, CodingKey {
            case order, status, note, substitution, slot, lines, charge, amount, currency
            case placedAt = "placed_at"
            case shoppingList = "shopping_list"
            case amountIsEstimate = "amount_is_estimate"
            case pricedRows = "priced_rows"
            case differences
        }
    }

    /// One product taken for a row of the list, as priced when the order was sent; prices in minor units.
    private struct PricedRow: Encodable {
        var row: String
        var sku: String
        var name: String
        var packs: Int
        var amount: Int
        var unit: String
        var unitPrice: Int
        var price: Int
        var weighed: Bool

        init(_ line: PricedOrderLine) {
            row = line.rowKey
            sku = line.sku
            name = line.name
            packs = line.packs
            amount = line.amount
            unit = line.unit
            unitPrice = line.unitPriceMinor
            price = line.priceMinor
            weighed = line.isWeighed
        }

        enum CodingKeys: String, CodingKey {
            case row, sku, name, packs, amount, unit, price, weighed
            case unitPrice = "unit_price"
        }
    }

    /// A row packing changed: `weighed`, `short`, `left-out` or `replaced`, its rows as sent and as packed, and the
    /// change in minor units (below 0: less to charge).
    private struct Difference: Encodable {
        var row: String
        var kind: String
        var estimated: [PricedRow]
        var packed: [PricedRow]
        var amount: Int

        init(_ difference: PackedBill.Difference) {
            row = difference.rowKey
            kind = difference.kind.rawValue
            estimated = difference.estimated.map(PricedRow.init)
            packed = difference.packed.map(PricedRow.init)
            amount = difference.amountMinor
        }
    }

    /// What the partner may do when something is missing: `close-match`, `leave-out` or `call-me` with a phone.
    private struct Substitution: Encodable {
        var choice: String
        var phone: String?
    }

    /// When the shopper collects it, in the shop's zone, which is named beside.
    private struct Slot: Encodable {
        var start: String
        var end: String
        var timeZone: String

        enum CodingKeys: String, CodingKey {
            case start, end
            case timeZone = "time_zone"
        }
    }

    private struct Line: Encodable {
        var recipeID: String
        var title: String
        var batches: Int
        var servings: Int?

        enum CodingKeys: String, CodingKey {
            case title, batches, servings
            case recipeID = "recipe_id"
        }
    }

    private struct Aisle: Encodable {
        var aisle: String
        var title: String
        var items: [Item]
    }

    private struct Item: Encodable {
        var name: String
        var amounts: [String]
        var notes: [String]
    }
}
