import ArgumentParser
import Foundation
import Logging
import RecipeCart
import RecipeCartStorage
import RecipeCartUpstream

/// `web import`: recipes from a JSON dump, or from walking TheMealDB, into the data dir's database.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import recipes from a JSON dump or from TheMealDB.",
        discussion: """
            --file accepts TheMealDB's {"meals": […]}, a JSON array of meals, or Spoonacular's {"results": […]}.
            --source themealdb --category Dessert imports one category, each meal looked up in full;
            --source themealdb --all imports every meal, via search.php?f=a…z.

            Running it again updates what changed and skips the rest; a walk that stopped resumes.
            Pictures are fetched later, in the background, by `web serve` with an API source.
            """)

    @Option(Settings.dataDir) var dataDir: String?
    @Option(Settings.databaseURL) var databaseURL: String?

    @Option(help: "A JSON dump to import.")
    var file: String?

    @Option(help: "With --source themealdb: import this category (as TheMealDB spells it, e.g. Dessert).")
    var category: String?

    @Flag(help: "With --source themealdb: import every meal, a letter at a time.")
    var all = false

    @OptionGroup var upstream: UpstreamOptions

    /// The flags given, then their `RECIPECART_…` environment variables, then the defaults.
    var settings: SettingsReader {
        var given = upstream.given
        given[Settings.dataDir.name] = dataDir
        given[Settings.databaseURL.name] = databaseURL
        return SettingsReader(commandLine: given)
    }

    func validate() throws {
        let modes = [file != nil, category != nil, all].filter { $0 }.count
        guard modes == 1 else { throw ValidationError("choose one of --file PATH, --category NAME or --all") }
        if file == nil, try settings(Settings.source) != .themealdb {
            throw ValidationError("--category and --all walk TheMealDB: add \(Settings.source.flag) themealdb")
        }
    }

    func run() async throws {
        let settings = self.settings
        let upstreamSettings = try UpstreamSettings(reading: settings)
        var logger = Logger(label: "RecipeCart")
        logger.logLevel = .warning
        let stores = try await CommandStores.open(settings)
        defer { stores.close() }
        let importer = RecipeImporter(stores: stores, progress: ProgressPrinter(isTerminal: isatty(STDOUT_FILENO) == 1))
        let report: ImportReport
        do {
            if let file {
                report = try await importer.importFile(URL(fileURLWithPath: file))
            } else {
                report = try await importer.walk(
                    category.map { .category($0) } ?? .all, settings: upstreamSettings, logger: logger)
            }
        } catch let error as ImportError {
            throw ValidationError(error.description)
        }
        print(report.summary)
        if report.stoppedBecause != nil { throw ExitCode(1) }
    }
}

/// A bar redrawn in place on a terminal; a plain line a step otherwise, for logs and pipes.
struct ProgressPrinter: ImportProgress {
    static let width = 30

    let isTerminal: Bool

    func advance(done: Int, total: Int, label: String) {
        guard isTerminal else {
            print("\(done)/\(total) \(label)")
            return
        }
        let filled = total > 0 ? Self.width * min(done, total) / total : Self.width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        // \r returns to the line start, ESC[K clears what a longer label left behind.
        let line = "\r[\(bar)] \(done)/\(total) \(label)\u{1B}[K" + (done >= total ? "\n" : "")
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}
