import Foundation
import RecipeCartDomain

/// What the edit form sent: the typed values, and which button was pressed.
struct EditForm {
    enum Action: Equatable {
        case save
        case addStep
        case deleteStep(Int)
        case moveUp(Int)
        case moveDown(Int)

        init?(_ raw: String?) {
            guard let raw else { return nil }
            if raw == "save" {
                self = .save
                return
            }
            if raw == "add-step" {
                self = .addStep
                return
            }
            for (prefix, make) in [
                ("delete-step-", Action.deleteStep), ("move-up-", Action.moveUp), ("move-down-", Action.moveDown),
            ]
            where raw.hasPrefix(prefix) {
                guard let index = Int(raw.dropFirst(prefix.count)), index >= 0 else { return nil }
                self = make(index)
                return
            }
            return nil
        }

        /// The pressed button's field. Each button is named for what it does (`action-save`, `action-move-up-2`) and
        /// has no value: a text browser shows a button's value beside its label ("(save) Save changes").
        init?(pressed name: String) {
            let prefix = "action-"
            guard name.hasPrefix(prefix) else { return nil }
            self.init(String(name.dropFirst(prefix.count)))
        }
    }

    struct Errors: Equatable {
        var title: String?
        var description: String?
        var steps: String?
        var picture: String?

        var isEmpty: Bool { title == nil && description == nil && steps == nil && picture == nil }
    }

    var title: String
    var description: String
    var steps: [String]
    var removePicture: Bool
    var picture: MultipartForm.File?
    var version: EditVersion
    var action: Action

    init(_ form: MultipartForm) throws {
        // An edit page rendered before the buttons were named (open across a deploy) still sends `action=save`:
        // its typed changes are kept rather than refused.
        guard let action = form.fields.lazy.compactMap({ Action(pressed: $0.name) }).first ?? Action(form["action"])
        else {
            throw AppError.badRequest("The form didn’t say what to do.")
        }
        guard let version = form["version"].flatMap(Int64.init), version >= 0 else {
            throw AppError.badRequest("The form is missing the version it was loaded from. Please reload the page.")
        }
        self.action = action
        self.version = EditVersion(version)
        title = form["title"] ?? ""
        description = form["description"] ?? ""
        steps = form.values("step")
        removePicture = form["remove_picture"] == "on"
        picture = form.files["picture"]
    }

    /// Applies a step button; nothing is saved.
    mutating func applyStepAction() {
        switch action {
        case .save: break
        case .addStep:
            if steps.count < RecipeEdit.stepLimit { steps.append("") }
        case .deleteStep(let index) where steps.indices.contains(index):
            steps.remove(at: index)
        case .moveUp(let index) where index > 0 && steps.indices.contains(index):
            steps.swapAt(index, index - 1)
        case .moveDown(let index) where steps.indices.contains(index) && index + 1 < steps.count:
            steps.swapAt(index, index + 1)
        default: break
        }
    }

    /// The checks a save must pass; the picture's bytes are checked separately.
    func validate() -> Errors {
        var errors = Errors()
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty {
            errors.title = "Please give the recipe a title."
        } else if title.count > RecipeEdit.titleLimit.upperBound {
            errors.title =
                "The title can be at most \(RecipeEdit.titleLimit.upperBound) characters (it has \(title.count))."
        }
        if description.count > RecipeEdit.descriptionLimit {
            errors.description =
                "The description can be at most \(RecipeEdit.descriptionLimit) characters (it has \(description.count))."
        }
        let steps = trimmedSteps
        if steps.isEmpty {
            errors.steps = "A recipe needs at least one step."
        } else if steps.count > RecipeEdit.stepLimit {
            errors.steps = "A recipe can have at most \(RecipeEdit.stepLimit) steps."
        } else if let long = steps.firstIndex(where: { $0.count > RecipeEdit.stepLengthLimit }) {
            errors.steps =
                "Step \(long + 1) is too long: a step can be at most \(RecipeEdit.stepLengthLimit) characters."
        }
        return errors
    }

    /// Blank steps are dropped on save.
    var trimmedSteps: [String] {
        steps.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
