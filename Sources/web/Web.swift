import ArgumentParser
import Foundation
import Logging
import RecipeCart

@main
struct Web: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "RecipeCart, a recipe shop on the web.",
        subcommands: [Serve.self, Import.self],
        defaultSubcommand: Serve.self)
}

/// `web serve`: every option also reads its `RECIPECART_…` environment variable.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the shop over HTTP.")

    @Option(help: "Address to listen on. [env: RECIPECART_HOST]")
    var host: String = Environment.string("RECIPECART_HOST") ?? "127.0.0.1"

    @Option(help: "Port to listen on. [env: RECIPECART_PORT]")
    var port: Int = Environment.int("RECIPECART_PORT") ?? 8080

    @Option(help: "Where the database, server key and image cache live. [env: RECIPECART_DATA_DIR]")
    var dataDir: String = Environment.string("RECIPECART_DATA_DIR") ?? "./data"

    @Option(help: "Folder holding Templates/ and Public/. [env: RECIPECART_RESOURCES_DIR]")
    var resourcesDir: String = Environment.string("RECIPECART_RESOURCES_DIR") ?? "."

    @Flag(inversion: .prefixedNo, help: "Mark cookies Secure (behind HTTPS). [env: RECIPECART_SECURE_COOKIES]")
    var secureCookies: Bool = Environment.bool("RECIPECART_SECURE_COOKIES") ?? false

    @Option(help: "Token staff sign in with at /staff/login; a random one is logged at start when unset. [env: RECIPECART_STAFF_TOKEN]")
    var staffToken: String? = Environment.string("RECIPECART_STAFF_TOKEN")

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: RECIPECART_LOG_LEVEL]")
    var logLevel: String = Environment.string("RECIPECART_LOG_LEVEL") ?? "info"

    @Option(help: "Memory in MB for hot static files (both variants); 0 serves every file from disk. [env: RECIPECART_STATIC_CACHE_MB]")
    var staticCacheMb: Int = Environment.int("RECIPECART_STATIC_CACHE_MB") ?? 32

    @Option(help: "Comma-separated IP addresses of reverse proxies whose X-Forwarded-For names the client. [env: RECIPECART_TRUSTED_PROXY]")
    var trustedProxy: String = Environment.string("RECIPECART_TRUSTED_PROXY") ?? ""

    @OptionGroup(title: "Recipe API") var upstream: UpstreamOptions

    func validate() throws {
        try Environment.checkTwins()
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        guard (0...4096).contains(staticCacheMb) else { throw ValidationError("--static-cache-mb must be between 0 and 4096") }
        do {
            _ = try TrustedProxies(parsing: trustedProxy)
        } catch {
            throw ValidationError("\(error)")
        }
        if let staffToken, staffToken.count < 12 {
            throw ValidationError("--staff-token must be at least 12 characters, so it cannot be guessed")
        }
    }

    func run() async throws {
        let config = AppConfig(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: dataDir),
            resourcesDirectory: URL(fileURLWithPath: resourcesDir), secureCookies: secureCookies,
            staffToken: staffToken, upstream: try upstream.settings(), staticCacheBytes: staticCacheMb << 20,
            trustedProxies: try TrustedProxies(parsing: trustedProxy))
        do {
            try await RecipeCart.serve(config, logLevel: Logger.Level(rawValue: logLevel) ?? .info)
        } catch let error as CustomStringConvertible {
            FileHandle.standardError.write(Data("web: cannot start: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}

enum Environment {
    static func string(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func int(_ name: String) -> Int? { string(name).flatMap(Int.init) }

    static let numericVariables = ["RECIPECART_PORT", "RECIPECART_STATIC_CACHE_MB", "RECIPECART_DAILY_CALL_LIMIT"]
    static let booleanVariables = ["RECIPECART_SECURE_COOKIES"]

    /// A set variable that does not parse is an error, never a silent fall back to the default.
    static func checkTwins() throws {
        for name in numericVariables where string(name) != nil && int(name) == nil {
            throw ValidationError("\(name) must be a whole number")
        }
        let booleans = ["1", "true", "yes", "on", "0", "false", "no", "off"]
        for name in booleanVariables where string(name).map({ !booleans.contains($0.lowercased()) }) ?? false {
            throw ValidationError("\(name) must be true or false")
        }
    }

    static func bool(_ name: String) -> Bool? {
        string(name).map { ["1", "true", "yes", "on"].contains($0.lowercased()) }
    }
}
