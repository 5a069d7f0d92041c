import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// `GET/POST /recipes/{id}/edit`, `POST /recipes/{id}/revert` and `POST /recipes/{id}/undo`: local edits of title,
/// description, picture and steps. Signed-in staff change the shop's copy; anyone else makes their own version.
struct EditController: Sendable {
    /// A 5 MB picture plus the text fields; everything else keeps the usual 64 KB.
    static let bodyLimit = 6 * 1024 * 1024

    let catalog: any CatalogStore
    let edits: any RecipeEditStore
    let pictures: PictureStore
    let pages: PageContext

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.recipeEdit, .get, use: show)
        routes.add(.recipeEdit, .post, use: update)
        routes.add(.recipeRevert, .post, use: revert)
        routes.add(.recipeUndo, .post, use: undo)
    }

    /// The copy a request from this visitor reads and changes.
    static func copy(for context: AppRequestContext) throws -> EditCopy {
        context.isStaff ? .shop : .personal(try context.shopper.key)
    }

    /// What the detail page says while a revert can still be undone, so the offer outlives the page it landed on.
    static func pendingUndoMessage(for recipe: Recipe, copy: EditCopy, in edits: any RecipeEditStore) async throws
        -> StatusMessage?
    {
        try await edits.pendingUndo(of: recipe.id, copy: copy).map { revertedMessage(recipe, copy: copy, undo: $0) }
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let copy = try Self.copy(for: context)
        let recipe = try await recipe(context, copy: copy)
        let version = try await edits.version(of: recipe.id, copy: copy)
        return try await render(
            recipe: recipe, copy: copy, title: recipe.title, description: recipe.description,
            steps: recipe.steps.isEmpty ? [""] : recipe.steps, version: version, context: context)
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        var copy = try Self.copy(for: context)
        var recipe = try await recipe(context, copy: copy)
        let multipart = try await MultipartForm.read(from: request, limit: Self.bodyLimit)
        try CSRFProtectedForm.check(multipart["_csrf"], session: try context.shopper, signer: pages.signer)
        var form = try EditForm(multipart)
        guard form.action == .save else {
            form.applyStepAction()
            let notice =
                "Not saved yet: press Save changes when you are done."
                + (form.picture == nil ? "" : " Please choose the picture again.")
            return try await render(recipe: recipe, copy: copy, form: form, notice: notice, context: context)
        }
        guard !EditCopyField.contradicts(multipart[EditCopyField.name], copy) else {
            form.version = try await edits.version(of: recipe.id, copy: copy)
            let notice =
                (copy == .shop
                    ? "Nothing was saved: you signed in as staff after opening this form, so saving now changes the shop’s recipe for every shopper. Check it and save again."
                    : "Nothing was saved: your staff sign-in ended after you opened this form, so saving now makes your own version, which only you see. Sign in again to change the shop’s recipe.")
                + (form.picture == nil ? "" : " Please choose the picture again.")
            return try await render(
                recipe: recipe, copy: copy, form: form, status: .conflict, notice: notice, context: context)
        }
        var errors = form.validate()
        let upload = form.picture.flatMap { file in Self.check(file, errors: &errors) }
        guard errors.isEmpty else {
            if upload != nil { errors.picture = "The picture was fine, but please choose it again." }
            return try await render(
                recipe: recipe, copy: copy, form: form, errors: errors, status: .unprocessableContent, context: context)
        }
        // A shopper's first stored row may come with a fresh session id, so a planted cookie cannot follow them.
        var session: ShopperSession?
        if copy != .shop {
            let writable = try await pages.writableSession(for: context)
            session = writable
            copy = .personal(writable.key)
        }
        var storedPicture: String?
        if let upload { storedPicture = try await pictures.store(upload.bytes, kind: upload.kind) }
        let edit = RecipeEdit(
            title: form.title.trimmingCharacters(in: .whitespacesAndNewlines), description: form.description,
            steps: form.trimmedSteps,
            picture: storedPicture.map { .replace(path: $0) } ?? (form.removePicture ? .remove : .keep))
        do {
            let saved = try await edits.save(edit, for: recipe.id, copy: copy, expected: form.version)
            await pictures.delete(saved.replacedPicture)
            await tidyPictures(context: context)
        } catch let conflict as EditConflict {
            await pictures.delete(storedPicture)
            recipe = conflict.current
            form.version = conflict.currentVersion
            let theirs = EditView.Conflict(title: recipe.title, description: recipe.description, steps: recipe.steps)
            let notice =
                (copy == .shop
                    ? "Someone saved this recipe while you were editing. Your text is below, theirs beside it."
                    : "You saved another version of this recipe (in another tab or window) while editing this one. Your text is below, the saved one beside it.")
                + (storedPicture == nil ? "" : " Please choose the picture again.")
            return try await render(
                recipe: recipe, copy: copy, form: form, status: .conflict, conflict: theirs, notice: notice,
                context: context)
        }
        let text =
            copy == .shop
            ? "Saved your changes to \(edit.title) for every shopper." : "Saved your version of \(edit.title)."
        return pages.redirect(to: SiteURL.recipe(recipe.id).path, status: StatusMessage(text), session: session)
    }

    /// Drops the edit of the copy the form names (the shop's needs staff sign-in), keeping it a while for Undo.
    func revert(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        let copy: EditCopy
        switch form[EditCopyField.name] {
        case EditCopyField.shop?:
            guard context.isStaff else {
                throw AppError.forbidden(
                    "Only signed-in staff can change the shop’s recipe. Your own version, if you made one, is unchanged."
                )
            }
            copy = .shop
        case EditCopyField.personal?: copy = .personal(session.key)
        default: copy = try Self.copy(for: context)
        }
        let recipe = try await recipe(context, copy: copy)
        let undo = try await edits.revert(recipe.id, copy: copy)
        await tidyPictures(context: context)
        let status = undo.map { Self.revertedMessage(recipe, copy: copy, undo: $0) }
        return pages.redirect(to: SiteURL.recipe(recipe.id).path, status: status)
    }

    /// `POST /recipes/{id}/undo`: puts back exactly the edit the last revert dropped.
    func undo(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        guard let token = form["undo"], !token.isEmpty, token.utf8.count <= 64 else {
            throw AppError.badRequest("The form didn’t say what to undo.")
        }
        let copy = try Self.copy(for: context)
        let id = try await recipe(context, copy: copy).id
        do {
            try await edits.undoRevert(token: token, of: id, copy: copy)
        } catch UndoRefusal.gone {
            throw AppError.conflict("That can’t be undone any more: it was too long ago, or it was undone already.")
        } catch UndoRefusal.editedSince {
            throw AppError.conflict(
                "That can’t be undone: the recipe was edited again since, and undoing would overwrite that edit.")
        }
        let restored = try await recipe(context, copy: copy)
        let text =
            copy == .shop
            ? "Restored the shop’s edit of \(restored.title)." : "Restored your version of \(restored.title)."
        return pages.redirect(to: SiteURL.recipe(id).path, status: StatusMessage(text))
    }

    private static func revertedMessage(_ recipe: Recipe, copy: EditCopy, undo: RevertUndo) -> StatusMessage {
        let text =
            copy == .shop
            ? "Reverted \(recipe.title) to the original." : "Back to the shop’s version of \(recipe.title)."
        return StatusMessage(text, undo: .init(action: SiteURL.recipeUndo(recipe.id).path, token: undo.token))
    }

    private func recipe(_ context: AppRequestContext, copy: EditCopy) async throws -> Recipe {
        try await RecipeController.recipe(
            try context.recipeID(else: RecipeController.notFound), in: catalog, for: copy.session)
    }

    /// Pictures of Undos that ran out, and of versions purged with their sessions, go once nothing uses them.
    private func tidyPictures(context: AppRequestContext) async {
        do {
            await pictures.deleteUnused(keeping: try await edits.tidy(), now: pages.clock.now())
        } catch {
            context.logger.warning("tidying edit pictures failed: \(error)")
        }
    }

    /// The picture's kind from its bytes, or a message for the form.
    private static func check(_ file: MultipartForm.File, errors: inout EditForm.Errors) -> (
        bytes: [UInt8], kind: ImageKind
    )? {
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
        recipe: Recipe, copy: EditCopy, form: EditForm, errors: EditForm.Errors = .init(),
        status: HTTPResponse.Status = .ok,
        conflict: EditView.Conflict? = nil, notice: String? = nil, context: AppRequestContext
    ) async throws -> Response {
        try await render(
            recipe: recipe, copy: copy, title: form.title, description: form.description, steps: form.steps,
            version: form.version,
            removePicture: form.removePicture, errors: errors, notice: notice, conflict: conflict, status: status,
            context: context)
    }

    private func render(
        recipe: Recipe, copy: EditCopy, title: String, description: String, steps: [String], version: EditVersion,
        removePicture: Bool = false, errors: EditForm.Errors = .init(), notice: String? = nil,
        conflict: EditView.Conflict? = nil,
        status: HTTPResponse.Status = .ok, context: AppRequestContext
    ) async throws -> Response {
        let chrome = try await pages.chrome(title: "Edit \(recipe.title)", context: context)
        let view = EditView(
            recipe: recipe, copy: copy, title: title, description: description, steps: steps, version: version,
            removePicture: removePicture, errors: errors, notice: notice, conflict: conflict, chrome: chrome)
        return try pages.renderer.response(view, status: status)
    }
}
