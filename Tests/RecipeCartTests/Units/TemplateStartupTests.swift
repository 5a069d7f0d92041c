import Foundation
import Testing

@testable import RecipeCart

@Suite struct TemplateStartupTests {
    func copyOfTemplates() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: TestEnvironment.packageRoot.appendingPathComponent("Templates"), to: directory)
        return directory
    }

    @Test func aMissingTemplateStopsTheStartNamingIt() async throws {
        let directory = try copyOfTemplates()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("cart.mustache"))
        await #expect {
            _ = try await PageRenderer(templatesDirectory: directory)
        } throws: { error in
            "\(error)".contains("cart.mustache")
        }
    }

    @Test func aBrokenTemplateStopsTheStartNamingIt() async throws {
        let directory = try copyOfTemplates()
        try "{{#chrome}}never closed".write(
            to: directory.appendingPathComponent("error.mustache"), atomically: true, encoding: .utf8)
        await #expect {
            _ = try await PageRenderer(templatesDirectory: directory)
        } throws: { error in
            "\(error)".contains("error")
        }
    }

    @Test func aMissingDirectoryStopsTheStart() async throws {
        await #expect {
            _ = try await PageRenderer(templatesDirectory: URL(fileURLWithPath: "/nonexistent/Templates"))
        } throws: { error in
            "\(error)".contains("/nonexistent/Templates")
        }
    }
}
