import Foundation

/// How an edit's steps are stored, in both databases: a JSON array of strings, so an edit moves between the edit,
/// version and undo tables exactly as it was saved.
package enum StepsJSON {
    package static func encode(_ steps: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
    }

    package static func decode(_ json: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(json.utf8))
    }
}
