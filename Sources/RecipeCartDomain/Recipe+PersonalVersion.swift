extension Recipe {
    /// Lays a shopper's own version over the shop's copy, for the pages only they see.
    package mutating func applyPersonalVersion(
        title: String, description: String, imagePath: String?, imageRemoved: Bool, steps: [String]
    ) {
        self.title = title
        self.description = description
        // A version that neither replaced nor removed the picture shows whatever the shop's copy shows.
        if imageRemoved {
            self.imagePath = nil
        } else if let imagePath {
            self.imagePath = imagePath
        }
        self.steps = steps
        isPersonalCopy = true
    }
}
