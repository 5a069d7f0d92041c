import Foundation

/// `/recipes/complexSearch` and the legacy `/recipes/search`: `{"results": [...], "offset", "number",
/// "totalResults"}`, the legacy one with `baseUri` for its relative images. A result that does not
/// decode is left out and listed in `failures`; an answer without `results` is not Spoonacular's and throws.
/// (`/recipes/{id}/information` is a bare `SpoonacularRecipe`.)
package struct SpoonacularSearchResponse: Codable, Sendable, Equatable {
    package var results: [SpoonacularRecipe]
    package var failures: [String]
    package var offset: Int?
    package var number: Int?
    package var totalResults: Int?
    package var baseUri: String?

    package init(
        results: [SpoonacularRecipe], failures: [String] = [], offset: Int? = nil, number: Int? = nil,
        totalResults: Int? = nil, baseUri: String? = nil
    ) {
        self.results = results
        self.failures = failures
        self.offset = offset
        self.number = number
        self.totalResults = totalResults
        self.baseUri = baseUri
    }

    private enum CodingKeys: String, CodingKey {
        case results, offset, number, totalResults, baseUri
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.results) else {
            throw DecodingError.keyNotFound(
                CodingKeys.results, .init(codingPath: decoder.codingPath, debugDescription: "results is missing"))
        }
        let results = try container.decodeIfPresent(LossyList<SpoonacularRecipe>.self, forKey: .results)
        self.results = results?.elements ?? []
        failures = results?.failures ?? []
        offset = container.lenientInt(forKey: .offset)
        number = container.lenientInt(forKey: .number)
        totalResults = container.lenientInt(forKey: .totalResults)
        baseUri = container.lenient(String.self, forKey: .baseUri)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(results, forKey: .results)
        try container.encodeIfPresent(offset, forKey: .offset)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encodeIfPresent(totalResults, forKey: .totalResults)
        try container.encodeIfPresent(baseUri, forKey: .baseUri)
    }

    /// What relative `image` names resolve against; nil unless `baseUri` is an http(s) URL.
    package var imageBase: URL? { UpstreamValue.webURL(baseUri) }
}
