import Foundation

/// Everything `web serve` can be told, each with a `RECIPECART_…` environment twin.
public struct AppConfig: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: URL
    /// Where `Templates/` and `Public/` are read from.
    public var resourcesDirectory: URL
    public var secureCookies: Bool

    public init(
        host: String = "127.0.0.1", port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: "data"),
        resourcesDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        secureCookies: Bool = false
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.resourcesDirectory = resourcesDirectory
        self.secureCookies = secureCookies
    }

    /// Uploaded pictures and the upstream image cache, served under `/images/`.
    var imagesDirectory: URL { dataDirectory.appendingPathComponent("images") }
    var templatesDirectory: URL { resourcesDirectory.appendingPathComponent("Templates") }
    var publicDirectory: URL { resourcesDirectory.appendingPathComponent("Public") }
}
