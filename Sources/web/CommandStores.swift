import ArgumentParser
import Foundation
import Logging
import RecipeCart
import RecipeCartStorage

/// The stores a command (`web import`, `web products import`) works on, opened as `web serve` opens them: a database
/// that cannot be opened stops the command with the reason.
enum CommandStores {
    static func open(_ settings: SettingsReader) async throws -> Stores {
        var logger = Logger(label: "RecipeCart")
        logger.logLevel = .warning
        do {
            return try await Stores.open(
                databaseURL: try settings(Settings.databaseURL),
                dataDirectory: URL(fileURLWithPath: try settings(Settings.dataDir)), clock: .system, logger: logger)
        } catch let error as CustomStringConvertible {
            FileHandle.standardError.write(Data("web: cannot import: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}
