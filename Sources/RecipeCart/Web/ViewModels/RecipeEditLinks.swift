import RecipeCartDomain

/// The detail page's edit parts: the mark beside the category, the Edit link and the revert button.
/// Staff see and change the shop's copy; a shopper sees and changes their own version.
struct RecipeEditLinks {
    var mark: String?
    var markClass: String
    var isPersonalCopy: Bool
    var editLabel: String
    /// Only when there is an edit of this copy to drop.
    var revertLabel: String?
    /// The revert form's `copy` field (`EditCopyField`).
    var copy: String

    init(recipe: Recipe, copy: EditCopy) {
        isPersonalCopy = copy != .shop && recipe.isPersonalCopy
        markClass = isPersonalCopy ? "edited-mark edited-mark--personal" : "edited-mark"
        if copy == .shop {
            mark = recipe.isEdited ? "Edited here" : nil
            editLabel = "Edit this recipe"
            revertLabel = recipe.isEdited ? "Revert to original" : nil
            self.copy = EditCopyField.shop
        } else {
            mark = isPersonalCopy ? "Your version" : recipe.isEdited ? "Edited here" : nil
            editLabel = isPersonalCopy ? "Edit your version" : "Make your own version"
            revertLabel = isPersonalCopy ? "Back to the shop’s version" : nil
            self.copy = EditCopyField.personal
        }
    }
}
