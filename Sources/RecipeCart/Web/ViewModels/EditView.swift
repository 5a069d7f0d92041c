/// The edit form: everything the shopper typed, a message next to each bad field, and a conflict panel on 409.
struct EditView {
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
    var title: String
    var description: String
    var steps: [StepField]
    var version: String
    var imageURL: String?
    var removePicture: Bool
    var isEdited: Bool
    var canAddStep: Bool
    var errors: EditForm.Errors
    var hasErrors: Bool
    var notice: String?
    var conflict: Conflict?
    var titleLimit = RecipeEdit.titleLimit.upperBound
    var descriptionLimit = RecipeEdit.descriptionLimit
    var stepLengthLimit = RecipeEdit.stepLengthLimit

    init(
        recipe: Recipe, title: String, description: String, steps: [String], version: EditVersion, removePicture: Bool,
        errors: EditForm.Errors = .init(), notice: String? = nil, conflict: Conflict? = nil, chrome: PageChrome
    ) {
        self.chrome = chrome
        id = recipe.id.rawValue
        self.title = title
        self.description = description
        self.steps = steps.enumerated().map { index, text in
            StepField(index: index, number: index + 1, text: text, canMoveUp: index > 0, canMoveDown: index + 1 < steps.count)
        }
        self.version = String(version.value)
        imageURL = recipe.imagePath.map(ImageURL.make)
        self.removePicture = removePicture
        isEdited = recipe.isEdited
        canAddStep = steps.count < RecipeEdit.stepLimit
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.notice = notice
        self.conflict = conflict
    }
}
