import Mustache

/// One link of a Browse chip list (a category), as filter-chip.mustache shows it.
struct FilterChip {
    var label: String
    var url: String
    var selected: Bool
}

extension FilterChip: StencilItem {
    static let template = PartialTemplate.filterChip

    enum Field: String, CaseIterable, Sendable {
        case label, url, selected
    }

    static let optionalFields: [Field] = [.selected]

    func value(of field: Field) -> String? {
        switch field {
        case .label: label
        case .url: url
        case .selected: selected ? "" : nil
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
        default: nil
        }
    }
}
