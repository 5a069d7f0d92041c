import RecipeCartShelf

extension PricedRow {
    /// What the cart page told of a row the shelf cannot fill — out of stock, or only some packs left — as the send
    /// form posts it back (`shelf_short`): "0 guanciale", "2 butter", a weighed good by its weight left ("700
    /// parmesan", in grams, so a counter cut down since is news). A send places such a row as it stands only when
    /// the shopper saw it so; a row that ran short after the page was drawn refuses the send instead. Nil for a row the
    /// shelf fills, or one it never sells.
    package var shownShortfall: String? {
        switch choice.status {
        case .outOfStock, .partlyCovered:
            "\(shelfLeft) \(item.key)"
        case .covered, .noProduct, .noAmount:
            nil
        }
    }

    /// What the shelf gives the row: packs, or for a good sold by weight its weight (volume, pieces) in its unit.
    var shelfLeft: Int {
        choice.picks.reduce(0) { $0 + ($1.offer.isSoldByWeight ? $1.amount : $1.count) }
    }
}
