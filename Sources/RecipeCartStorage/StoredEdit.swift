import RecipeCartDomain

/// An edit's values as both databases store them, the same in all three tables (the shop's edits, shoppers' own
/// versions, revert undos). The steps stay JSON text: an edit moves between the tables exactly as it was saved.
package struct StoredEdit: Sendable, Equatable {
    package var title: String
    package var description: String
    package var imagePath: String?
    package var imageRemoved: Bool
    package var stepsJSON: String
    package var version: Int64
}

extension StoredEdit {
    /// What saving `edit` as `version` over the copy's `previous` values stores.
    package init(saving edit: RecipeEdit, over previous: StoredEdit?, as version: EditVersion) throws {
        let (imagePath, removed) = edit.picture.applied(
            toUpload: previous?.imagePath, removed: previous?.imageRemoved ?? false)
        self.init(
            title: edit.title, description: edit.description, imagePath: imagePath, imageRemoved: removed,
            stepsJSON: try StepsJSON.encode(edit.steps), version: version.value)
    }

    /// The upload `previous` held that this no longer uses, for the caller to delete once the save is committed.
    package func replacedUpload(of previous: StoredEdit?) -> String? {
        previous?.imagePath == imagePath ? nil : previous?.imagePath
    }
}
