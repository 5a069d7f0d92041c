import RecipeCartStaticFiles

extension AppError {
    /// The page a refused static file gets.
    init(_ refusal: StaticFileRefusal) {
        switch refusal {
        case .methodNotAllowed: self = .methodNotAllowed
        case .malformedAddress: self = .badRequest("That file address is not valid.")
        case .noFile: self = .notFound("There is no file at this address.")
        }
    }
}
