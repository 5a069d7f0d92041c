import RecipeCartDomain

/// An edit's values as both databases store them, the same in all three tables (the shop's edits, shoppers' own
/// versions, revert undos). The steps stay JSON text: an edit moves between the tables exactly as it was saved.
struct StoredEdit: Sendable, Equatable {
    var title: String
    var description: String
    var imagePath: String?
    var imageRemoved: Bool
    var stepsJSON: String
    var version: Int64
}

extension StoredEdit {
    /// What saving `edit` as `version` over the copy's `previous` values stores.
    init(saving edit: RecipeEdit, over previous: StoredEdit?, as version: EditVersion) throws {
        let (imagePath, removed) = edit.picture.applied(
            toUpload: previous?.imagePath, removed: previous?.imageRemoved ?? false)
        self.init(
            title: edit.title, description: edit.description, imagePath: imagePath, imageRemoved: removed,
            stepsJSON: try StepsJSON.encode(edit.steps), version: version.value)
    }

    /// The upload `previous` held that this no longer uses, for the caller to delete once the save is committed.
    func replacedUpload(of previous: StoredEdit?) -> String? {
        previous?.imagePath == imagePath ? nil : previous?.imagePath
    }
}
