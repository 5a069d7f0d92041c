import Foundation

/// An order's times and status, without its content: all the day's numbers need, read for every board render.
public struct OrderTiming: Sendable, Equatable {
    public var code: OrderCode
    public var status: OrderStatus
    public var placedAt: Date
    public var updatedAt: Date
    /// When it was first ready to collect.
    public var readyAt: Date?

    public init(code: OrderCode, status: OrderStatus, placedAt: Date, updatedAt: Date, readyAt: Date?) {
        self.code = code
        self.status = status
        self.placedAt = placedAt
        self.updatedAt = updatedAt
        self.readyAt = readyAt
    }
}
