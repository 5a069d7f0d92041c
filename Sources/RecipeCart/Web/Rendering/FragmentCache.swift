import Synchronization

/// A shopper's part of a page, rendered once for each distinct value and kept with the shopper's token as a
/// placeholder. The value is the key: everything the fragment shows is in it, so no catalog change can leave a
/// kept fragment wrong. Rendering the detail page's cart block with Mustache on every request was a tenth of the
/// request.
final class FragmentCache<View: FragmentView & Hashable & Sendable>: Sendable {
    private struct State {
        var templates: [View: PageCache.Template] = [:]
        var order: [View] = []
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// `view` must be made with `PersonalParts.placeholders`' token, so one kept fragment serves every shopper.
    func template(for view: View, render: (View) throws -> String) rethrows -> PageCache.Template {
        if let kept = state.withLock({ $0.templates[view] }) { return kept }
        let template = PageCache.Template(html: try render(view))
        state.withLock { state in
            guard state.templates.updateValue(template, forKey: view) == nil else { return }
            state.order.append(view)
            // Oldest first out: running cooking timers make a new value every minute.
            while state.order.count > capacity {
                state.templates[state.order.removeFirst()] = nil
            }
        }
        return template
    }
}
