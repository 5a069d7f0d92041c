/// How long a request waits for a PostgreSQL connection before its page says the database is unavailable.
struct PostgresPatience: Sendable {
    var normal: Duration
    /// Once the server is known to be away: pages that need it answer the 503 page at once.
    var duringOutage: Duration

    static let shopper = PostgresPatience(normal: .seconds(5), duringOutage: .seconds(1))
}
