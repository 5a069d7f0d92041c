import Hummingbird
import Logging

/// The entry point the `web` executable calls.
public enum RecipeCart {
    public static func serve(_ config: AppConfig, logLevel: Logger.Level = .info) async throws {
        var logger = Logger(label: "RecipeCart")
        logger.logLevel = logLevel
        let app = try await buildApplication(config, logger: logger)
        try await app.runService()
    }
}
