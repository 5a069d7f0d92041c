import Hummingbird
import RecipeCartDomain

extension AppRequestContext {
    /// The order the path's `{code}` names; a 404 when it names none.
    func orderCode() throws -> OrderCode {
        guard let code = parameters.get("code").flatMap(OrderCode.init) else {
            throw AppError.notFound("There is no order with that code.")
        }
        return code
    }
}
