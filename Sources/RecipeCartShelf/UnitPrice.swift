import RecipeCartDomain

/// A price per kilogram, litre or piece, in minor units: EU Directive 98/6/EC has a selling price never shown
/// without it. Worked out in whole numbers from a pack's price and content and rounded half up (`HalfUp`): €2.49
/// for 250 g is €9.96 a kg, €1.99 for 750 ml €2.65 a litre.
package struct UnitPrice: Sendable, Hashable {
    package var minor: Int
    /// What the price is per: `.gram` is a kilogram, `.millilitre` a litre, `.piece` one piece.
    package var unit: PackSize.Unit

    package init(minor: Int, unit: PackSize.Unit) {
        self.minor = minor
        self.unit = unit
    }

    /// `priceMinor` for a pack of `size`.
    package init(priceMinor: Int, per size: PackSize) {
        self.init(minor: HalfUp.divide(priceMinor * size.unit.unitPriceBase, by: size.amount), unit: size.unit)
    }

    /// An offer's unit price: a weighed good's price already is one.
    package init(of offer: PackOffer) {
        if offer.isSoldByWeight {
            self.init(minor: offer.priceMinor, unit: offer.packSize.unit)
        } else {
            self.init(priceMinor: offer.priceMinor, per: offer.packSize)
        }
    }

    /// The unit as the markup hooks name it: `kg`, `l`, `piece`.
    package var unitName: String {
        unit.unitPriceName
    }
}
