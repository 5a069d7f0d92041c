import RecipeCartDomain

/// A shopper's part of a page, rendered once for each distinct value and kept with the shopper's token as a
/// placeholder. The value is the key: everything the fragment shows is in it, so no catalog change can leave a
/// kept fragment wrong. Rendering the detail page's cart block with Mustache on every request was a tenth of the
/// request.
final class FragmentCache<View: FragmentView & Hashable & Sendable>: Sendable {
    private let kept: BoundedMemo<View, PageCache.Template>

    /// Running cooking timers make a new value every minute, so old ones must go.
    init(capacity: Int = 4_096) {
        kept = BoundedMemo(capacity: capacity)
    }

    /// `view` must be made with `PersonalParts.placeholders`' token, so one kept fragment serves every shopper.
    func template(for view: View, render: (View) throws -> String) rethrows -> PageCache.Template {
        try kept.value(for: view) { PageCache.Template(html: try render($0)) }
    }
}
