/// How long a request waits for a PostgreSQL connection before its page says the database is unavailable.
package struct PostgresPatience: Sendable {
    package var normal: Duration
    /// Once the server is known to be away: pages that need it answer the 503 page at once.
    package var duringOutage: Duration

    package init(normal: Duration, duringOutage: Duration) {
        self.normal = normal
        self.duringOutage = duringOutage
    }

    package static let shopper = PostgresPatience(normal: .seconds(5), duringOutage: .seconds(1))
}
