import Foundation

/// An order's times and status, without its content: all the day's numbers need, read for every board render.
package struct OrderTiming: Sendable, Equatable {
    package var code: OrderCode
    package var status: OrderStatus
    package var placedAt: Date
    package var updatedAt: Date
    /// When it was first ready to collect.
    package var readyAt: Date?
    /// When its pickup slot starts; nil for "as soon as possible".
    package var slotStart: Date?
    /// Its estimated amount when sent and the amount charged once packed, in minor units; nil without priced rows,
    /// and `finalMinor` before it is ready.
    package var estimateMinor: Int?
    package var finalMinor: Int?

    package init(
        code: OrderCode, status: OrderStatus, placedAt: Date, updatedAt: Date, readyAt: Date?, slotStart: Date? = nil,
        estimateMinor: Int? = nil, finalMinor: Int? = nil
    ) {
        self.code = code
        self.status = status
        self.placedAt = placedAt
        self.updatedAt = updatedAt
        self.readyAt = readyAt
        self.slotStart = slotStart
        self.estimateMinor = estimateMinor
        self.finalMinor = finalMinor
    }
}
