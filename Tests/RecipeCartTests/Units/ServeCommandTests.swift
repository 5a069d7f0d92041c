import Foundation
import Logging
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

/// `web serve` refuses a malformed environment variable instead of quietly using the default.
@Suite(.enabled(if: WebExecutable.url != nil, "the web executable is not built"))
struct ServeCommandTests {
    @Test(arguments: [
        ("RECIPECART_PORT", "abc", "RECIPECART_PORT must be a whole number"),
        ("RECIPECART_STATIC_CACHE_MB", "lots", "RECIPECART_STATIC_CACHE_MB must be a whole number"),
        ("RECIPECART_DAILY_CALL_LIMIT", "1.5", "RECIPECART_DAILY_CALL_LIMIT must be a whole number"),
        ("RECIPECART_SECURE_COOKIES", "maybe", "RECIPECART_SECURE_COOKIES must be true or false"),
    ])
    func aMalformedEnvironmentTwinStopsTheStart(_ name: String, _ value: String, _ message: String) throws {
        let (status, text) = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory()], environment: [name: value])
        #expect(status != 0)
        #expect(text.contains(message), "\(text)")
    }

    /// One setting of each kind, malformed where the operator set it; the refusal names that flag or variable.
    @Test(arguments: [
        (
            "RECIPECART_STATIC_CACHE_MB", "5000", ["--static-cache-mb", "5000"],
            "--static-cache-mb must be a whole number from 0 to 4096"
        ),
        (
            "RECIPECART_METRICS_PORT", "0", ["--metrics-port", "0"],
            "--metrics-port must be a whole number from 1 to 65535"
        ),
        (
            "RECIPECART_SECURE_COOKIES", "maybe", ["--secure-cookies=maybe"],
            "'--secure-cookies' does not take any value"
        ),
        (
            "RECIPECART_UPSTREAM_TIMEOUT", "5 parsecs", ["--upstream-timeout", "5 parsecs"],
            "--upstream-timeout must be a duration"
        ),
        ("RECIPECART_CACHE_TTL", "0", ["--cache-ttl", "0"], "--cache-ttl must be a duration"),
        ("RECIPECART_LOG_LEVEL", "loud", ["--log-level", "loud"], "--log-level must be one of trace, debug, info"),
        (
            "RECIPECART_SOURCE", "cookbook", ["--source", "cookbook"],
            "--source must be one of bundled, themealdb, spoonacular"
        ),
        (
            "RECIPECART_TRUSTED_PROXY", "127.0.0.1,proxy.local", ["--trusted-proxy", "127.0.0.1,proxy.local"],
            "--trusted-proxy must be comma-separated IP addresses"
        ),
        (
            "RECIPECART_ORDER_WARN_AFTER", "0s", ["--order-warn-after", "0s"],
            "--order-warn-after must be a duration longer than zero"
        ),
        (
            "RECIPECART_ORDER_LATE_AFTER", "soon", ["--order-late-after", "soon"],
            "--order-late-after must be a duration longer than zero"
        ),
        (
            "RECIPECART_CONNECTION_TIMEOUT", "500ms", ["--connection-timeout", "500ms"],
            "--connection-timeout must be a duration from 1s to 10m"
        ),
        (
            "RECIPECART_MAX_CONNECTIONS", "0", ["--max-connections", "0"],
            "--max-connections must be a whole number from 1 to 1000000"
        ),
        ("RECIPECART_CURRENCY", "EURO", ["--currency", "EURO"], "--currency must be an ISO 4217 currency code"),
        ("RECIPECART_CURRENCY", "XYZ", ["--currency", "XYZ"], "--currency must be an ISO 4217 currency code"),
    ])
    func aMalformedValueStopsTheStartNamingTheFlagOrTheVariable(
        _ variable: String, _ value: String, _ flag: [String], _ flagMessage: String
    ) throws {
        let fromEnvironment = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory()], environment: [variable: value])
        #expect(fromEnvironment.status != 0)
        #expect(fromEnvironment.output.contains("\(variable) must be "), "\(fromEnvironment.output)")

        let fromCommandLine = try Self.web(["serve", "--data-dir", Self.unusedDataDirectory()] + flag)
        #expect(fromCommandLine.status != 0)
        #expect(fromCommandLine.output.contains(flagMessage), "\(fromCommandLine.output)")
        #expect(!fromCommandLine.output.contains(variable), "the flag, not its environment variable, was malformed")
    }

    @Test func aLateLimitNotAfterTheWarningStopsTheStart() throws {
        let result = try Self.web([
            "serve", "--data-dir", Self.unusedDataDirectory(), "--order-warn-after", "10m", "--order-late-after", "5m",
        ])
        #expect(result.status != 0)
        #expect(result.output.contains("--order-late-after must be longer than --order-warn-after"), "\(result.output)")
    }

    @Test func aValidFlagOverridesAMalformedTwinAndAMalformedFlagIsNamedOverAValidTwin() throws {
        let overridden = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory(), "--port", "8080", "--log-level", "loud"],
            environment: ["RECIPECART_PORT": "abc"])
        #expect(
            overridden.output.contains("--log-level must be one of"),
            "the start got past the port: \(overridden.output)")
        #expect(!overridden.output.contains("RECIPECART_PORT"))

        let named = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory(), "--port", "abc"],
            environment: ["RECIPECART_PORT": "8080"])
        #expect(named.status != 0)
        #expect(named.output.contains("--port must be a whole number"), "\(named.output)")
    }

    @Test func theSpoonacularKeyIsNeverPrintedEvenWhenTheStartStops() throws {
        let key = "spoon-secret-\(UUID().uuidString)"
        let result = try Self.web(
            [
                "serve", "--data-dir", Self.unusedDataDirectory(), "--source", "spoonacular", "--upstream-timeout",
                "soon",
            ],
            environment: ["RECIPECART_API_KEY": key])
        #expect(result.status != 0)
        #expect(result.output.contains("--upstream-timeout must be a duration"), "\(result.output)")
        #expect(!result.output.contains(key))

        let withoutKey = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory(), "--source", "spoonacular"],
            environment: ["RECIPECART_API_KEY": ""])
        #expect(withoutKey.status != 0)
        #expect(
            withoutKey.output.contains("--source spoonacular needs an API key: set RECIPECART_API_KEY"),
            "\(withoutKey.output)")
    }

    @Test func aShortStaffTokenIsRefusedWithoutRepeatingIt() throws {
        let result = try Self.web(
            ["serve", "--data-dir", Self.unusedDataDirectory()], environment: ["RECIPECART_STAFF_TOKEN": "hunter2"])
        #expect(result.status != 0)
        #expect(result.output.contains("RECIPECART_STAFF_TOKEN must be at least 12 characters"), "\(result.output)")
        #expect(!result.output.contains("hunter2"))
    }

    /// A database URL that cannot be used or reached stops the start, naming why and never the password; there is
    /// no quiet fallback to SQLite.
    @Test(arguments: [
        ("mysql://shop:s3cret-pw@127.0.0.1/recipes", "--database-url cannot be used: it must look like postgres://"),
        ("postgres://127.0.0.1/recipes", "--database-url cannot be used: it names no user"),
        ("postgres://shop:s3cret-pw@127.0.0.1:5432", "--database-url cannot be used: it names no database"),
        (
            "postgres://shop:s3cret-pw@127.0.0.1:5432/recipes?sslmode=sometimes",
            "sslmode must be disable, prefer or require"
        ),
        (
            "postgres://shop:s3cret-pw@127.0.0.1:1/recipes?sslmode=disable",
            "cannot use the PostgreSQL database at postgres://shop@127.0.0.1:1/recipes"
        ),
    ])
    func anUnusableDatabaseURLStopsTheStart(url: String, message: String) throws {
        let directory = Self.unusedDataDirectory()
        let result = try Self.web(["serve", "--data-dir", directory], environment: ["RECIPECART_DATABASE_URL": url])
        #expect(result.status != 0)
        #expect(result.output.contains(message), "\(result.output)")
        #expect(!result.output.contains("s3cret-pw"))
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/\(SQLiteDatabase.fileName)"))
        let imported = try Self.web([
            "import", "--data-dir", directory, "--file", "/nonexistent.json", "--database-url", url,
        ])
        #expect(imported.status != 0)
        #expect(imported.output.contains(message), "\(imported.output)")
    }

    /// `--help` lists every option of the README's Configuration table, with its environment variable and, where it is a value,
    /// the same default.
    @Test func helpListsEveryOptionOfTheREADMEWithItsVariableAndDefault() throws {
        let output = try Self.web(["serve", "--help"]).output
        let help = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let rows = try Self.readmeConfigurationRows()
        #expect(rows.count == 26)
        // And the other way round: no option --help lists (a line starting `  --flag <value>` or `  --on/--off`; its
        // description's wrapped lines start further in) is left out of the README's table.
        let options = output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            let option = line.dropFirst(2).prefix { !$0.isWhitespace && $0 != "/" }
            return option != "--help" ? String(option) : nil
        }
        #expect(options.count >= 25)
        #expect(Set(options).subtracting(rows.map(\.flag)).isEmpty, "--help has settings the README lacks")
        for row in rows {
            #expect(help.contains(row.flag), "\(row.flag) is missing from --help")
            #expect(help.contains("[env: \(row.variable)]"), "\(row.variable) is missing from --help")
            if let value = row.defaultValue {
                #expect(
                    help.contains("\(row.flag) ") && help.contains("(default: \(value)) [env: \(row.variable)]"),
                    "\(row.flag)")
            }
        }
        let importHelp = try Self.web(["import", "--help"]).output
        for flag in [
            "--data-dir", "--database-url", "--source", "--upstream-url", "--api-key", "--daily-call-limit",
            "--upstream-timeout", "--cache-ttl",
        ] {
            #expect(importHelp.contains(flag), "\(flag) is missing from `web import --help`")
        }
    }

    /// Runs the built executable with `environment` over this process's own, less any `RECIPECART_…` the test
    /// runner was started with; answers its exit status and its stdout and stderr together.
    static func web(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let executable = try #require(WebExecutable.url)
        let finished = try ChildProcess.run(
            executable.path, arguments,
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RECIPECART_") }.merging(
                environment
            ) { _, new in new })
        return (finished.status, finished.text)
    }

    static func unusedDataDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID())").path
    }

    /// The flag, the variable and, when it is a value in backticks, the default of each row.
    static func readmeConfigurationRows() throws -> [(flag: String, variable: String, defaultValue: String?)] {
        let readme = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "## Configuration").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`--") else { return nil }
            let unquoted = { (cell: String) in cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            let isValue = cells[2].hasPrefix("`") && cells[2].hasSuffix("`") && !cells[2].dropFirst().contains("`")
            return (unquoted(cells[0]), unquoted(cells[1]), isValue ? unquoted(cells[2]) : nil)
        }
    }
}

/// `AppConfig` read as `web serve` reads it: the command line, then the environment, then the defaults.
@Suite struct ServeSettingsTests {
    @Test func withNothingSetEverySettingIsItsDefault() throws {
        let settings = SettingsReader(commandLine: [:], environment: [:])
        let config = try AppConfig(reading: settings)
        #expect(config.host == "127.0.0.1")
        #expect(config.port == 8080)
        #expect(config.dataDirectory.path == URL(fileURLWithPath: "./data").path)
        #expect(config.resourcesDirectory.path == URL(fileURLWithPath: ".").path)
        #expect(config.secureCookies == false)
        #expect(config.staffToken == nil)
        #expect(config.staticCacheBytes == 32 << 20)
        #expect(config.trustedProxies == .none)
        #expect(try settings(Settings.logLevel) == .info)
        #expect(config.upstream.source == .bundled)
        #expect(config.upstream.baseURL == nil)
        #expect(config.upstream.apiKey == nil)
        #expect(config.upstream.dailyCallLimit == nil)
        #expect(config.upstream.timeout == 5)
        #expect(config.upstream.cacheTTL == 86400)
        #expect(config.connectionTimeout == 30)
        #expect(config.requestGuardTimings == .standard)

        let defaults = AppConfig()
        #expect(
            defaults.host == config.host && defaults.port == config.port
                && defaults.staticCacheBytes == config.staticCacheBytes)
        #expect(
            defaults.dataDirectory.path == config.dataDirectory.path && defaults.secureCookies == config.secureCookies)
    }

    @Test func theCommandLineBeatsTheEnvironmentWhichBeatsTheDefault() throws {
        let environment = [
            "RECIPECART_HOST": "0.0.0.0", "RECIPECART_PORT": "9090", "RECIPECART_SECURE_COOKIES": "on",
            "RECIPECART_STATIC_CACHE_MB": "8", "RECIPECART_TRUSTED_PROXY": "10.0.0.1, ::1",
            "RECIPECART_LOG_LEVEL": "debug",
            "RECIPECART_STAFF_TOKEN": "from-the-environment",
        ]
        let fromEnvironment = try AppConfig(reading: SettingsReader(commandLine: [:], environment: environment))
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9090)
        #expect(fromEnvironment.secureCookies)
        #expect(fromEnvironment.staticCacheBytes == 8 << 20)
        #expect(fromEnvironment.trustedProxies == (try TrustedProxies(parsing: "::1,10.0.0.1")))
        #expect(fromEnvironment.staffToken == "from-the-environment")

        let commandLine = [
            "port": "8081", "secure-cookies": "false", "static-cache-mb": "0", "trusted-proxy": "127.0.0.1",
            "log-level": "error",
        ]
        let settings = SettingsReader(commandLine: commandLine, environment: environment)
        let fromCommandLine = try AppConfig(reading: settings)
        #expect(
            fromCommandLine.host == "0.0.0.0",
            "a setting the command line leaves alone still comes from the environment")
        #expect(fromCommandLine.port == 8081)
        #expect(!fromCommandLine.secureCookies)
        #expect(fromCommandLine.staticCacheBytes == 0)
        #expect(fromCommandLine.trustedProxies == (try TrustedProxies(parsing: "127.0.0.1")))
        #expect(try settings(Settings.logLevel) == .error)
    }

    /// `RECIPECART_STAFF_TOKEN=` in a compose file is no token, not a token too short.
    @Test func anEmptyValueIsUnset() throws {
        let config = try AppConfig(
            reading: SettingsReader(
                commandLine: ["host": ""],
                environment: ["RECIPECART_STAFF_TOKEN": "", "RECIPECART_PORT": "", "RECIPECART_HOST": "::1"]))
        #expect(config.staffToken == nil)
        #expect(config.port == 8080)
        #expect(config.host == "::1")
    }

    @Test(arguments: ["1", "true", "YES", "on"], ["0", "false", "No", "OFF"])
    func switchesReadTheUsualWordsForOnAndOff(_ on: String, _ off: String) throws {
        #expect(
            try SettingsReader(commandLine: [:], environment: ["RECIPECART_SECURE_COOKIES": on])(Settings.secureCookies)
        )
        #expect(
            try !SettingsReader(commandLine: [:], environment: ["RECIPECART_SECURE_COOKIES": off])(
                Settings.secureCookies))
    }

    /// Each kind of setting, malformed in the environment and then on the command line: the refusal names where.
    @Test(arguments: [
        ("port", "abc", "8080", "must be a whole number from 1 to 65535, not \"abc\""),
        ("static-cache-mb", "4097", "16", "must be a whole number from 0 to 4096, not \"4097\""),
        ("secure-cookies", "maybe", "on", "must be true or false, not \"maybe\""),
        (
            "log-level", "loud", "debug",
            "must be one of trace, debug, info, notice, warning, error, critical, not \"loud\""
        ),
        ("trusted-proxy", "10.0.0.0/8", "10.0.0.1", "must be comma-separated IP addresses, not \"10.0.0.0/8\""),
        ("staff-token", "short", "long-enough-token", "must be at least 12 characters, so it cannot be guessed"),
    ])
    func aMalformedValueIsRefusedNamingWhereItWasSet(
        _ name: String, _ text: String, _ valid: String, _ expected: String
    ) throws {
        let variable = "RECIPECART_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        let fromEnvironment = SettingsReader(commandLine: [:], environment: [variable: text])
        let environmentError = #expect(throws: SettingError.self) {
            _ = try AppConfig(reading: fromEnvironment)
            _ = try fromEnvironment(Settings.logLevel)
        }
        #expect(environmentError?.description == "\(variable) \(expected)")

        let fromCommandLine = SettingsReader(commandLine: [name: text], environment: [variable: valid])
        let commandLineError = #expect(throws: SettingError.self) {
            _ = try AppConfig(reading: fromCommandLine)
            _ = try fromCommandLine(Settings.logLevel)
        }
        #expect(commandLineError?.description == "--\(name) \(expected)")
    }
    /// The reliability suite's test-sized connection timeout, and what is refused: nothing under a second (a check
    /// every few milliseconds), nothing over ten minutes, nothing that is not a duration.
    @Test func theConnectionTimeoutSetsTheRequestGuardsLimits() throws {
        let config = try AppConfig(
            reading: SettingsReader(commandLine: [:], environment: ["RECIPECART_CONNECTION_TIMEOUT": "3s"]))
        #expect(config.connectionTimeout == 3)
        #expect(config.requestGuardTimings == RequestGuardTimings(connectionTimeout: .seconds(3)))
        #expect(
            try AppConfig(reading: SettingsReader(commandLine: ["connection-timeout": "10m"], environment: [:]))
                .connectionTimeout == 600)
        for text in ["0s", "999ms", "-3s", "11m", "1h", "soon", "3 s x"] {
            let error = #expect(throws: SettingError.self) {
                _ = try AppConfig(reading: SettingsReader(commandLine: ["connection-timeout": text], environment: [:]))
            }
            #expect(
                error?.description
                    == "--connection-timeout must be a duration from 1s to 10m, such as 30s, not \"\(text)\"")
        }
    }

    /// A delivery partner needs its address and its secret together; the secret is never repeated, even when it is
    /// the malformed one.
    @Test func aPartnerNeedsItsAddressAndSecretTogether() throws {
        let secret = "whsec_" + Data(repeating: 7, count: 24).base64EncodedString()
        let neither = try AppConfig(reading: SettingsReader(commandLine: [:], environment: [:]))
        #expect(neither.partner == nil)
        for url in ["https://partner.example/events", "http://127.0.0.1:9900/events", "http://[::1]:9900/events"] {
            let both = try AppConfig(
                reading: SettingsReader(
                    commandLine: ["partner-url": url], environment: ["RECIPECART_PARTNER_SECRET": secret]))
            #expect(both.partner?.url.absoluteString == url)
            #expect(both.partner?.secret == WebhookSecret(secret))
        }
        let refusals: [([String: String], [String: String], String)] = [
            (
                ["partner-url": "http://partner.example/events"], ["RECIPECART_PARTNER_SECRET": secret],
                "--partner-url must be an https address, or http to a loopback address"
            ),
            (
                [:], ["RECIPECART_PARTNER_URL": "ftp://partner.example/", "RECIPECART_PARTNER_SECRET": secret],
                "RECIPECART_PARTNER_URL must be an https address"
            ),
            (
                ["partner-url": "https://partner.example/events"], [:],
                "--partner-url needs RECIPECART_PARTNER_SECRET (or --partner-secret) too"
            ),
            ([:], ["RECIPECART_PARTNER_SECRET": secret], "--partner-secret needs --partner-url"),
            (
                ["partner-url": "https://partner.example/events"], ["RECIPECART_PARTNER_SECRET": "whsec_s3cret-but-no"],
                "RECIPECART_PARTNER_SECRET must be whsec_ followed by the base64 of 16 to 64 bytes"
            ),
            (
                ["partner-url": "https://partner.example/events", "partner-secret": "s3cret-but-no"], [:],
                "--partner-secret must be whsec_"
            ),
        ]
        for (commandLine, environment, message) in refusals {
            let error = #expect(throws: SettingError.self) {
                _ = try AppConfig(reading: SettingsReader(commandLine: commandLine, environment: environment))
            }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
            #expect(error?.description.contains("s3cret") == false)
            #expect(error?.description.contains(secret) == false)
        }
    }
}
