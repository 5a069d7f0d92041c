/// A recipe that is not saved here and that the recipe service cannot give now: its page is a 503 that says so.
package struct RecipeUnavailable: Error, Equatable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
