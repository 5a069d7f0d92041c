import Mustache

/// One link of a Browse chip list (a category, or how to order the recipes), as filter-chip.mustache shows it.
struct FilterChip {
    var label: String
    var url: String
    var selected: Bool
    /// Drawn lighter, for a choice that orders the recipes rather than filters them.
    var quiet = false
}

extension FilterChip: StencilItem {
    static let template = PartialTemplate.filterChip

    enum Field: String, CaseIterable, Sendable {
        case label, url, selected, quiet
    }

    static let optionalFields: [Field] = [.selected, .quiet]

    func value(of field: Field) -> String? {
        switch field {
        case .label: label
        case .url: url
        case .selected: selected ? "" : nil
        case .quiet: quiet ? "" : nil
        }
    }
}

/// Named rather than reflected, for `StencilTests` to render it with Mustache too.
extension FilterChip: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "url": url
        case "selected": selected
        case "quiet": quiet
        default: nil
        }
    }
}
