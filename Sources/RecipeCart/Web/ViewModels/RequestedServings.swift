/// What `?servings=` asked for, brought into the range a recipe can be scaled to.
struct RequestedServings: Equatable {
    var value: Int
    /// The number asked for when it was out of range, so the page can say it showed another.
    var clampedFrom: Int?
}
