/// What an order costs as staff packed it: its priced snapshot with each row as its pick mark says, a weighed good at
/// the weight packed, a short row with the packs found, a replaced row at the replacement's price. Rows not marked, or
/// found, stay as estimated. It is also what the order holds of the shelf, which marks move stock by.
package struct PackedBill: Sendable, Equatable {
    /// One row of the list whose packing changed what it costs.
    package struct Difference: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case weighed, short
            case leftOut = "left-out"
            case replaced
        }

        package var rowKey: String
        package var kind: Kind
        package var estimated: [PricedOrderLine]
        package var packed: [PricedOrderLine]

        /// What packing added (or, below 0, took off), in minor units.
        package var amountMinor: Int {
            packed.reduce(0) { $0 + $1.priceMinor } - estimated.reduce(0) { $0 + $1.priceMinor }
        }
    }

    /// The lines as packed, in the snapshot's order; a row packed with nothing has none. Estimated while a weighed
    /// good in it is not weighed yet.
    package var packed: OrderPricing
    package var differences: [Difference]

    package init(_ pricing: OrderPricing, marks: [String: PickMark]) {
        var rows: [(key: String, lines: [PricedOrderLine])] = []
        for line in pricing.lines {
            if let last = rows.indices.last, rows[last].key == line.rowKey {
                rows[last].lines.append(line)
            } else {
                rows.append((line.rowKey, [line]))
            }
        }
        var packedLines: [PricedOrderLine] = []
        var differences: [Difference] = []
        var unweighed = false
        for (key, estimated) in rows {
            let (packed, kind) = Self.pack(estimated, as: marks[key])
            packedLines += packed
            unweighed = unweighed || packed.filter(\.isWeighed).count > (kind == .weighed ? 1 : 0)
            if let kind, packed != estimated {
                differences.append(Difference(rowKey: key, kind: kind, estimated: estimated, packed: packed))
            }
        }
        packed = OrderPricing(currency: pricing.currency, lines: packedLines, isEstimated: unweighed)
        self.differences = differences
    }

    /// The amount to charge, in minor units.
    package var totalMinor: Int { packed.estimateMinor }

    private static func pack(_ lines: [PricedOrderLine], as mark: PickMark?) -> ([PricedOrderLine], Difference.Kind?) {
        switch mark {
        case nil, .found:
            return (lines, nil)
        case .weighed(let amount):
            guard let index = lines.firstIndex(where: \.isWeighed) else { return (lines, nil) }
            var packed = lines
            packed[index] = lines[index].weighed(at: amount)
            return (packed, .weighed)
        case .short(let missing):
            var packed = lines
            var left = missing
            for index in packed.indices.reversed() where left > 0 {
                let taken = min(left, packed[index].packs)
                left -= taken
                packed[index] = packed[index].withPacks(packed[index].packs - taken)
            }
            packed.removeAll { $0.packs == 0 }
            return (packed, packed.isEmpty ? .leftOut : .short)
        case .replaced(_, let line):
            guard let line else { return (lines, nil) }
            return ([line], .replaced)
        }
    }
}

extension PricedOrderLine {
    /// A weighed good's line at the weight packed: its price per kilogram (litre, piece) times the weight, half up.
    package func weighed(at packedAmount: Int) -> PricedOrderLine {
        var line = self
        line.amount = packedAmount
        line.priceMinor = HalfUp.divide(packedAmount * unitPriceMinor, by: unit == "piece" ? 1 : 1000)
        if amountTaken != nil { line.amountTaken = packedAmount }
        return line
    }

    /// The line with `count` of its packs; a weighed good's line is whole or nothing.
    func withPacks(_ count: Int) -> PricedOrderLine {
        guard count < packs else { return self }
        var line = self
        guard count > 0, !isWeighed else {
            line.packs = 0
            return line
        }
        line.amount = amount / packs * count
        line.priceMinor = HalfUp.divide(priceMinor * count, by: packs)
        if stockTaken > 0 { line.stockTaken = count }
        line.packs = count
        return line
    }
}
