/// "Did you mean …?" for searches that find little: the vocabulary is the words of the generation's search index,
/// gathered once a generation and shared by every request.
final class SpellingSuggester: Sendable {
    private let vocabulary: GenerationMemo<SearchVocabulary>

    init(index: GenerationMemo<SearchIndex>) {
        vocabulary = GenerationMemo { generation in SearchVocabulary(index: try await index.value(at: generation)) }
    }

    /// The search with its unknown words replaced by the nearest known ones, or nil.
    func suggestion(for text: String, generation: Int) async throws -> String? {
        try await vocabulary.value(at: generation).suggestion(for: text)
    }
}
