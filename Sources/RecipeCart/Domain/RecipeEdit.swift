/// A shopper's local change to a recipe: it wins over the catalog and upstream data, and no refresh touches it.
public struct RecipeEdit: Sendable, Equatable {
    public static let titleLimit = 1...120
    public static let descriptionLimit = 2_000
    public static let stepLimit = 50
    public static let stepLengthLimit = 1_000

    public var title: String
    public var description: String
    public var steps: [String]
    public var picture: PictureChange

    public init(title: String, description: String, steps: [String], picture: PictureChange) {
        self.title = title
        self.description = description
        self.steps = steps
        self.picture = picture
    }
}

public enum PictureChange: Sendable, Equatable {
    case keep
    /// A picture stored under `/images/`, e.g. `uploads/3f….png`.
    case replace(path: String)
    case remove
}

/// Which saved state an edit form was loaded from; 0 means the unedited original.
public struct EditVersion: Sendable, Equatable, Hashable {
    public static let original = EditVersion(0)

    public let value: Int64

    public init(_ value: Int64) {
        self.value = value
    }
}

/// What a save found when the recipe had changed since the form was loaded.
public struct EditConflict: Error, Sendable {
    public var current: Recipe
    public var currentVersion: EditVersion
}
