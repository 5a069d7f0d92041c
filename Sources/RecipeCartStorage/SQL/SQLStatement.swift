/// A statement with its arguments, written once for both databases. Every value interpolated into it is bound as an
/// argument, never spliced into the text; the text gets each database's placeholder (`?` for SQLite, `$1`, `$2` … for
/// PostgreSQL) when it is run. `\(raw:)` splices trusted SQL text (a column list), and an interpolated statement
/// splices its text and arguments (a `SQLDialect` fragment).
///
///     "SELECT token FROM cart_shares WHERE session_hash = \(session.hash)"
package struct SQLStatement: Sendable, ExpressibleByStringInterpolation {
    package enum Part: Sendable, Equatable {
        case sql(String)
        case argument(SQLValue)
    }

    package private(set) var parts: [Part]
    /// Whether its text holds a `\(list:)`, so it changes with the list's length: a database that keeps prepared
    /// statements should not keep one for each length.
    package private(set) var hasList = false

    package init(stringLiteral text: String) {
        parts = [.sql(text)]
    }

    package init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
        hasList = stringInterpolation.hasList
    }

    /// `fragments` one after another with `separator` between them, as a multi-row `VALUES` needs. Its text changes
    /// with their number, as a list's does.
    package init(joining fragments: [SQLStatement], separator: String) {
        parts = []
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { parts.append(.sql(separator)) }
            parts.append(contentsOf: fragment.parts)
        }
        hasList = true
    }

    /// The arguments, in the order of their placeholders.
    package var arguments: [SQLValue] {
        parts.compactMap { part in
            if case .argument(let value) = part { value } else { nil }
        }
    }

    /// The text, with `placeholder(n)` for the nth argument, counted from 1.
    package func text(placeholder: (Int) -> String) -> String {
        var text = ""
        var count = 0
        for part in parts {
            switch part {
            case .sql(let sql):
                text += sql
            case .argument:
                count += 1
                text += placeholder(count)
            }
        }
        return text
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []
        fileprivate var hasList = false

        package init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        package mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.sql(literal)) }
        }

        /// A value, bound as an argument.
        package mutating func appendInterpolation(_ value: some SQLBindable) {
            parts.append(.argument(value.sqlValue))
        }

        /// Values for `IN (…)`, one argument each. An empty list matches nothing.
        package mutating func appendInterpolation(list values: [some SQLBindable]) {
            hasList = true
            guard !values.isEmpty else {
                parts.append(.sql("NULL"))
                return
            }
            for (index, value) in values.enumerated() {
                if index > 0 { parts.append(.sql(", ")) }
                parts.append(.argument(value.sqlValue))
            }
        }

        /// Another statement's text and arguments, in place.
        package mutating func appendInterpolation(_ fragment: SQLStatement) {
            parts.append(contentsOf: fragment.parts)
            hasList = hasList || fragment.hasList
        }

        /// SQL text from the code itself, never from a request.
        package mutating func appendInterpolation(raw sql: String) {
            parts.append(.sql(sql))
        }
    }
}
