/// "Did you mean …?" for searches that find little: the catalog's vocabulary is built once a generation and
/// shared by every request.
final class SpellingSuggester: Sendable {
    private let vocabulary: GenerationMemo<SearchVocabulary>

    init(catalog: any CatalogStore) {
        vocabulary = GenerationMemo { SearchVocabulary(texts: try await catalog.searchableTexts()) }
    }

    /// The search with its unknown words replaced by the nearest known ones, or nil.
    func suggestion(for text: String, generation: Int) async throws -> String? {
        try await vocabulary.value(at: generation).suggestion(for: text)
    }
}
