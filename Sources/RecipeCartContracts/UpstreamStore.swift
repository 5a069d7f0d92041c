import Foundation
import RecipeCartDomain

/// The upstream cache: fetched recipes into the catalog, what each request gave and when, and which pictures are
/// stored. Recipes are saved the way `CatalogStore.upsert` saves them, so local edits stay untouched.
package protocol UpstreamStore: Sendable {
    /// When `key` was last answered upstream, and the ids it gave.
    func request(_ key: String) async throws -> (fetchedAt: Date, ids: [RecipeID])?
    /// The names `key` gave (TheMealDB's cuisines, `list.php?a=list`) and when; nil when it was never answered.
    func names(_ key: String) async throws -> (fetchedAt: Date, names: [String])?
    /// Records `names` as what `key` gave at `now`.
    func saveNames(_ names: [String], requestKey: String, at now: Date) async throws
    /// Saves fetched recipes in one transaction and, when given, records `requestKey` as answered at `now`, and the
    /// records as the ones upstream lists under `mainIngredient` now (replacing what it listed before).
    @discardableResult
    func save(
        _ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, mainIngredient: MainIngredient?,
        at now: Date
    )
        async throws -> [UpstreamSaveOutcome]
    /// Nil when the recipe is not here, or is here but not from upstream.
    func state(of id: RecipeID) async throws -> UpstreamRecipeState?
    /// Picture URLs of saved recipes never tried yet, e.g. of an import, or of downloads a restart cut short.
    func pendingImageURLs() async throws -> [URL]
    /// Takes the download of `url` for this process: false when it is settled, or another instance took it less
    /// than `UpstreamImages.claimLifetime` ago, so each picture is fetched once however many instances want it.
    func claimImage(_ url: URL, at now: Date) async throws -> Bool
    /// Records the stored picture and points every recipe using it at its path.
    func imageStored(_ url: URL, fileName: String, at now: Date) async throws
    /// Records a picture that will never be used (not an image, too large, gone), so it is not tried again.
    func imageRefused(_ url: URL, reason: String, at now: Date) async throws
}

extension UpstreamStore {
    @discardableResult
    package func save(_ records: [FetchedRecipe], source: UpstreamSource, at now: Date) async throws
        -> [UpstreamSaveOutcome]
    {
        try await save(records, source: source, requestKey: nil, mainIngredient: nil, at: now)
    }

    @discardableResult
    package func save(_ records: [FetchedRecipe], source: UpstreamSource, requestKey: String?, at now: Date)
        async throws
        -> [UpstreamSaveOutcome]
    {
        try await save(records, source: source, requestKey: requestKey, mainIngredient: nil, at: now)
    }
}

/// What saving one fetched recipe did.
package enum UpstreamSaveOutcome: Sendable, Equatable {
    /// New, or complete for the first time (a tile's worth was all there was).
    case added
    case updated
    case unchanged
    /// A tile's worth arrived for a recipe already complete here; the complete one stays.
    case keptFuller

    /// What saving `record` does to the recipe stored under its id: nil when there is none; `isComplete` and
    /// `contentHash` nil when the stored recipe is not from upstream.
    package static func of(_ record: FetchedRecipe, over stored: (isComplete: Bool?, contentHash: String?)?)
        -> UpstreamSaveOutcome
    {
        guard let stored else { return .added }
        let wasComplete = stored.isComplete ?? false
        if wasComplete && !record.isComplete { return .keptFuller }
        if stored.contentHash == record.contentHash { return .unchanged }
        return record.isComplete && !wasComplete ? .added : .updated
    }
}

package struct UpstreamRecipeState: Sendable, Equatable {
    package var isComplete: Bool
    package var fetchedAt: Date

    package init(isComplete: Bool, fetchedAt: Date) {
        self.isComplete = isComplete
        self.fetchedAt = fetchedAt
    }
}

/// Where upstream pictures are kept, under `/images/`.
package enum UpstreamImages {
    package static let folder = "cache"
    /// A download another instance took but never settled (it stopped) may be taken again after this.
    package static let claimLifetime: TimeInterval = 120
}
