import ArgumentParser
import Foundation
import Logging
import RecipeCart
import RecipeCartDomain
import RecipeCartLogging

@main
struct Web: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "RecipeCart, a recipe shop on the web.",
        subcommands: [Serve.self, Import.self, Products.self],
        defaultSubcommand: Serve.self)
}

/// `web serve`: every option also reads its `RECIPECART_…` environment variable.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the shop over HTTP.")

    @Option(Settings.host) var host: String?
    @Option(Settings.port) var port: String?
    @Option(Settings.dataDir) var dataDir: String?
    @Option(Settings.databaseURL) var databaseURL: String?
    @Option(Settings.metricsPort) var metricsPort: String?
    @Option(Settings.resourcesDir) var resourcesDir: String?
    @Flag(Settings.secureCookies) var secureCookies: Bool?
    @Option(Settings.staffToken) var staffToken: String?
    @Option(Settings.logLevel) var logLevel: String?
    @Option(Settings.staticCacheMB) var staticCacheMB: String?
    @Option(Settings.trustedProxy) var trustedProxy: String?
    @Option(Settings.connectionTimeout) var connectionTimeout: String?
    @Option(Settings.maxConnections) var maxConnections: String?
    @Option(Settings.currency) var currency: String?
    @Option(Settings.timeZone) var timeZone: String?
    @Option(Settings.orderWarnAfter) var orderWarnAfter: String?
    @Option(Settings.orderLateAfter) var orderLateAfter: String?
    @Option(Settings.closeMatchPriceRise) var closeMatchPriceRise: String?
    @Option(Settings.partnerURL) var partnerURL: String?
    @Option(Settings.partnerSecret) var partnerSecret: String?

    @OptionGroup(title: "Recipe API") var upstream: UpstreamOptions

    /// The flags given, then their `RECIPECART_…` environment variables, then the defaults.
    var settings: SettingsReader {
        SettingsReader(
            commandLine: upstream.given.merging(
                [
                    Settings.host.name: host, Settings.port.name: port, Settings.dataDir.name: dataDir,
                    Settings.databaseURL.name: databaseURL, Settings.metricsPort.name: metricsPort,
                    Settings.resourcesDir.name: resourcesDir,
                    Settings.secureCookies.name: secureCookies.map { String($0) },
                    Settings.staffToken.name: staffToken, Settings.logLevel.name: logLevel,
                    Settings.staticCacheMB.name: staticCacheMB, Settings.trustedProxy.name: trustedProxy,
                    Settings.connectionTimeout.name: connectionTimeout, Settings.maxConnections.name: maxConnections,
                    Settings.currency.name: currency, Settings.timeZone.name: timeZone,
                    Settings.orderWarnAfter.name: orderWarnAfter, Settings.orderLateAfter.name: orderLateAfter,
                    Settings.closeMatchPriceRise.name: closeMatchPriceRise,
                    Settings.partnerURL.name: partnerURL, Settings.partnerSecret.name: partnerSecret,
                ].compactMapValues { $0 }
            ) { $1 })
    }

    func run() async throws {
        ProcessLog.bootstrap()
        let settings = self.settings
        let config = try AppConfig(reading: settings)
        let logLevel = try settings(Settings.logLevel)
        do {
            try await RecipeCart.serve(config, logLevel: logLevel)
        } catch let error as CustomStringConvertible {
            FileHandle.standardError.write(Data("web: cannot start: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}
