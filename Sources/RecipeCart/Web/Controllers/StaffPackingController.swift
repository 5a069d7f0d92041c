import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage

/// Packing an order on the board: each row of its pick list marked found (a weighed good at the weight packed), short
/// or replaced, over the mark the board showed, so two screens marking one row at once change it once.
struct StaffPackingController: Sendable {
    let orders: any OrderStore
    let shoppingLists: ShoppingListBuilder
    let pages: PageContext
    /// The shop's currency, which a refused replacement's prices are written in.
    let currency: Currency
    /// The shelf a replacement is picked from, and what each row's ingredient is offered as.
    let shelf: ShelfOffers
    /// How much dearer, in percent, a close match may be than the row it replaces (`--close-match-price-rise`).
    let closeMatchPriceRise: Int

    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        // A paired wall screen packs too.
        routes.group(behind: StaffOnlyMiddleware(admitting: .staffAndScreens, signInPage: signInPage))
            .add(.staffOrderMark, .post, use: markPickRow)
    }

    /// `POST /staff/orders/{code}/marks`: marks one row of the order's pick list found (with `packed`, the weight a
    /// weighed good was packed at), short (`missing`, how many; on a priced row, packs) or replaced (`replacement`,
    /// what with; on a priced row, a product of the shelf by its name or SKU, priced now), or clears it
    /// (`state=none`). `was`, `was_missing`, `was_replacement` and `was_packed` are the mark the board showed.
    func markPickRow(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try context.orderCode()
        guard let row = form["row"], !row.isEmpty, let was = form["was"], let state = form["state"] else {
            throw AppError.badRequest("The form didn’t say which row to mark, how, and how it was marked before.")
        }
        let expected = try Self.pickMark(
            state: was, missing: form["was_missing"], replacement: form["was_replacement"],
            packed: try form["was_packed"].map { text in
                guard let amount = Int(text) else { throw AppError.badRequest("The mark shown is not readable.") }
                return amount
            })
        // A weight is read in the row's unit, once the order is found.
        let isWeight = state == "found" && form["packed"] != nil
        let asked =
            isWeight ? nil : try Self.pickMark(state: state, missing: form["missing"], replacement: form["replacement"])
        guard let found = try await orders.order(code, session: nil) else {
            throw AppError.notFound("There is no order with that code.")
        }
        let order = found.order
        let rows = shoppingLists.pickList(for: order, walkingOrder: Aisle.defaultOrder).flatMap(\.items)
        guard rows.contains(where: { $0.key == row }) else {
            throw AppError.notFound("Order \(code) has no such row on its pick list.")
        }
        let priced = order.content.pricing?.lines.filter { $0.rowKey == row } ?? []
        let mark =
            isWeight
            ? try weighed(form["packed"] ?? "", priced: priced)
            : try await checked(asked, priced: priced, order: order)
        guard try await orders.mark(code, row: row, expected: expected, to: mark) else {
            let now = try await orders.order(code, session: nil)?.order ?? order
            guard now.status.isOpen else {
                throw AppError.conflict("Order \(code) is “\(now.status.title)”: its pick list can’t change now.")
            }
            guard now.status != .ready || now.content.pricing == nil else {
                throw AppError.conflict(
                    "Order \(code) is ready, so its bill is fixed. Undo “Ready” to change its pick list.")
            }
            throw AppError.conflict(
                "That row of order \(code) was marked meanwhile, on another screen. The board shows its mark now.")
        }
        return pages.redirect(to: SiteURL.staffBoard.path + "#order-\(code)")
    }

    /// A weighed row found at the weight typed, in its priced line's unit.
    private func weighed(_ typed: String, priced: [PricedOrderLine]) throws -> PickMark {
        guard let weighed = priced.first(where: \.isWeighed) else {
            throw AppError.unprocessable("This row is not sold by weight: mark it found, short or replaced.")
        }
        return .weighed(amount: try PackedWeight.amount(typed, unit: weighed.unit))
    }

    /// The mark the form asks for, checked against the row's priced lines (`priced`, empty for a row the shop does
    /// not sell) and the shopper's substitution choice: a priced row is short by packs it has, and replaced with a
    /// product of the shelf, priced now.
    private func checked(_ mark: PickMark?, priced: [PricedOrderLine], order: Order) async throws -> PickMark? {
        guard !priced.isEmpty, let mark else { return mark }
        switch mark {
        case .short(let missing):
            let packs = priced.reduce(0) { $0 + $1.packs }
            guard missing <= packs else {
                throw AppError.unprocessable(
                    "This row has \(packs == 1 ? "1 pack" : "\(packs) packs"): say how many of them are missing.")
            }
            return mark
        case .replaced(let text, _):
            guard let offer = try await shelf.offer(named: text) else {
                throw AppError.unprocessable(
                    "No product on the shelf is called “\(text)”: choose one from the list, or type its SKU.")
            }
            guard !priced.contains(where: { $0.sku == offer.sku }) else {
                throw AppError.unprocessable("\(offer.name) is what the list asked for: mark the row found or short.")
            }
            let line = PricedOrderLine(replacing: priced, with: offer)
            let estimated = priced.reduce(0) { $0 + $1.priceMinor }
            if let choice = order.content.substitution,
                let refusal = choice.refusal(
                    replacing: estimated, with: line.priceMinor, priceRise: closeMatchPriceRise)
            {
                throw AppError.unprocessable(refusalText(refusal, line: line, estimated: estimated))
            }
            return .replaced(with: offer.name, line: line)
        case .found, .weighed:
            return mark
        }
    }

    /// Why the shopper's choice does not allow the replacement, in the words the board shows.
    private func refusalText(_ refusal: ReplacementRefusal, line: PricedOrderLine, estimated: Int) -> String {
        switch refusal {
        case .leaveOut:
            "The shopper chose “Leave it out”: nothing may replace this row. Mark it short instead."
        case .tooDear(let limit):
            "\(line.name) costs \(currency.format(minor: line.priceMinor)) for this row, more than a close match may: "
                + "at most \(closeMatchPriceRise) % over \(currency.format(minor: estimated)), so "
                + "\(currency.format(minor: limit)). Pick a cheaper one, or mark the row short."
        }
    }

    /// A mark as the form gives it: `none` is no mark; anything that does not make a mark is a 422 saying why.
    private static func pickMark(state: String, missing: String?, replacement: String?, packed: Int? = nil) throws
        -> PickMark?
    {
        guard state != "none" else { return nil }
        let missingCount = missing.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let replacement = replacement?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let mark = PickMark(state: state, missing: missingCount, replacement: replacement, packedAmount: packed)
        else {
            switch state {
            case "short":
                throw AppError.unprocessable(
                    "Say how many are missing: a whole number from 1 to \(PickMark.maximumMissing).")
            case "replaced":
                throw AppError.unprocessable(
                    "Say what it was replaced with, in at most \(PickMark.maximumReplacementLength) characters.")
            default:
                throw AppError.badRequest("A row is marked found, short or replaced.")
            }
        }
        return mark
    }
}
