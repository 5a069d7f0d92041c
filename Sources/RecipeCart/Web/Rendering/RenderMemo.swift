import Synchronization

/// Renders kept by the value rendered. Everything a fragment shows is in its value, so no catalog change can leave a
/// kept render wrong and none needs a generation. Rendering the detail page's cart block with Mustache on every request
/// was a tenth of the request; the tiles of a Browse page that missed the page cache were about a third of it.
final class RenderMemo<View: Hashable & Sendable, Rendered: Sendable>: Sendable {
    private let kept: Mutex<OldestFirstOut<View, Rendered>>

    init(capacity: Int) {
        kept = Mutex(OldestFirstOut(capacity: capacity))
    }

    func rendered(_ view: View, by render: (View) throws -> Rendered) rethrows -> Rendered {
        if let rendered = kept.withLock({ $0[view] }) { return rendered }
        let rendered = try render(view)
        kept.withLock { $0.keep(rendered, for: view) }
        return rendered
    }
}
