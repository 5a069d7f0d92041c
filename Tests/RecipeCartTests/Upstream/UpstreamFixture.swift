import Foundation
import RecipeCartDomain

/// The JSON fixtures under `Tests/RecipeCartTests/Fixtures`, found from this file's path
/// (the test target declares no resources).
enum UpstreamFixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// `name` is relative to the fixtures directory, e.g. `themealdb/search.json`.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
        try JSONDecoder().decode(type, from: data(name))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
