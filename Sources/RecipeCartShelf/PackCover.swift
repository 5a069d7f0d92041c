/// The fewest-cost whole packs that hold at least a need: "buy as small as possible, but at least the amount needed".
///
/// A branch-and-bound search in exact integers: packs cheapest per unit of content first, as many as may help (no
/// more than the need over the size, rounded up, nor than the stock), the last size's count worked out rather than
/// tried, and a branch dropped once even its cheapest content could not beat the best found. Of equal cost, less left
/// over wins, then fewer packs. The search stops after `searchLimit` steps with the best found so far, a cover all
/// the same; a row's few sizes never come near it.
package enum PackCover {
    package struct Pack: Sendable, Equatable {
        /// In base units, at least 1.
        package var size: Int
        package var priceMinor: Int
        /// The most of these packs that may be taken.
        package var limit: Int

        package init(size: Int, priceMinor: Int, limit: Int) {
            self.size = size
            self.priceMinor = priceMinor
            self.limit = limit
        }
    }

    package static let searchLimit = 20_000

    /// How many of each pack, in the order given, for the fewest-cost cover of `need` (at least 1); nil when all of
    /// them together hold less.
    package static func cheapest(covering need: Int, with packs: [Pack]) -> [Int]? {
        var search = Search(need: need, packs: packs)
        guard search.capacity.first ?? 0 >= need else { return nil }
        search.descend(depth: 0, remaining: need, cost: 0, packCount: 0)
        return search.best?.counts
    }

    private struct Best {
        var cost: Int
        var leftOver: Int
        var packCount: Int
        var counts: [Int]
    }

    private struct Search {
        let packs: [Pack]
        /// Pack indices, cheapest per unit first (then larger first).
        let order: [Int]
        /// The most packs of each that can help.
        let useful: [Int]
        /// What the packs from a depth on can hold at most.
        let capacity: [Int]
        var counts: [Int]
        var best: Best?
        var steps = 0

        init(need: Int, packs: [Pack]) {
            self.packs = packs
            useful = packs.map { max(0, min($0.limit, Self.divideRoundingUp(need, $0.size))) }
            order = packs.indices.sorted { a, b in
                let left = packs[a].priceMinor * packs[b].size
                let right = packs[b].priceMinor * packs[a].size
                if left != right { return left < right }
                if packs[a].size != packs[b].size { return packs[a].size > packs[b].size }
                return a < b
            }
            var capacity = [Int](repeating: 0, count: packs.count + 1)
            for depth in stride(from: packs.count - 1, through: 0, by: -1) {
                let pack = order[depth]
                capacity[depth] = capacity[depth + 1] + useful[pack] * packs[pack].size
            }
            self.capacity = capacity
            counts = [Int](repeating: 0, count: packs.count)
        }

        mutating func descend(depth: Int, remaining: Int, cost: Int, packCount: Int) {
            steps += 1
            if remaining <= 0 {
                consider(cost: cost, leftOver: -remaining, packCount: packCount)
                return
            }
            guard depth < order.count, capacity[depth] >= remaining, steps <= searchLimit || best == nil else { return }
            let pack = order[depth]
            let size = packs[pack].size
            let price = packs[pack].priceMinor
            guard !exceedsBest(cost: cost, remaining: remaining, depth: depth) else { return }
            let most = min(useful[pack], Self.divideRoundingUp(remaining, size))
            if depth == order.count - 1 {
                guard most * size >= remaining else { return }
                counts[pack] = most
                descend(
                    depth: depth + 1, remaining: remaining - most * size, cost: cost + most * price,
                    packCount: packCount + most)
            } else {
                // Fewer of this pack leave more to the dearer ones after it: once a count cannot hold the rest or
                // beat the best, no smaller count can.
                for count in stride(from: most, through: 0, by: -1) {
                    let rest = remaining - count * size
                    let spent = cost + count * price
                    if rest > 0,
                        capacity[depth + 1] < rest || exceedsBest(cost: spent, remaining: rest, depth: depth + 1)
                    {
                        break
                    }
                    if steps > searchLimit, best != nil { break }
                    counts[pack] = count
                    descend(depth: depth + 1, remaining: rest, cost: spent, packCount: packCount + count)
                }
            }
            counts[pack] = 0
        }

        /// Whether even the cheapest content of the packs from `depth` on could not bring `remaining` in for the
        /// best cost found. Costs are whole, so a bound half a unit past the best cannot reach it.
        func exceedsBest(cost: Int, remaining: Int, depth: Int) -> Bool {
            guard let best, depth < order.count else { return false }
            let pack = packs[order[depth]]
            let bound = Double(cost) + Double(remaining) * Double(pack.priceMinor) / Double(pack.size)
            return bound > Double(best.cost) + 0.5
        }

        mutating func consider(cost: Int, leftOver: Int, packCount: Int) {
            if let best, (best.cost, best.leftOver, best.packCount) <= (cost, leftOver, packCount) { return }
            best = Best(cost: cost, leftOver: leftOver, packCount: packCount, counts: counts)
        }

        static func divideRoundingUp(_ numerator: Int, _ denominator: Int) -> Int {
            (numerator + denominator - 1) / denominator
        }
    }
}
