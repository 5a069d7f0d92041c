import Foundation
import NIOSSL
import PostgresNIO

/// `postgres://user:password@host:port/dbname?sslmode=…`, read once at start: anything it cannot use stops the start
/// with a message that names the part, never a silent fallback to SQLite.
package struct PostgresURL: Sendable, CustomStringConvertible {
    package enum SSLMode: String, Sendable {
        case disable, prefer, require
    }

    package let host: String
    package let port: Int
    package let user: String
    package let password: String?
    package let database: String
    package let sslMode: SSLMode

    package init(_ text: String) throws(StorageStartError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased())
        else { throw .badURL("it must look like postgres://user:password@host:5432/dbname") }
        guard let host = components.host, !host.isEmpty else { throw .badURL("it names no host") }
        guard let user = components.user, !user.isEmpty else { throw .badURL("it names no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .badURL("it names no database after the host") }
        var sslMode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                    throw .badURL("sslmode must be disable, prefer or require")
                }
                sslMode = mode
            default:
                throw .badURL("it has an unknown setting \(item.name); only sslmode is read")
            }
        }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
    }

    /// The most connections an instance holds; several instances share PostgreSQL's `max_connections`.
    package static let poolSize = 16

    /// `keepsConnectionsOpen`: a serving instance opens every connection at start and holds them for good, so its
    /// first shoppers after a start or a quiet spell never wait for one to be opened and authenticated. A command or
    /// a test opens them as it needs them and lets them go.
    package func clientConfiguration(keepsConnectionsOpen: Bool) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch sslMode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        // An unreachable server fails a request in seconds (a 503 page), not after the default ten.
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = Self.poolSize
        configuration.options.minimumConnections = keepsConnectionsOpen ? Self.poolSize : 0
        // The pool times each idle spell of a connection with a `Task.sleep` that it cancels on the next lease, and a
        // cancelled sleep keeps its memory until its deadline (swiftlang/swift#60441): with a keep-alive every 15 s
        // and the default 60 s idle timeout, uncached searches grew the server by a megabyte a second for a minute.
        // One idle timer of 10 s is all that is left, and none on a connection kept open; a connection idle that long
        // is closed, so none goes stale.
        configuration.options.keepAliveBehavior = nil
        configuration.options.connectionIdleTimeout = .seconds(10)
        return configuration
    }

    /// One connection of its own, for the start: its failure says why (refused, wrong password, no such database),
    /// where the pool would only retry.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch sslMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// The address without the password, for logs and messages.
    package var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}

/// Why storage could not be opened: printed as the reason the start stopped.
package enum StorageStartError: Error, CustomStringConvertible {
    case badURL(String)
    case unreachable(String, reason: String)
    case unsupported(String)

    package var description: String {
        switch self {
        case .badURL(let why): "--database-url cannot be used: \(why)"
        case .unreachable(let url, let reason): "cannot use the PostgreSQL database at \(url): \(reason)"
        case .unsupported(let why): "the PostgreSQL server cannot hold RecipeCart: \(why)"
        }
    }
}
