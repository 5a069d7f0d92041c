import Mustache

/// One choice of a Browse filter's list (diet, main ingredient, cuisine), as filter-option.mustache shows it.
struct FilterOption {
    var value: String
    var label: String
    var selected: Bool
}

extension FilterOption: StencilItem {
    static let template = PartialTemplate.filterOption

    enum Field: String, CaseIterable, Sendable {
        case value, label, selected
    }

    static let optionalFields: [Field] = [.selected]

    func value(of field: Field) -> String? {
        switch field {
        case .value: value
        case .label: label
        case .selected: selected ? "" : nil
        }
    }
}

/// Named rather than reflected, for `StencilTests` to render it with Mustache too.
extension FilterOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}
