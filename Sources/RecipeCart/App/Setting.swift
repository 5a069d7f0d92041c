import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartUpstream

/// One thing `web` can be told. `name` is both the flag (`--name`) and, in capitals, the environment variable (`RECIPECART_NAME`);
/// the default is text, read exactly as given text is; `reading` is the only judge of that text, wherever it came
/// from, so the command line, the environment and the default can never disagree about what a value means.
package struct Setting<Value: Sendable>: Sendable {
    package let name: String
    let summary: String
    /// The placeholder `--help` shows (`<port>`); nil for a switch, given as `--name` or `--no-name`.
    package let valueName: String?
    /// Read when neither the command line nor the environment says anything; empty text means unset.
    let defaultText: String
    /// What `--help` calls the default where its text would say nothing: "random", "none".
    let defaultNote: String?
    /// Never repeated in a refusal, and marked secret to swift-configuration, whose access log redacts it.
    let isSecret: Bool
    let reading: Reading<Value>

    init(
        _ name: String, _ summary: String, valueName: String?, default defaultText: String,
        note defaultNote: String? = nil,
        isSecret: Bool = false, reading: Reading<Value>
    ) {
        self.name = name
        self.summary = summary
        self.valueName = valueName
        self.defaultText = defaultText
        self.defaultNote = defaultNote
        self.isSecret = isSecret
        self.reading = reading
    }

    package var flag: String { "--\(name)" }
    /// The name swift-configuration's environment provider looks up for the key `recipecart.<name>`.
    package var variable: String { "RECIPECART_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
    /// The line `--help` shows: what the setting does, its default and its environment variable.
    package var help: String { "\(summary) (default: \(defaultNote ?? defaultText)) [env: \(variable)]" }

    /// The value when nothing is set. A test reads every default, so a default that does not read never ships.
    package var defaultValue: Value {
        guard let value = reading.parse(defaultText) else {
            preconditionFailure("the default of \(flag) does not read")
        }
        return value
    }
}

/// How a setting's text becomes its value, and what a refusal says the text must be.
struct Reading<Value: Sendable>: Sendable {
    let expected: String
    let parse: @Sendable (String) -> Value?

    /// Unset unless given: the empty default reads as nil, anything else as `self` reads it.
    var optional: Reading<Value?> {
        let parse = parse
        return Reading<Value?>(expected: expected) { text in text.isEmpty ? .some(nil) : parse(text).map { .some($0) } }
    }
}

extension Reading<String> {
    static let text = Reading(expected: "some text") { $0 }

    static func text(atLeast count: Int, because reason: String) -> Reading {
        Reading(expected: "at least \(count) characters, \(reason)") { $0.count >= count ? $0 : nil }
    }
}

extension Reading<Int> {
    static func wholeNumber(_ range: ClosedRange<Int>) -> Reading {
        let bounds =
            range.upperBound == .max
            ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        return Reading(expected: "a whole number \(bounds)") { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}

extension Reading<Bool> {
    static let onOff = Reading(expected: "true or false") { text in
        switch text.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }
}

extension Reading<TimeInterval> {
    static let duration = Reading(
        expected: "a duration such as 500ms, 5s, 30m, 24h or 7d", parse: UpstreamSettings.seconds(from:))
    static func duration(from shortest: TimeInterval, to longest: TimeInterval, as bounds: String) -> Reading {
        Reading(expected: "a duration \(bounds), such as 30s") { text in
            UpstreamSettings.seconds(from: text).flatMap { (shortest...longest).contains($0) ? $0 : nil }
        }
    }
    static let positiveDuration = Reading(expected: "a duration longer than zero, such as 90s, 5m or 1h") { text in
        UpstreamSettings.seconds(from: text).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension Reading where Value: CaseIterable & RawRepresentable<String> {
    static var choice: Reading {
        Reading(expected: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", ")) {
            Value(rawValue: $0.lowercased())
        }
    }
}

extension Reading<URL> {
    static let webAddress = Reading(expected: "an http(s) address, e.g. https://www.themealdb.com/api/json/v1/1/") {
        text in
        URL(string: text).flatMap {
            ["http", "https"].contains($0.scheme?.lowercased() ?? "") && $0.host != nil ? $0 : nil
        }
    }
}

extension Reading<URL> {
    /// `https`, or plain `http` to this machine only (a stand-in partner): events carry shoppers' orders.
    static let partnerAddress = Reading(
        expected: "an https address, or http to a loopback address (127.0.0.1, ::1, localhost)"
    ) { text in
        guard let url = URL(string: text), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        switch url.scheme?.lowercased() {
        case "https": return url
        case "http": return ["localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.") ? url : nil
        default: return nil
        }
    }
}

extension Reading<Currency> {
    static let currency = Reading(expected: "an ISO 4217 currency code such as EUR, GBP or USD") {
        Currency(validCode: $0.uppercased())
    }
}

extension Reading<TimeZone> {
    /// An IANA name the system knows (`Europe/Dublin`, `UTC`); nothing given is the machine's own zone.
    static let timeZone = Reading(expected: "an IANA time zone name such as Europe/Dublin, America/New_York or UTC") {
        text in
        guard !text.isEmpty else { return TimeZone.current }
        guard text.utf8.count <= 64, text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 }),
            TimeZone.knownTimeZoneIdentifiers.contains(text) || ["UTC", "GMT"].contains(text)
        else { return nil }
        return TimeZone(identifier: text)
    }
}

extension Reading<WebhookSecret> {
    static let webhookSecret = Reading(expected: "whsec_ followed by the base64 of 16 to 64 bytes") {
        WebhookSecret($0)
    }
}

extension Reading<TrustedProxies> {
    static let addresses = Reading(expected: "comma-separated IP addresses") { try? TrustedProxies(parsing: $0) }
}
