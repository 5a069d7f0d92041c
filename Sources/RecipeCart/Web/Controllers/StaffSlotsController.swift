import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// `/staff/slots`, signed-in staff only: the shop's pickup slots, kept in the database every instance reads.
struct StaffSlotsController: Sendable {
    let store: any PickupSlotStore
    let pages: PageContext

    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        let signedIn = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInPage))
        signedIn.add(.staffSlots, .get, use: show)
        signedIn.add(.staffSlots, .post, use: save)
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let settings = try await store.settings()
        return try render(
            PickupSlotForm(settings), isOn: settings != nil, problems: [],
            saved: FormFields.query(of: request)["saved"] == "1", status: .ok, context: context)
    }

    /// `action=save` keeps the form's settings; `action=off` turns slots off. Anything unreadable is a 400, anything
    /// out of range a 422; either shows the form again as typed, and saves nothing.
    func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        switch form["action"] {
        case "off":
            try await store.save(nil)
        case "save":
            let typed = PickupSlotForm(form)
            switch typed.settings() {
            case .success(let settings):
                try await store.save(settings)
            case .failure(let refusal):
                let isOn = try await store.settings() != nil
                switch refusal {
                case .unreadable(let problems):
                    return try render(typed, isOn: isOn, problems: problems, status: .badRequest, context: context)
                case .outOfRange(let problems):
                    return try render(
                        typed, isOn: isOn, problems: problems, status: .unprocessableContent, context: context)
                }
            }
        default:
            throw AppError.badRequest("The form didn’t say whether to save the slots or turn them off.")
        }
        return pages.redirect(to: SiteURL.staffSlots.path + "?saved=1")
    }

    private func render(
        _ form: PickupSlotForm, isOn: Bool, problems: [String], saved: Bool = false, status: HTTPResponse.Status,
        context: AppRequestContext
    ) throws -> Response {
        let view = StaffSlotsView(
            form: form, isOn: isOn, problems: problems, saved: saved, zoneName: pages.timeZone.identifier,
            csrfToken: pages.signer.csrfToken(for: try context.shopper),
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"))
        return try pages.renderer.response(view, status: status)
    }
}
