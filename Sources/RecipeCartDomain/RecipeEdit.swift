import Foundation

/// A local change to a recipe: it wins over the catalog and upstream data, and no refresh touches it.
package struct RecipeEdit: Sendable, Equatable {
    package static let titleLimit = 1...120
    package static let descriptionLimit = 2_000
    package static let stepLimit = 50
    package static let stepLengthLimit = 1_000

    package var title: String
    package var description: String
    package var steps: [String]
    package var picture: PictureChange

    package init(title: String, description: String, steps: [String], picture: PictureChange) {
        self.title = title
        self.description = description
        self.steps = steps
        self.picture = picture
    }
}

package enum PictureChange: Sendable, Equatable {
    case keep
    /// A picture stored under `/images/`, e.g. `uploads/3f….png`.
    case replace(path: String)
    case remove

    /// The upload and the "removed" mark an edit stores after this change, given what the copy stored before.
    package func applied(toUpload previous: String?, removed previouslyRemoved: Bool) -> (
        upload: String?, removed: Bool
    ) {
        switch self {
        case .keep: (previous, previouslyRemoved)
        case .replace(let path): (path, false)
        case .remove: (nil, true)
        }
    }
}

/// Whose copy of a recipe an edit changes.
package enum EditCopy: Sendable, Equatable {
    /// The shop's copy, changed by signed-in staff: every shopper sees it, in browse and search too.
    case shop
    /// One shopper's own version, seen only under their session: on the detail page, the cart and the shopping list.
    case personal(SessionKey)

    /// The session whose version this is; nil for the shop's copy.
    package var session: SessionKey? {
        if case .personal(let key) = self { key } else { nil }
    }
}

/// Which saved state an edit form was loaded from; 0 means the unedited original.
package struct EditVersion: Sendable, Equatable, Hashable {
    package static let original = EditVersion(0)

    package let value: Int64

    package init(_ value: Int64) {
        self.value = value
    }

    /// The version a save at `now` gets: milliseconds since 1970, and always above the last one, so a revert and a
    /// new edit never reuse a version.
    package func next(at now: Date) -> EditVersion {
        EditVersion(max(Int64(now.timeIntervalSince1970 * 1000), value + 1))
    }
}

/// What a save found when the recipe had changed since the form was loaded.
package struct EditConflict: Error, Sendable {
    package var current: Recipe
    package var currentVersion: EditVersion

    package init(current: Recipe, currentVersion: EditVersion) {
        self.current = current
        self.currentVersion = currentVersion
    }
}

/// What a revert dropped, kept for `lifetime` so that one Undo can put exactly it back.
package struct RevertUndo: Sendable, Equatable {
    package static let lifetime: TimeInterval = 120

    /// Random, so an Undo form can only restore the revert it was shown for.
    package var token: String
    package var expiresAt: Date

    package init(token: String, expiresAt: Date) {
        self.token = token
        self.expiresAt = expiresAt
    }
}

/// Why an Undo of a revert did nothing.
package enum UndoRefusal: Error, Sendable, Equatable {
    /// Too late, already used, or never this shopper's.
    case gone
    /// The copy was edited again after the revert; restoring would overwrite that.
    case editedSince
}
