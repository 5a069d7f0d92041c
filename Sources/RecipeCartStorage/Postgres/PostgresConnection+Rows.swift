import Logging
import PostgresNIO

extension PostgresConnection {
    /// Queries log only their failures: a shop's every page would otherwise print its SQL.
    package static let queryLogger: Logger = {
        var logger = Logger(label: "RecipeCart.postgres")
        logger.logLevel = .warning
        return logger
    }()

    /// Every row of the answer, decoded as the column types given.
    package func rows<each Column: PostgresDecodable>(_ query: PostgresQuery, as types: (repeat each Column).Type)
        async throws
        -> [(repeat each Column)]
    {
        var rows: [(repeat each Column)] = []
        for row in try await self.query(query, logger: Self.queryLogger).collect() {
            rows.append(try row.decode(types))
        }
        return rows
    }

    /// The first row of the answer, if any.
    package func row<each Column: PostgresDecodable>(_ query: PostgresQuery, as types: (repeat each Column).Type)
        async throws
        -> (repeat each Column)?
    {
        try await self.query(query, logger: Self.queryLogger).collect().first.map { try $0.decode(types) }
    }

    /// The first column of every row.
    package func values<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type) async throws -> [Value] {
        try await self.query(query, logger: Self.queryLogger).collect().map { try $0.decode(Value.self) }
    }

    /// Runs a statement for its effect.
    package func run(_ query: PostgresQuery) async throws {
        for try await _ in try await self.query(query, logger: Self.queryLogger) {}
    }

    /// Runs a statement ending in `RETURNING 1`. - Returns: how many rows it changed.
    package func count(_ query: PostgresQuery) async throws -> Int {
        try await self.query(query, logger: Self.queryLogger).collect().count
    }
}
