import Foundation

/// Everything `web serve` can be told, each with a `RECIPECART_…` environment twin.
public struct AppConfig: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: URL
    /// Where `Templates/` and `Public/` are read from.
    public var resourcesDirectory: URL
    public var secureCookies: Bool
    /// The token staff sign in with; a random one is made (and its sign-in URL logged) when nil.
    public var staffToken: String?
    /// The recipe API behind the cache (`--source` and friends); the bundled catalog alone by default.
    public var upstream: UpstreamSettings
    /// Memory for hot static files, both variants (`--static-cache-mb`).
    public var staticCacheBytes: Int
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    public var trustedProxies: TrustedProxies

    public init(
        host: String = "127.0.0.1", port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: "data"),
        resourcesDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        secureCookies: Bool = false, staffToken: String? = nil, upstream: UpstreamSettings = UpstreamSettings(),
        staticCacheBytes: Int = 32 << 20, trustedProxies: TrustedProxies = .none
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.resourcesDirectory = resourcesDirectory
        self.secureCookies = secureCookies
        self.staffToken = staffToken
        self.upstream = upstream
        self.staticCacheBytes = staticCacheBytes
        self.trustedProxies = trustedProxies
    }

    /// Uploaded pictures and the upstream image cache, served under `/images/`.
    var imagesDirectory: URL { dataDirectory.appendingPathComponent("images") }
    var templatesDirectory: URL { resourcesDirectory.appendingPathComponent("Templates") }
    var publicDirectory: URL { resourcesDirectory.appendingPathComponent("Public") }
}
