import RecipeCartDomain

/// "Did you mean …?" for searches that find little: the vocabulary is the words of the generation's search index,
/// gathered once a generation and shared by every request.
package final class SpellingSuggester: Sendable {
    package enum Answer: Equatable {
        /// The search with its unknown words replaced by the nearest known ones.
        case suggestion(String)
        case none
        /// The vocabulary of this generation is still being built; a search does not wait for it.
        case notReady
    }

    private let vocabulary: GenerationMemo<SearchVocabulary>

    package init(index: GenerationMemo<SearchIndex>) {
        vocabulary = GenerationMemo { generation in SearchVocabulary(index: try await index.value(at: generation)) }
    }

    package func suggestion(for text: String, generation: Int) async -> Answer {
        guard let vocabulary = await vocabulary.value(at: generation, waitingAtMost: SearchRanker.patience) else {
            return .notReady
        }
        return vocabulary.suggestion(for: text).map(Answer.suggestion) ?? .none
    }
}
