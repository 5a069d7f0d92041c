import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `web` executable `swift build` made beside the tests, if any.
enum WebExecutable {
    static let url: URL? = [
        "debug", "x86_64-unknown-linux-gnu/debug", "aarch64-unknown-linux-gnu/debug", "arm64-apple-macosx/debug",
    ]
    .map { TestEnvironment.packageRoot.appendingPathComponent(".build/\($0)/web") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// `web import` as a shopkeeper runs it: the built executable, on a dump of 600 meals.
@Suite(.enabled(if: WebExecutable.url != nil, "the web executable is not built"))
struct ImportCommandTests {

    @Test func sixHundredMealsImportWellUnderTenSecondsAndASecondRunAddsNothing() throws {
        let environment = try TestEnvironment()
        let dump = environment.dataDirectory.appendingPathComponent("dump.json")
        try JSONEncoder().encode(MealDBMealsResponse(meals: Self.meals(600))).write(to: dump)
        let arguments = ["import", "--file", dump.path, "--data-dir", environment.dataDirectory.path]

        let first = try Self.run(arguments)
        #expect(first.status == 0)
        // CPU time, not wall time: the same on a quiet machine, and unmoved by other suites running at once.
        #expect(first.cpuSeconds < 10, "took \(first.cpuSeconds) s of CPU")
        #expect(first.output.contains("100/600 recipes\n"), "plain lines when not on a terminal")
        #expect(!first.output.contains("\r"))
        #expect(first.output.hasSuffix("added 600, updated 0, skipped 0, failed 0\n"))

        let second = try Self.run(arguments)
        #expect(second.status == 0)
        #expect(second.output.hasSuffix("added 0, updated 0, skipped 600, failed 0\n"))
    }

    @Test func aFileThatIsNotADumpIsRefusedWithAMessage() throws {
        let environment = try TestEnvironment()
        let file = environment.dataDirectory.appendingPathComponent("other.json")
        try Data(#"{"hello": "world"}"#.utf8).write(to: file)
        let result = try Self.run(["import", "--file", file.path, "--data-dir", environment.dataDirectory.path])
        #expect(result.status != 0)
        #expect(result.output.contains("not a TheMealDB answer"))
    }

    /// `web import` reads `--data-dir` and the recipe API settings exactly as `web serve` does.
    @Test func theDataDirAndTheRecipeAPISettingsAreReadLikeServesOwn() throws {
        let environment = try TestEnvironment()
        let dump = environment.dataDirectory.appendingPathComponent("dump.json")
        try JSONEncoder().encode(MealDBMealsResponse(meals: Self.meals(3))).write(to: dump)
        let fromEnvironment = environment.dataDirectory.appendingPathComponent("from-environment")

        let imported = try Self.run(
            ["import", "--file", dump.path], environment: ["RECIPECART_DATA_DIR": fromEnvironment.path])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.hasSuffix("added 3, updated 0, skipped 0, failed 0\n"))
        #expect(FileManager.default.fileExists(atPath: fromEnvironment.path))

        let fromFlag = environment.dataDirectory.appendingPathComponent("from-flag")
        let flagWins = try Self.run(
            ["import", "--file", dump.path, "--data-dir", fromFlag.path],
            environment: ["RECIPECART_DATA_DIR": fromEnvironment.path])
        #expect(
            flagWins.output.hasSuffix("added 3, updated 0, skipped 0, failed 0\n"),
            "a fresh database, not the first one")
        #expect(FileManager.default.fileExists(atPath: fromFlag.path))

        let malformed = try Self.run(
            ["import", "--file", dump.path, "--data-dir", fromFlag.path],
            environment: ["RECIPECART_CACHE_TTL": "forever"])
        #expect(malformed.status != 0)
        #expect(malformed.output.contains("RECIPECART_CACHE_TTL must be a duration"), "\(malformed.output)")

        let walkElsewhere = try Self.run(
            ["import", "--all", "--data-dir", fromFlag.path], environment: ["RECIPECART_SOURCE": "bundled"])
        #expect(walkElsewhere.status != 0)
        #expect(
            walkElsewhere.output.contains("--category and --all walk TheMealDB: add --source themealdb"),
            "\(walkElsewhere.output)")
    }

    static func meals(_ count: Int) -> [MealDBMeal] {
        (1...count).map { number in
            MealDBMeal(
                id: String(100_000 + number), name: "Test Meal \(number)",
                category: ["Beef", "Dessert", "Vegan"][number % 3],
                area: "British", instructions: "Chop.\r\nFry for 5 minutes.\r\n\r\nSTEP 3\r\nServe hot.",
                thumbnail: "https://www.themealdb.com/images/media/meals/\(number).jpg", tags: "Quick,Test",
                ingredients: (1...12).map { MealDBIngredient(name: "Ingredient \($0)", measure: "\($0) g") })
        }
    }

    /// Runs the executable with stdout and stderr in one file and `environment` over this process's own, less
    /// any `RECIPECART_…` the test runner was started with; answers its exit status, output and CPU time.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, cpuSeconds: Double
    ) {
        let executable = try #require(WebExecutable.url)
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "web-import-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: outputFile) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let variables =
            ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RECIPECART_") }
            .merging(environment) { _, new in new }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in variables { free(pointer) } }
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, variables)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, try String(contentsOf: outputFile, encoding: .utf8), cpu)
    }
}
