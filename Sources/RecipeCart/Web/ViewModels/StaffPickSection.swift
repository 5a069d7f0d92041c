import RecipeCartDomain
import RecipeCartShelf

/// One aisle of an order's pick list on the board, each row with its mark (`data-pick-state`) and the forms that
/// set it. Every form names the mark the board showed (`was…`), so a mark made meanwhile on another board is not
/// overwritten unseen. A row the shop priced shows its packs and price as sent and, once packing changed them, as
/// packed; a weighed good's row takes the weight packed, a short one the packs missing, a replaced one a product.
struct StaffPickSection {
    struct Row {
        var key: String
        var name: String
        var amounts: String
        var notes: String?
        /// `found`, `short` or `replaced`; nil while unmarked.
        var state: String?
        var markText: String?
        var was: String
        var wasMissing: String?
        var wasReplacement: String?
        var wasPacked: String?
        var action: String
        var canMark: Bool
        /// "2 × 250 g Butter · €4.20", as priced when sent; nil for a row the shop sells nothing for.
        var pricedText: String?
        /// "1.13 kg Potatoes · €2.26": as packed, when packing changed the row's price (`data-packed-minor`).
        var packedText: String?
        var packedMinor: Int?
        /// For a row with a weighed good: the unit its weight is typed in, and the weight asked for in it.
        var weigh: Weigh?
        /// "How many missing", or on a priced row "Packs missing", up to its packs.
        var missingLabel: String
        var missingMax: Int
        /// The products offered for the row's ingredient, for the replacement's list (`choicesID`); a priced row is
        /// replaced with a product of the shelf.
        var choices: [String]
        var choicesID: String?
    }

    struct Weigh {
        var unit: String
        var asked: String
    }

    var id: String
    var title: String
    var rows: [Row]

    /// `bill` is the order's as packed so far, nil for an order without priced rows; `choices` the products offered
    /// for each ingredient, by key.
    static func sections(
        _ groups: [ShoppingListGroup], marks: [String: PickMark], bill: PackedBill?, estimated: OrderPricing?,
        choices: [String: [String]], code: String, action: String, canMark: Bool
    ) -> [StaffPickSection] {
        let currency = estimated.flatMap { try? Currency(code: $0.currency) }
        let estimatedLines = Dictionary(grouping: estimated?.lines ?? [], by: \.rowKey)
        let differences = Dictionary(
            (bill?.differences ?? []).map { ($0.rowKey, $0) }, uniquingKeysWith: { first, _ in first })
        return groups.map { group in
            StaffPickSection(
                id: group.id, title: group.title,
                rows: group.items.map { item in
                    let mark = marks[item.key]
                    let lines = estimatedLines[item.key] ?? []
                    let weighed = lines.first(where: \.isWeighed)
                    let packs = lines.reduce(0) { $0 + $1.packs }
                    let offered =
                        lines.isEmpty ? [] : (choices[item.key] ?? []).filter { !lines.map(\.name).contains($0) }
                    return Row(
                        key: item.key, name: item.name, amounts: item.amount,
                        notes: item.notes.isEmpty ? nil : item.notes.joined(separator: ", "), state: mark?.state,
                        markText: mark.map { PickMarkText.text($0, unit: weighed?.unit) }, was: mark?.state ?? "none",
                        wasMissing: mark?.missing.map(String.init), wasReplacement: mark?.replacement,
                        wasPacked: mark?.packedAmount.map(String.init), action: action, canMark: canMark,
                        pricedText: lines.isEmpty ? nil : currency.map { Self.text(lines, currency: $0) },
                        packedText: currency.flatMap { currency in
                            differences[item.key].map {
                                Self.text($0.packed, currency: currency, weighed: $0.kind == .weighed)
                            }
                        },
                        packedMinor: differences[item.key].map { $0.packed.reduce(0) { $0 + $1.priceMinor } },
                        weigh: weighed.map {
                            Weigh(unit: $0.unit == "piece" ? "pieces" : $0.unit, asked: String($0.amount))
                        },
                        missingLabel: lines.isEmpty ? "How many missing" : "Packs missing",
                        missingMax: lines.isEmpty ? PickMark.maximumMissing : max(packs, 1),
                        choices: offered,
                        choicesID: offered.isEmpty
                            ? nil
                            : "choices-\(code)-"
                                + item.key.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined())
                })
        }
    }

    /// "2 × 250 g Butter · €4.20"; "nothing" for a row packed with nothing. `weighed`: its weighed good's weight is
    /// the one packed, no longer about.
    private static func text(_ lines: [PricedOrderLine], currency: Currency, weighed: Bool = false) -> String {
        guard !lines.isEmpty else { return "nothing · \(currency.format(minor: 0))" }
        return lines.map { OrderBill.packs($0, weighed: weighed) }.joined(separator: " + ") + " · "
            + currency.format(minor: lines.reduce(0) { $0 + $1.priceMinor })
    }
}

/// A pick mark in words, the same on the board and on the shopper's order page. `unit` is the priced line's, which a
/// weight packed is counted in.
enum PickMarkText {
    static func text(_ mark: PickMark, unit: String? = nil) -> String {
        switch mark {
        case .found: "Found"
        case .weighed(let amount): "Weighed at \(amountText(amount, unit: unit))"
        case .short(let missing): "Short: \(missing) missing"
        case .replaced(let replacement, _): "Replaced with \(replacement)"
        }
    }

    /// `1.13 kg`, `750 ml`, `3 pieces`.
    static func amountText(_ amount: Int, unit: String?) -> String {
        PackSize(Double(amount), PackSize.Unit(rawValue: unit ?? "g") ?? .gram)?.display ?? "\(amount) \(unit ?? "g")"
    }
}
