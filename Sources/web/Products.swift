import ArgumentParser
import Foundation
import RecipeCart
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage

/// `web products …`: the shop's shelf.
struct Products: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The shop's products: import them from the till.", subcommands: [ProductsImport.self])
}

/// `web products import --file FILE`: a till's product CSV into the data dir's database.
struct ProductsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import products from a till's CSV: Square, Shopify or the plain format.",
        discussion: """
            The format is recognised by the file's header, or named with --format square|shopify|plain.
            Products are added or updated by SKU; running it again changes only what changed.
            A file with any refused row changes nothing, unless --skip-bad applies the other rows.
            Prices are read in --currency (EUR unless set).
            """)

    @Option(Settings.dataDir) var dataDir: String?
    @Option(Settings.databaseURL) var databaseURL: String?
    @Option(Settings.currency) var currency: String?

    @Option(help: "The CSV file to import (20 MB at most).")
    var file: String

    @Option(help: "square, shopify or plain; recognised from the header when left out.")
    var format: String?

    @Flag(help: "Apply the good rows and list the refused ones, instead of refusing the whole file.")
    var skipBad = false

    /// The most refused rows printed one by one.
    static let refusalsShown = 50

    var settings: SettingsReader {
        SettingsReader(
            commandLine: [
                Settings.dataDir.name: dataDir, Settings.databaseURL.name: databaseURL,
                Settings.currency.name: currency,
            ].compactMapValues { $0 })
    }

    func validate() throws {
        if let format, TillFormat(name: format) == nil {
            throw ValidationError("--format must be one of square, shopify or plain")
        }
    }

    func run() async throws {
        let settings = self.settings
        let currency = try settings(Settings.currency)
        let bytes = try Self.read(file)
        let stores = try await CommandStores.open(settings)
        defer { stores.close() }
        let importer = ProductImporter(products: stores.products, currency: currency)
        let outcome: ProductImporter.Outcome
        do {
            outcome = try await importer.run(
                bytes: bytes, format: format.flatMap(TillFormat.init(name:)), skipBad: skipBad,
                progress: ProgressPrinter(isTerminal: isatty(STDOUT_FILENO) == 1))
        } catch let refusal as ProductFileRefusal {
            throw ValidationError("\(file): \(refusal.description)")
        }
        for refused in outcome.refused.prefix(Self.refusalsShown) { print("refused \(refused)") }
        if outcome.refused.count > Self.refusalsShown {
            print("… and \(outcome.refused.count - Self.refusalsShown) more refused rows")
        }
        print(outcome.summary)
        if !outcome.isApplied { throw ExitCode.failure }
    }

    /// The file's bytes, refused by its size before it is read.
    private static func read(_ path: String) throws -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw ValidationError("\(path): no such file") }
        do {
            try ProductFile.checkSize(byteCount: size)
        } catch {
            throw ValidationError("\(path): \(error.description)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): the file cannot be read")
        }
        return [UInt8](data)
    }
}
