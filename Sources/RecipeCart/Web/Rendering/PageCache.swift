import NIOCore
import RecipeCartDomain
import Synchronization

/// Rendered pages shared by every shopper, keyed by what was asked and valid for one catalog generation.
/// A page is kept split at its personal placeholders, so filling one in per request is a join, not a search.
final class PageCache: Sendable {
    struct Template: Sendable {
        /// Literal HTML around the placeholders: `pieces.count == placeholders.count + 1`.
        let pieces: [Substring]
        let placeholders: [String]
        /// The pieces' bytes together, what a page holds besides its shopper's parts.
        let piecesLength: Int
        /// False for a page made before what it needs was ready (the search index): served, not kept.
        var isKept = true

        init(html: String) {
            let marked = MarkedText(html, marker: 1)
            pieces = marked.pieces
            placeholders = marked.marks.map(String.init)
            piecesLength = pieces.reduce(0) { $0 + $1.utf8.count }
        }

        func filled(with parts: PersonalParts) -> String {
            String(buffer: bytes(filledWith: parts))
        }

        /// The page with `parts` filled in, written straight into the bytes sent, without a whole page's String between.
        func bytes(filledWith parts: PersonalParts) -> ByteBuffer {
            let values = placeholders.map { parts.value(for: $0) ?? "" }
            var bytes = ByteBuffer()
            bytes.reserveCapacity(values.reduce(piecesLength) { $0 + $1.utf8.count })
            bytes.writeSubstring(pieces[0])
            for (value, piece) in zip(values, pieces.dropFirst()) {
                bytes.writeString(value)
                bytes.writeSubstring(piece)
            }
            return bytes
        }
    }

    private struct Entry {
        let generation: Int
        let template: Template
    }

    private struct State {
        var entries: OldestFirstOut<String, Entry>
        let byteLimit: Int
        /// The kept pages' bytes together.
        var bytes = 0
        /// Renders under way, by generation and key.
        var renders: [String: Task<Template, any Error>] = [:]

        func kept(for key: String, generation: Int) -> Template? {
            entries[key].flatMap { $0.generation == generation ? $0.template : nil }
        }

        mutating func keep(_ entry: Entry, for key: String) {
            bytes += entry.template.piecesLength
            for gone in entries.keep(entry, for: key) { bytes -= gone.template.piecesLength }
            while bytes > byteLimit, let gone = entries.removeOldest() { bytes -= gone.template.piecesLength }
        }
    }

    private let state: Mutex<State>

    /// Bounded by bytes as well as pages: a page of 48 tiles with their costs is about 26 KB, and 512 of them had
    /// held 13 MB, an eighth of the server's memory at 100,000 recipes, for searches that mostly never come again.
    init(capacity: Int = 512, byteLimit: Int = 4 << 20) {
        state = Mutex(State(entries: OldestFirstOut(capacity: capacity), byteLimit: byteLimit))
    }

    /// The page kept under `key` for `generation`, if there is one: what an answer given on the event loop can use.
    func kept(for key: String, generation: Int) -> Template? {
        let template = state.withLock { $0.kept(for: key, generation: generation) }
        if template != nil { AppMetrics.pageCache(hit: true) }
        return template
    }

    /// The page kept under `key` for `generation`, or the one `render` makes, which is then kept. Requests that miss
    /// together share one render: after a change, every shopper's next request arrives at once, and each rendering
    /// its own copy had put the first seconds' p99 at hundreds of milliseconds.
    func template(
        for key: String, generation: Int, render: @escaping @Sendable () async throws -> Template
    ) async throws -> Template {
        enum Lookup {
            case kept(Template)
            case rendering(Task<Template, any Error>, isOwn: Bool)
        }
        let flight = "\(generation) \(key)"
        let lookup: Lookup = state.withLock { state in
            if let template = state.kept(for: key, generation: generation) { return .kept(template) }
            if let render = state.renders[flight] { return .rendering(render, isOwn: false) }
            let task = Task { try await render() }
            state.renders[flight] = task
            return .rendering(task, isOwn: true)
        }
        switch lookup {
        case .kept(let template):
            AppMetrics.pageCache(hit: true)
            return template
        case .rendering(let task, let isOwn):
            AppMetrics.pageCache(hit: !isOwn)
            let result = await task.result
            if isOwn {
                if case .success(let template) = result, template.isKept {
                    store(template, for: key, generation: generation)
                }
                state.withLock { _ = $0.renders.removeValue(forKey: flight) }
            }
            return try result.get()
        }
    }

    private func store(_ template: Template, for key: String, generation: Int) {
        state.withLock { $0.keep(Entry(generation: generation, template: template), for: key) }
    }
}
