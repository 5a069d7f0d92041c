import RecipeCartDomain

/// Every priced recipe's cost a serving, by recipe: ids in order beside their costs, found by binary search. At
/// 100,000 recipes it holds a quarter of what a dictionary of the same did, and is made without its rehashing.
package struct CostTable: Sendable {
    private let ids: [RecipeID]
    private let costs: [CostPerServing]

    /// `priced` in any order, one a recipe.
    package init(_ priced: [(id: RecipeID, cost: CostPerServing)]) {
        let sorted = priced.sorted { $0.id < $1.id }
        ids = sorted.map(\.id)
        costs = sorted.map(\.cost)
    }

    package var count: Int { ids.count }

    /// nil for a recipe nothing of which could be priced.
    package subscript(id: RecipeID) -> CostPerServing? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? costs[low] : nil
    }

    /// The recipes "under `ceilingMinor` a serving" finds.
    package func ids(atMost ceilingMinor: Int) -> Set<RecipeID> {
        Set(zip(ids, costs).lazy.filter { $0.1.isAtMost(ceilingMinor) }.map(\.0))
    }
}
