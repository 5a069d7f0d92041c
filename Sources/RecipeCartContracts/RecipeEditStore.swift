import Foundation
import RecipeCartDomain

/// Local edits of the shop's copy and of shoppers' own versions, kept apart from the recipes so that no catalog or
/// upstream refresh overwrites them. A revert keeps what it dropped for a while, for Undo.
package protocol RecipeEditStore: Sendable {
    func version(of id: RecipeID, copy: EditCopy) async throws -> EditVersion
    /// Saves the edit unless another save reached the same copy since `expected` (`EditConflict`).
    /// - Returns: the new version, and the uploaded picture the edit no longer uses (to delete).
    func save(_ edit: RecipeEdit, for id: RecipeID, copy: EditCopy, expected: EditVersion) async throws
        -> (EditVersion, replacedPicture: String?)
    /// Drops the edit, keeping it (and its picture) for `RevertUndo.lifetime`.
    /// - Returns: how to undo it, or nil when the copy had no edit.
    func revert(_ id: RecipeID, copy: EditCopy) async throws -> RevertUndo?
    /// Puts back exactly the edit a revert dropped, version included, unless the copy was edited since (`UndoRefusal`).
    func undoRevert(token: String, of id: RecipeID, copy: EditCopy) async throws
    /// The Undo still open for this copy's last revert, if any.
    func pendingUndo(of id: RecipeID, copy: EditCopy) async throws -> RevertUndo?
    /// Forgets Undos past their time. - Returns: every picture path an edit, a shopper's version or an open Undo uses.
    func tidy() async throws -> Set<String>
}
