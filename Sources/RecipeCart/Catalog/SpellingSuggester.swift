import Synchronization

/// "Did you mean …?" for searches that find little: the catalog's vocabulary is built once a generation and
/// shared by every request; requests that need it while it is being built wait for that one build.
final class SpellingSuggester: Sendable {
    private let catalog: any CatalogStore
    private let building = Mutex<(generation: Int, vocabulary: Task<SearchVocabulary, any Error>)?>(nil)

    init(catalog: any CatalogStore) {
        self.catalog = catalog
    }

    /// The search with its unknown words replaced by the nearest known ones, or nil.
    func suggestion(for text: String, generation: Int) async throws -> String? {
        try await vocabulary(at: generation).suggestion(for: text)
    }

    private func vocabulary(at generation: Int) async throws -> SearchVocabulary {
        let catalog = catalog
        let task = building.withLock { building in
            if let current = building, current.generation >= generation { return current.vocabulary }
            let task = Task { SearchVocabulary(texts: try await catalog.searchableTexts()) }
            building = (generation, task)
            return task
        }
        do {
            return try await task.value
        } catch {
            // A failed build is not kept: the next search tries again.
            building.withLock { building in
                if building?.generation == generation { building = nil }
            }
            throw error
        }
    }
}
