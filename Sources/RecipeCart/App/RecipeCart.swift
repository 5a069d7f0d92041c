import Hummingbird
import Logging
import RecipeCartLogging
import RecipeCartServices

/// The entry point the `web` executable calls.
package enum RecipeCart {
    package static func serve(_ config: AppConfig, logLevel: Logger.Level = .info) async throws {
        var logger = Logger(label: "RecipeCart")
        logger.logLevel = logLevel
        // What was logged before a clean stop, or before the error that ends the start, is written before exit.
        defer { ProcessLog.flush() }
        MemoryRelease.mapLargeBlocksApart()
        let app = try await buildApplication(config, logger: logger, requestLines: ProcessLog.requestLines)
        do {
            try await app.runService()
        } catch {
            throw AddressInUse.from(error, config: config) ?? error
        }
    }
}
