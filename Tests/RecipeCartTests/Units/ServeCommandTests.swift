import Foundation
import Testing

/// `web serve` refuses a malformed environment twin instead of quietly using the default.
@Suite(.enabled(if: WebExecutable.url != nil, "the web executable is not built"))
struct ServeCommandTests {
    @Test(arguments: [
        ("RECIPECART_PORT", "abc", "RECIPECART_PORT must be a whole number"),
        ("RECIPECART_STATIC_CACHE_MB", "lots", "RECIPECART_STATIC_CACHE_MB must be a whole number"),
        ("RECIPECART_DAILY_CALL_LIMIT", "1.5", "RECIPECART_DAILY_CALL_LIMIT must be a whole number"),
        ("RECIPECART_SECURE_COOKIES", "maybe", "RECIPECART_SECURE_COOKIES must be true or false"),
    ])
    func aMalformedEnvironmentTwinStopsTheStart(_ name: String, _ value: String, _ message: String) throws {
        let process = Process()
        process.executableURL = try #require(WebExecutable.url)
        process.arguments = ["serve", "--data-dir", FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID())").path]
        process.environment = ProcessInfo.processInfo.environment.merging([name: value]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains(message), "\(text)")
    }
}
