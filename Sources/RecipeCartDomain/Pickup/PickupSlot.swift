import Foundation

/// A stretch of time in which a shopper collects an order, as the shop's settings cut its opening hours. Its start
/// names it: a form posts the start, a ticket and an event carry both ends.
package struct PickupSlot: Sendable, Hashable {
    package var start: Date
    package var end: Date

    package init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
}
