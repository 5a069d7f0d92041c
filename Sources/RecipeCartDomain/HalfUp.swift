/// Division of money rounded to the nearest minor unit, a half rounding up (`2.5` cents is `3`): the rule shelf labels
/// and tills use, and the same for every price the shelf works out, so one price never shows two ways.
package enum HalfUp {
    /// `numerator ÷ denominator`, half up; both at least 0 and the denominator at least 1.
    package static func divide(_ numerator: Int, by denominator: Int) -> Int {
        (2 * numerator + denominator) / (2 * denominator)
    }
}
