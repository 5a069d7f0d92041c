import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage

/// The shop's shelf for staff: the products, searched and paged; the upload of a till's file through the same
/// importer as `web products import`; one product's price, stock and pack edited; and which products each ingredient
/// of the carts and orders is sold as. Staff only: a paired wall screen is refused.
struct StaffProductsController: Sendable {
    static let pageSize = 50
    /// A till's largest file, and room for the form around it.
    static let importBodyLimit = ProductFile.largestByteCount + FormFields.maximumBodySize
    /// An ingredient key longer than this is no shopping-list key.
    static let longestKey = 200

    let products: any ProductStore
    let currency: Currency
    let carts: any CartStore
    let orders: any OrderStore
    let shoppingLists: ShoppingListBuilder
    let pages: PageContext

    var importer: ProductImporter { ProductImporter(products: products, currency: currency) }

    /// - Parameter signInPage: what these pages answer without a staff session (the staff sign-in).
    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        let staffOnly = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInPage))
        staffOnly.add(.staffProducts, .get, use: list)
        staffOnly.add(.staffProductsImport, .post, use: upload)
        staffOnly.add(.staffProductMatches, .get, use: matches)
        staffOnly.add(.staffProductMatches, .post, use: confirmMatch)
        staffOnly.add(.staffProduct, .get, use: editForm)
        staffOnly.add(.staffProduct, .post, use: edit)
    }

    /// `GET /staff/products`: `q` searches SKU, name and GTIN; `page` counts from 1.
    func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = FormFields.query(of: request)
        let search = (query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let page = query["page"].flatMap(Int.init).map { min(max($0, 1), 100_000) } ?? 1
        return try await listPage(search: search, page: page, context: context, status: context.statusMessage?.text)
    }

    /// `POST /staff/products/import`: `file`, `format` (`auto`, `square`, `shopify`, `plain`) and `skip_bad`. An
    /// applied file lands back on the list with its summary; a refused one is a 422 with its report, nothing changed.
    func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await MultipartForm.read(from: request, limit: Self.importBodyLimit)
        try CSRFProtectedForm.check(form["_csrf"], session: try context.shopper, signer: pages.signer)
        let formatName = form["format"] ?? "auto"
        let skipBad = form["skip_bad"] != nil
        func refused(_ summary: String, _ rows: [RefusedRow] = []) async throws -> Response {
            try await listPage(
                search: "", page: 1, context: context, httpStatus: .unprocessableContent,
                report: .init(summary: summary, refused: rows.map(\.description)),
                format: TillFormat(name: formatName)?.rawValue ?? "auto", skipBad: skipBad)
        }
        let format: TillFormat?
        if formatName == "auto" {
            format = nil
        } else if let named = TillFormat(name: formatName) {
            format = named
        } else {
            return try await refused("There is no product file format “\(formatName)”: nothing was changed.")
        }
        guard let file = form.files["file"] else {
            return try await refused("Choose the till’s CSV file to upload: nothing was changed.")
        }
        let outcome: ProductImporter.Outcome
        do {
            outcome = try await importer.run(bytes: file.bytes, format: format, skipBad: skipBad)
        } catch let refusal as ProductFileRefusal {
            return try await refused("The file was refused, so nothing was changed: \(refusal.description).")
        }
        guard outcome.isApplied else {
            return try await refused(
                "\(outcome.format.title): \(outcome.refused.count) refused, so nothing was changed "
                    + "(tick “Skip bad rows” to apply the other rows).",
                outcome.refused)
        }
        return pages.redirect(to: SiteURL.staffProducts.path, status: StatusMessage(Self.status(of: outcome)))
    }

    /// The summary, then as many refused rows as the message holds.
    static func status(of outcome: ProductImporter.Outcome) -> String {
        var text = outcome.summary
        for (index, row) in outcome.refused.enumerated() {
            let more = outcome.refused.count - index - 1
            let next = (index == 0 ? " Refused: " : "; ") + row.description
            let tail = more > 0 ? "; and \(more) more." : "."
            guard text.count + next.count + tail.count <= StatusMessage.maximumLength else {
                return text + (index == 0 ? "" : "; and \(more + 1) more.")
            }
            text += next
            if more == 0 { text += "." }
        }
        return text
    }

    /// `GET /staff/products/{sku}`.
    func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let product = try await product(context)
        return try editPage(product, fields: StaffProductFields(product, currency: currency), context: context)
    }

    /// `POST /staff/products/{sku}`: `version` is the product's version the form was drawn from, so an edit saved
    /// meanwhile is shown (409) rather than overwritten.
    func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let found = try await product(context)
        guard let version = form["version"].flatMap(Int.init) else {
            throw AppError.badRequest("The form didn’t say which version of the product it was drawn from.")
        }
        let fields = StaffProductFields(form: form)
        var drawn = found
        drawn.version = version
        let edited: Product
        switch fields.applied(to: drawn, currency: currency) {
        case .success(let product): edited = product
        case .failure(let refusal):
            return try editPage(
                drawn, fields: fields, errors: refusal.reasons + ["Nothing was changed."],
                status: .unprocessableContent,
                context: context)
        }
        switch try await products.update(edited) {
        case .saved(let saved):
            let text =
                "Saved \(saved.sku) \(saved.name): \(ProductPriceText.price(of: saved, in: currency)), "
                + "\(saved.packSize.display), stock \(saved.stock.map(String.init) ?? "not counted")"
                + (saved.isActive ? "." : ", not active.")
            return pages.redirect(to: SiteURL.staffProducts.path, status: StatusMessage(text))
        case .raced(let current):
            return try editPage(
                current, fields: fields,
                errors: [
                    "Someone else saved this product while you edited it: nothing of yours was saved. Its values now "
                        + "are shown beside what you typed; save again to put yours in their place."
                ], raced: true, status: .conflict, context: context)
        case .missing:
            throw AppError.notFound("There is no product with that SKU.")
        }
    }

    /// `GET /staff/products/matches`: `q` searches the products to pick from.
    func matches(_ request: Request, context: AppRequestContext) async throws -> Response {
        let search = (FormFields.query(of: request)["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let walkingOrder = try await shoppingLists.walkingOrder()
        var groups = try await shoppingLists.pickList(for: try await carts.activeCarts(), walkingOrder: walkingOrder)
        for order in try await orders.openOrders() {
            groups += shoppingLists.pickList(for: order, walkingOrder: walkingOrder)
        }
        var seen: Set<String> = []
        let needed = groups.flatMap(\.items).filter { seen.insert($0.key).inserted }
        let found =
            search.isEmpty ? [] : try await products.products(search: search, limit: Self.pageSize, offset: 0)
        let view = StaffProductMatchesView(
            needed: needed, confirmed: try await products.allMatches(),
            shelf: ShelfIndex(products: try await products.activeProducts()), found: found.filter(\.isActive),
            search: search, currency: currency, csrfToken: pages.signer.csrfToken(for: try context.shopper),
            assets: pages.assets, status: context.statusMessage?.text)
        return try pages.renderer.response(view)
    }

    /// `POST /staff/products/matches`: `ingredient` (a shopping-list key) is sold as every `sku` given; `remove`
    /// takes its match away, so it is suggested again.
    func confirmMatch(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            throw AppError.badRequest("This form must be sent as an ordinary web form.")
        }
        let body = String(buffer: try await RequestBody.collect(request, limit: FormFields.maximumBodySize))
        let form = try FormFields.parse(body)
        try CSRFProtectedForm.check(form["_csrf"], session: try context.shopper, signer: pages.signer)
        guard let key = form["ingredient"]?.trimmingCharacters(in: .whitespaces), !key.isEmpty,
            key.count <= Self.longestKey
        else {
            throw AppError.badRequest("The form didn’t say which ingredient to match.")
        }
        var skus: [String] = []
        if form["remove"] == nil {
            for sku in Self.repeatedValues("sku", in: body) where !skus.contains(sku) { skus.append(sku) }
            guard !skus.isEmpty else {
                throw AppError.unprocessable("Tick or type at least one product for “\(key)”, or remove its match.")
            }
            for sku in skus where try await products.product(sku: sku) == nil {
                throw AppError.unprocessable("There is no product with SKU “\(sku)”: nothing was changed.")
            }
        }
        try await products.setMatch(ingredient: key, skus: skus)
        let text =
            skus.isEmpty
            ? "“\(key)” has no confirmed match now: it is suggested from the shelf again."
            : "“\(key)” is sold as \(skus.joined(separator: ", "))."
        return pages.redirect(to: SiteURL.staffProductMatches.path, status: StatusMessage(text))
    }

    /// Every non-empty value of a field a form repeats (one checkbox a product), in order; `FormFields` keeps the
    /// first alone.
    static func repeatedValues(_ name: String, in body: String) -> [String] {
        body.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, Self.decoded(parts[0]) == name,
                let value = Self.decoded(parts[1])?.trimmingCharacters(in: .whitespaces), !value.isEmpty
            else { return nil }
            return value
        }
    }

    private static func decoded(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private func product(_ context: AppRequestContext) async throws -> Product {
        // The router hands the path's segment over as sent: a SKU's spaces and slashes arrive percent-encoded.
        guard let sent = context.parameters.get("sku"), let sku = sent.removingPercentEncoding,
            let product = try await products.product(sku: sku)
        else {
            throw AppError.notFound("There is no product with that SKU.")
        }
        return product
    }

    private func listPage(
        search: String, page: Int, context: AppRequestContext, httpStatus: HTTPResponse.Status = .ok,
        status: String? = nil, report: StaffProductsView.Report? = nil, format: String = "auto", skipBad: Bool = false
    ) async throws -> Response {
        let found = try await products.products(
            search: search, limit: Self.pageSize + 1, offset: (page - 1) * Self.pageSize)
        let view = StaffProductsView(
            products: Array(found.prefix(Self.pageSize)), search: search, page: page,
            hasNextPage: found.count > Self.pageSize, currency: currency,
            csrfToken: pages.signer.csrfToken(for: try context.shopper), assets: pages.assets, status: status,
            report: report, format: format, skipBad: skipBad)
        return try pages.renderer.response(view, status: httpStatus)
    }

    private func editPage(
        _ product: Product, fields: StaffProductFields, errors: [String] = [], raced: Bool = false,
        status: HTTPResponse.Status = .ok, context: AppRequestContext
    ) throws -> Response {
        let view = StaffProductEditView(
            product: product, fields: fields, errors: errors, raced: raced, currency: currency,
            csrfToken: pages.signer.csrfToken(for: try context.shopper), assets: pages.assets)
        return try pages.renderer.response(view, status: status)
    }
}
