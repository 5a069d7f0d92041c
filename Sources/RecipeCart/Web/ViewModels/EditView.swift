import RecipeCartDomain

/// The edit form: everything typed, a message next to each bad field, and a conflict panel on 409.
/// Staff edit the shop's copy; anyone else edits their own version.
struct EditView: PageView {
    static let template = PageTemplate.edit

    struct StepField {
        var index: Int
        var number: Int
        var text: String
        var canMoveUp: Bool
        var canMoveDown: Bool
    }

    struct Conflict {
        var title: String
        var description: String
        var steps: [String]
    }

    var chrome: PageChrome
    var id: String
    var recipeURL: String
    var actionURL: String
    var revertURL: String
    var title: String
    var description: String
    var steps: [StepField]
    var version: String
    var imageURL: String?
    var removePicture: Bool
    /// `shop` or `personal`: what the form was opened for, posted back so a save cannot land on the other copy.
    var copy: String
    var isPersonal: Bool
    var heading: String
    var intro: String
    /// The copy has an edit that a revert would drop.
    var isEdited: Bool
    var revertLabel: String
    var canAddStep: Bool
    var errors: EditForm.Errors
    var hasErrors: Bool
    var notice: String?
    var conflict: Conflict?
    var titleLimit = RecipeEdit.titleLimit.upperBound
    var descriptionLimit = RecipeEdit.descriptionLimit
    var stepLengthLimit = RecipeEdit.stepLengthLimit

    init(
        recipe: Recipe, copy: EditCopy, title: String, description: String, steps: [String], version: EditVersion,
        removePicture: Bool, errors: EditForm.Errors = .init(), notice: String? = nil, conflict: Conflict? = nil,
        chrome: PageChrome
    ) {
        self.chrome = chrome
        id = recipe.id.rawValue
        recipeURL = SiteURL.recipe(recipe.id).path
        actionURL = SiteURL.recipeEdit(recipe.id).path
        revertURL = SiteURL.recipeRevert(recipe.id).path
        self.title = title
        self.description = description
        self.steps = steps.enumerated().map { index, text in
            StepField(
                index: index, number: index + 1, text: text, canMoveUp: index > 0, canMoveDown: index + 1 < steps.count)
        }
        self.version = String(version.value)
        imageURL = recipe.imagePath.map(ImageURL.make)
        self.removePicture = removePicture
        isPersonal = copy != .shop
        self.copy = isPersonal ? EditCopyField.personal : EditCopyField.shop
        if isPersonal {
            heading = recipe.isPersonalCopy ? "Edit your version" : "Make your own version"
            intro =
                "This is your own version: only you see it, on this page, in your cart and in your shopping list. "
                + "The shop’s recipe stays as it is for everyone else, and you can go back to it at any time."
            isEdited = recipe.isPersonalCopy
            revertLabel = "Back to the shop’s version"
        } else {
            heading = "Edit recipe"
            intro =
                "You are changing the shop’s copy: every shopper sees it. It is never sent to the recipe service, "
                + "and no refresh overwrites it."
            isEdited = recipe.isEdited
            revertLabel = "Revert to original"
        }
        canAddStep = steps.count < RecipeEdit.stepLimit
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.notice = notice
        self.conflict = conflict
    }
}
