import Foundation
import Hummingbird

/// `GET/POST /recipes/{id}/edit` and `POST /recipes/{id}/revert`: local edits of title, description, picture and steps.
struct EditController: Sendable {
    /// A 5 MB picture plus the text fields; everything else keeps the usual 64 KB.
    static let bodyLimit = 6 * 1024 * 1024

    let catalog: CatalogStore
    let edits: RecipeEditStore
    let pictures: PictureStore
    let pages: PageContext

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await RecipeController.recipe(context.parameters.get("id"), in: catalog)
        let version = try await edits.version(of: recipe.id)
        return try await render(
            recipe: recipe, title: recipe.title, description: recipe.description,
            steps: recipe.steps.isEmpty ? [""] : recipe.steps, version: version, context: context)
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await RecipeController.recipe(context.parameters.get("id"), in: catalog)
        let multipart = try await MultipartForm.read(from: request, limit: Self.bodyLimit)
        try CSRFProtectedForm.check(multipart["_csrf"], session: try context.shopper, signer: pages.signer)
        var form = try EditForm(multipart)
        guard form.action == .save else {
            form.applyStepAction()
            let notice = "Not saved yet: press Save changes when you are done."
                + (form.picture == nil ? "" : " Please choose the picture again.")
            return try await render(recipe: recipe, form: form, notice: notice, context: context)
        }
        var errors = form.validate()
        let upload = form.picture.flatMap { file in Self.check(file, errors: &errors) }
        guard errors.isEmpty else {
            if upload != nil { errors.picture = "The picture was fine, but please choose it again." }
            return try await render(recipe: recipe, form: form, errors: errors, status: .unprocessableContent, context: context)
        }
        let storedPicture = try upload.map { try pictures.store($0.bytes, kind: $0.kind) }
        let edit = RecipeEdit(
            title: form.title.trimmingCharacters(in: .whitespacesAndNewlines), description: form.description,
            steps: form.trimmedSteps,
            picture: storedPicture.map { .replace(path: $0) } ?? (form.removePicture ? .remove : .keep))
        do {
            let saved = try await edits.save(edit, for: recipe.id, expected: form.version)
            pictures.delete(saved.replacedPicture)
        } catch let conflict as EditConflict {
            pictures.delete(storedPicture)
            form.version = conflict.currentVersion
            let theirs = EditView.Conflict(
                title: conflict.current.title, description: conflict.current.description, steps: conflict.current.steps)
            return try await render(
                recipe: conflict.current, form: form, status: .conflict, conflict: theirs,
                notice: "Someone saved this recipe while you were editing. Your text is below, theirs beside it."
                    + (storedPicture == nil ? "" : " Please choose the picture again."),
                context: context)
        }
        return Response(status: .seeOther, headers: [.location: "/recipes/\(recipe.id.rawValue)", .cacheControl: "no-store"])
    }

    func revert(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        _ = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        let recipe = try await RecipeController.recipe(context.parameters.get("id"), in: catalog)
        pictures.delete(try await edits.revert(recipe.id))
        return Response(status: .seeOther, headers: [.location: "/recipes/\(recipe.id.rawValue)", .cacheControl: "no-store"])
    }

    /// The picture's kind from its bytes, or a message for the form.
    private static func check(_ file: MultipartForm.File, errors: inout EditForm.Errors) -> (bytes: [UInt8], kind: ImageKind)? {
        guard file.bytes.count <= PictureStore.maximumBytes else {
            errors.picture = "That picture is too large: at most 5 MB, please."
            return nil
        }
        guard let kind = ImageKind(sniffing: file.bytes) else {
            errors.picture = "That file isn’t a picture we can use: please choose a JPEG, PNG, WebP or GIF."
            return nil
        }
        return (file.bytes, kind)
    }

    private func render(
        recipe: Recipe, form: EditForm, errors: EditForm.Errors = .init(), status: HTTPResponse.Status = .ok,
        conflict: EditView.Conflict? = nil, notice: String? = nil, context: AppRequestContext
    ) async throws -> Response {
        try await render(
            recipe: recipe, title: form.title, description: form.description, steps: form.steps, version: form.version,
            removePicture: form.removePicture, errors: errors, notice: notice, conflict: conflict, status: status, context: context)
    }

    private func render(
        recipe: Recipe, title: String, description: String, steps: [String], version: EditVersion, removePicture: Bool = false,
        errors: EditForm.Errors = .init(), notice: String? = nil, conflict: EditView.Conflict? = nil,
        status: HTTPResponse.Status = .ok, context: AppRequestContext
    ) async throws -> Response {
        let chrome = try await pages.chrome(title: "Edit \(recipe.title)", context: context)
        let view = EditView(
            recipe: recipe, title: title, description: description, steps: steps, version: version,
            removePicture: removePicture, errors: errors, notice: notice, conflict: conflict, chrome: chrome)
        return try pages.renderer.response("edit", view, status: status)
    }
}
