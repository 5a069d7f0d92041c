import Foundation

/// One value bound to a statement or read from a row, as both databases hold it. A boolean stays a boolean: SQLite
/// stores it as 0 or 1, PostgreSQL as its own type, and a column of either reads back as `Bool`.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)
}

/// A Swift value a statement can take as an argument.
package protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
}

/// A Swift value a column can be read as.
package protocol SQLDecodable {
    init(sqlValue: SQLValue) throws
}

/// A column that is missing or holds what its reader did not expect: a bug in the statement or its reader, never a
/// database that does not answer.
package struct SQLDecodingError: Error, CustomStringConvertible {
    package var message: String

    package var description: String { message }

    static func mismatch(_ value: SQLValue, _ type: Any.Type) -> SQLDecodingError {
        SQLDecodingError(message: "cannot read \(value) as \(type)")
    }
}

extension SQLValue: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { self }

    package init(sqlValue: SQLValue) { self = sqlValue }
}

extension String: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { .text(self) }

    package init(sqlValue: SQLValue) throws {
        guard case .text(let text) = sqlValue else { throw SQLDecodingError.mismatch(sqlValue, Self.self) }
        self = text
    }
}

extension Int64: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { .integer(self) }

    /// A whole real reads as an integer too: SQLite may keep a REAL column's whole number either way.
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .integer(let value): self = value
        case .real(let value) where value.rounded() == value && abs(value) < 0x1p63: self = Int64(value)
        default: throw SQLDecodingError.mismatch(sqlValue, Self.self)
        }
    }
}

extension Int: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { .integer(Int64(self)) }

    package init(sqlValue: SQLValue) throws {
        self = Int(try Int64(sqlValue: sqlValue))
    }
}

extension Double: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { .real(self) }

    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw SQLDecodingError.mismatch(sqlValue, Self.self)
        }
    }
}

extension Bool: SQLBindable, SQLDecodable {
    package var sqlValue: SQLValue { .bool(self) }

    /// SQLite's 0 and 1 read as booleans, as GRDB reads them.
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .bool(let value): self = value
        case .integer(let value): self = value != 0
        default: throw SQLDecodingError.mismatch(sqlValue, Self.self)
        }
    }
}

extension Date: SQLDecodable {
    /// Seconds since 1970, as every time the stores write as a number.
    package init(sqlValue: SQLValue) throws {
        self.init(timeIntervalSince1970: try Double(sqlValue: sqlValue))
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    package init(sqlValue: SQLValue) throws {
        self = sqlValue == .null ? nil : try Wrapped(sqlValue: sqlValue)
    }
}

/// One row of an answer, its columns readable by position or by name.
package struct SQLRow: Sendable {
    /// The answer's column names, shared by its rows.
    package let columns: [String]
    package let values: [SQLValue]

    package init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The column at `index`, counted from 0.
    package func value<Value: SQLDecodable>(at index: Int, as type: Value.Type = Value.self) throws -> Value {
        guard values.indices.contains(index) else {
            throw SQLDecodingError(message: "no column \(index) in a row of \(values.count)")
        }
        do {
            return try Value(sqlValue: values[index])
        } catch {
            throw SQLDecodingError(message: "column \(index) (\(columns[index])): \(error)")
        }
    }

    /// The first column called `name`.
    package func value<Value: SQLDecodable>(named name: String, as type: Value.Type = Value.self) throws -> Value {
        guard let index = columns.firstIndex(of: name) else {
            throw SQLDecodingError(message: "no column \(name) among \(columns)")
        }
        return try value(at: index)
    }

    /// Every column, in order, as the types given.
    package func decode<each Column: SQLDecodable>(_ types: (repeat each Column).Type) throws -> (repeat each Column) {
        var index = 0
        func next<Value: SQLDecodable>(_ type: Value.Type) throws -> Value {
            defer { index += 1 }
            return try value(at: index)
        }
        let decoded = (repeat try next((each Column).self))
        guard index == values.count else {
            throw SQLDecodingError(message: "a row of \(values.count) columns read as \(index)")
        }
        return decoded
    }
}
