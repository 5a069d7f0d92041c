import Configuration
import Foundation
import Synchronization

/// Reads settings through one `ConfigReader`, as Hummingbird's template does: the command line, then the
/// `RECIPECART_…` environment, then the setting's default. Every value is read as text and judged by its
/// `Setting`, because `ConfigReader`'s typed getters quietly fall back to the default on a malformed value and its
/// own conversion errors cannot be told apart or reworded; a refusal here names the flag or the variable the
/// operator actually set.
package struct SettingsReader: Sendable {
    private let reader: ConfigReader
    private let answers = AnsweringProviders()
    private let environmentProviderName: String

    /// `commandLine` holds the text given for each setting's `name`. Empty text, there or in the environment, is
    /// unset, so `RECIPECART_STAFF_TOKEN=` in a compose file means no token rather than a token too short.
    package init(commandLine: [String: String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        let given = commandLine.filter { !$0.value.isEmpty }.map { name, text in
            (AbsoluteConfigKey([name]), ConfigValue(.string(text), isSecret: false))
        }
        let environment = EnvironmentVariablesProvider(environmentVariables: environment.filter { !$0.value.isEmpty })
            .prefixKeys(with: "recipecart")
        environmentProviderName = environment.providerName
        reader = ConfigReader(
            providers: [
                InMemoryProvider(name: "command line", values: Dictionary(uniqueKeysWithValues: given)), environment,
            ],
            accessReporter: answers)
    }

    package func callAsFunction<Value>(_ setting: Setting<Value>) throws(SettingError) -> Value {
        let key = ConfigKey([setting.name])
        let text = reader.string(forKey: key, isSecret: setting.isSecret, default: setting.defaultText)
        if let value = setting.reading.parse(text) { return value }
        let source =
            answers.provider(of: AbsoluteConfigKey(key)) == environmentProviderName ? setting.variable : setting.flag
        let given = setting.isSecret ? "" : ", not \"\(text)\""
        throw SettingError(description: "\(source) must be \(setting.reading.expected)\(given)")
    }
}

/// A setting that stops the start, named as the operator wrote it.
package struct SettingError: Error, CustomStringConvertible {
    package let description: String
}

/// swift-configuration's own account of which provider answered each key, so a refusal can say whether the
/// flag or its environment variable held the text.
private final class AnsweringProviders: AccessReporter {
    private let answered = Mutex<[AbsoluteConfigKey: String]>([:])

    func report(_ event: AccessEvent) {
        let provider = event.providerResults.first { (try? $0.result.get().value) != nil }?.providerName
        answered.withLock { $0[event.metadata.key] = provider }
    }

    func provider(of key: AbsoluteConfigKey) -> String? {
        answered.withLock { $0[key] }
    }
}
