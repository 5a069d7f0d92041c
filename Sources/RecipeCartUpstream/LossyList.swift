import Foundation

/// A JSON array decoded one element at a time: an element that does not decode is left out and
/// the reason kept, so one odd record never sinks a whole upstream answer.
///
/// The array itself must still be an array; truncated or malformed JSON throws as usual.
package struct LossyList<Element: Decodable>: Decodable {
    package var elements: [Element]
    /// One line for each element left out, e.g. `meals[2].idMeal: missing`.
    package var failures: [String]

    package init(elements: [Element], failures: [String] = []) {
        self.elements = elements
        self.failures = failures
    }

    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        elements = []
        failures = []
        while !container.isAtEnd {
            // `Attempt` always decodes, so the container moves on even past a bad element.
            switch try container.decode(Attempt.self).result {
            case .success(let element): elements.append(element)
            case .failure(let error): failures.append(DecodingFailure.describe(error))
            }
        }
    }

    private struct Attempt: Decodable {
        package let result: Result<Element, any Error>

        package init(from decoder: any Decoder) throws {
            result = Result { try Element(from: decoder) }
        }
    }
}

extension LossyList: Sendable where Element: Sendable {}
extension LossyList: Equatable where Element: Equatable {}

extension LossyList: Encodable where Element: Encodable {
    package func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

/// Short, log-friendly reasons for decoding errors.
package enum DecodingFailure {
    /// `prefix` names where the decoded value sat in a larger document (`meals[2]`), when it was decoded alone.
    package static func describe(_ error: any Error, under prefix: String = "") -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key], under: prefix)): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath, under: prefix)): expected \(type)"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath, under: prefix)): null"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath, under: prefix)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `meals[2].idMeal` rather than a list of CodingKey values.
    package static func path(_ keys: [any CodingKey], under prefix: String = "") -> String {
        var result = prefix
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result.isEmpty ? "(root)" : result
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type: one wrong-typed
    /// optional field should not cost a whole record.
    package func lenient<Value: Decodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        try? decodeIfPresent(type, forKey: key)
    }

    /// A whole number, also when upstream writes it as `45.0`.
    package func lenientInt(forKey key: Key) -> Int? {
        if let int = lenient(Int.self, forKey: key) { return int }
        guard let double = lenient(Double.self, forKey: key), double.isFinite, abs(double) < 1e9 else { return nil }
        return Int(double.rounded())
    }

    /// The elements of an array at `key` that decode; nil when the key is missing, null or not an array.
    package func lenientList<Element: Decodable>(_ type: Element.Type, forKey key: Key) -> [Element]? {
        lenient(LossyList<Element>.self, forKey: key)?.elements
    }
}
