import Synchronization

/// The page each Browse query string asked for lately names, kept: parsing the string and making the page's canonical
/// URL had been a twentieth of the CPU of a page answered from the page cache. Nil is kept too, for a query the page
/// cache cannot answer from memory alone. Long query strings are not kept, so the memo stays small whatever is sent.
final class BrowsePageKeys: Sendable {
    static let longestKept = 512

    private let keys: Mutex<OldestFirstOut<String, String?>>

    init(capacity: Int = 1_024) {
        keys = Mutex(OldestFirstOut(capacity: capacity))
    }

    /// The key `make` gives for `query`, made once while it is kept.
    func key(forQuery query: String, make: (String) -> String?) -> String? {
        guard query.utf8.count <= Self.longestKept else { return make(query) }
        if let known = keys.withLock({ $0[query] }) { return known }
        let key = make(query)
        keys.withLock { $0.keep(key, for: query) }
        return key
    }
}
