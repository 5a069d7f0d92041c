import Foundation

/// A time exactly as a cart table keeps it: on SQLite the text GRDB and `app_now()` write ("yyyy-MM-dd
/// HH:mm:ss.SSS", UTC), on PostgreSQL seconds since 1970. Kept as it was read, an Undo puts back the very value that
/// went, and its JSON is the snapshot each database has always written.
package enum StoredTime: Sendable, Hashable, Codable, SQLBindable, SQLDecodable {
    case text(String)
    case seconds(Double)

    /// What `date` is written as on `dialect`.
    package init(_ date: Date, on dialect: SQLDialect) {
        self = dialect == .sqlite ? .text(SQLiteTimestamp.text(for: date)) : .seconds(date.timeIntervalSince1970)
    }

    package var date: Date {
        switch self {
        case .text(let text): SQLiteTimestamp.date(from: text) ?? .distantPast
        case .seconds(let seconds): Date(timeIntervalSince1970: seconds)
        }
    }

    package var sqlValue: SQLValue {
        switch self {
        case .text(let text): .text(text)
        case .seconds(let seconds): .real(seconds)
        }
    }

    package init(sqlValue: SQLValue) throws {
        if case .text(let text) = sqlValue {
            self = .text(text)
        } else {
            self = .seconds(try Double(sqlValue: sqlValue))
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            self = .seconds(seconds)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .seconds(let seconds): try container.encode(seconds)
        }
    }
}
