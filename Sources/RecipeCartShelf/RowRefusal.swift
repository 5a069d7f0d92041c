/// Why one row of a product file is not imported; the reason is what the report shows after the row number.
struct RowRefusal: Error, Sendable {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    init(_ price: PriceTextError) { reason = price.description }
}
