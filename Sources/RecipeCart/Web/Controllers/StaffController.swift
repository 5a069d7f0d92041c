import Foundation
import Hummingbird
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream

/// The staff board behind the staff token: sign-in, sign-out, and, behind `StaffOnlyMiddleware`, every cart and one cart.
struct StaffController: Sendable {
    let carts: any CartStore
    let orders: any OrderStore
    /// Each ticket's hand-off to the delivery partner.
    let partner: any PartnerStore
    let lists: any ShoppingListStore
    let shoppingLists: ShoppingListBuilder
    let authenticator: StaffAuthenticator
    let throttle: any SignInThrottle
    let labeler: CartLabeler
    /// Read for the day's API points only.
    let upstream: UpstreamCatalog
    let pages: PageContext
    let boardChanges: BoardChanges
    let orderAges: OrderAge.Limits
    /// Whether the shop has pickup slots: the board then offers tomorrow's orders too.
    let pickup: PickupOffers
    /// The shop's currency, which the day's takings are written in.
    let currency: Currency
    /// The shelf a replacement is picked from, and what each row's ingredient is offered as.
    let shelf: ShelfOffers
    /// How much dearer, in percent, a close match may be than the row it replaces (`--close-match-price-rise`).
    let closeMatchPriceRise: Int

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.staffLogin, .get, use: loginForm)
        routes.add(.staffLogin, .post, use: login)
        routes.add(.staffLogout, .post, use: logout)
        // What a paired wall screen may use: the board (one cart's part of it too), its stream and its buttons.
        let boardRoutes = routes.group(
            behind: StaffOnlyMiddleware(admitting: .staffAndScreens, signInPage: signInFirst))
        boardRoutes.add(.staffBoard, .get, use: board)
        boardRoutes.add(.staffCart, .get, use: cart)
        boardRoutes.add(.staffEvents, .get, use: events)
        boardRoutes.add(.staffOrderStatus, .post, use: moveOrder)
        boardRoutes.add(.staffOrderBack, .post, use: moveOrderBack)
        boardRoutes.add(.staffOrderMark, .post, use: markPickRow)
        let signedIn = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInFirst))
        signedIn.add(.staffOrderHandoff, .post, use: retryHandoff)
        signedIn.add(.staffAisles, .get, use: aisles)
        signedIn.add(.staffAisles, .post, use: moveAisle)
    }

    /// `GET /staff/aisles`: the shop's walking order, which every shopping and pick list follows.
    func aisles(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = StaffAislesView(
            order: try await shoppingLists.walkingOrder(), csrfToken: pages.signer.csrfToken(for: try context.shopper),
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"))
        return try pages.renderer.response(view)
    }

    /// `POST /staff/aisles`: `aisle` and `move` (`up` or `down`) moves one aisle a place; `move=reset` puts back the
    /// default order.
    func moveAisle(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        var order = try await shoppingLists.walkingOrder()
        switch form["move"] {
        case "reset":
            order = Aisle.defaultOrder
        case "up", "down":
            guard let name = form["aisle"], let aisle = Aisle(rawValue: name), let index = order.firstIndex(of: aisle)
            else {
                throw AppError.badRequest("There is no such aisle.")
            }
            let target = form["move"] == "up" ? index - 1 : index + 1
            if order.indices.contains(target) { order.swapAt(index, target) }
        default:
            throw AppError.badRequest("The form didn’t say how to move the aisle.")
        }
        try await lists.setAisleOrder(order.map(\.rawValue))
        return pages.redirect(
            to: Route.staffAisles.url()
                + (form["aisle"].flatMap { Aisle(rawValue: $0) }.map { "#aisle-\($0.rawValue)" } ?? ""))
    }

    /// The token is never taken from the address: addresses end up in logs, history and referrers.
    func loginForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try login(status: .ok, message: nil, context: context)
    }

    func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        // Counted before the body is read: tries whose headers came first cannot all wait for their verdict together.
        let triedAt = pages.clock.now()
        if let wait = try await throttle.reserve(for: context.clientAddress, now: triedAt) {
            var response = try login(
                status: .tooManyRequests, message: "Too many wrong tokens. Please wait \(wait) seconds and try again.",
                context: context)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form: FormFields
        do {
            form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        } catch {
            // No token was judged, so no try was used: a forged or broken post cannot lock staff out.
            try await throttle.release(for: context.clientAddress, reservedAt: triedAt)
            throw error
        }
        guard let token = form["token"], authenticator.isValidToken(token) else {
            return try login(status: .unauthorized, message: "That token is not right.", context: context)
        }
        try await throttle.release(for: context.clientAddress, reservedAt: triedAt)
        var response = pages.redirect(to: Route.staffBoard.url())
        response.setCookie(
            pages.cookies.cookie(
                pages.cookies.staff, value: try await authenticator.signIn(), maxAge: Int(StaffAuthenticator.lifetime),
                sameSite: .strict))
        return response
    }

    /// Ends the session on the server too, so a copy of the cookie is worth nothing afterwards.
    func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        // A wall screen signs no one out, itself included: staff revoke it from the screens page.
        guard context.isStaff || context.screen != .paired else { throw StaffAccess.screenRefused }
        try await authenticator.signOut(context.sentCookies[pages.cookies.staff])
        var response = pages.redirect(to: Route.staffLogin.url())
        response.setCookie(pages.cookies.expired(pages.cookies.staff, sameSite: .strict))
        return response
    }

    /// `GET /staff`: today's orders (and any overdue, and those to collect as soon as possible), each column by when
    /// its orders are due; `day=tomorrow` shows tomorrow's, for packing early.
    func board(_ request: Request, context: AppRequestContext) async throws -> Response {
        let boardDay = try BoardDay(FormFields.query(of: request)["day"])
        let now = pages.clock.now()
        let active = try await carts.activeCarts()
        let today = OrderDayNumbers.day(of: now, in: pages.timeZone)
        let day = boardDay == .today ? today : OrderDayNumbers.day(of: today.end, in: pages.timeZone)
        let open = try await orders.openOrders().filter { order in
            boardDay == .today ? order.dueAt < today.end : day.contains(order.dueAt) && order.dueAt < day.end
        }
        let numbers =
            boardDay == .today
            ? OrderDayNumbers(orders: try await orders.timings(dueWithin: today), limits: orderAges, now: now) : nil
        let hasSlots = try await pickup.schedule() != nil
        return try await render(
            active, orders: open,
            done: try await orders.recentlyDone(since: now.addingTimeInterval(-Self.recentlyDoneFor)),
            numbers: numbers.map { ($0, today) }, title: boardDay == .today ? "Orders" : "Tomorrow’s orders",
            now: now, day: day, daySwitch: hasSlots || boardDay == .tomorrow ? boardDay : nil, context: context)
    }

    /// How long a collected or cancelled order stays in "Recently done", with its Bring back.
    static let recentlyDoneFor: TimeInterval = 3600

    /// `GET /staff/events`: what tells an open board to read itself again (`BoardEventStream`), for as long as the
    /// staff or screen session it was opened under holds.
    func events(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let session = context.staffSession else {
            throw AppError.internal("no staff session on the board's stream")
        }
        return BoardEventStream.response(changes: boardChanges, session: session, isHead: request.method == .head)
    }

    /// `POST /staff/orders/{code}/status`: `from` is the status the board showed, `to` the one its button names, so
    /// two people pressing at once move the order one step, not two.
    func moveOrder(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try orderCode(context)
        guard let from = form["from"].flatMap(OrderStatus.init), let to = form["to"].flatMap(OrderStatus.init) else {
            throw AppError.badRequest("The form didn’t say which step the order is at and where it goes.")
        }
        guard from.canMove(to: to) else {
            throw AppError.unprocessable("An order can’t go from “\(from.title)” to “\(to.title)”.")
        }
        guard try await orders.move(code, from: from, to: to) else {
            guard let found = try await orders.order(code, session: nil) else {
                throw AppError.notFound("There is no order with that code.")
            }
            throw AppError.conflict(
                "Order \(code) is “\(found.order.status.title)” now: someone moved it first. The board shows where it is."
            )
        }
        return pages.redirect(to: Route.staffBoard.url() + "#order-\(code)")
    }

    /// `POST /staff/orders/{code}/back`: takes the order's last move back, to the status it left: Undo for a minute
    /// after a move, Bring back for an hour after it was collected or cancelled. `from` is the status the board
    /// showed, so a move made meanwhile is not undone unseen.
    func moveOrderBack(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try orderCode(context)
        guard let from = form["from"].flatMap(OrderStatus.init) else {
            throw AppError.badRequest("The form didn’t say which step the order is at.")
        }
        let window = from.isOpen ? StaffOrderTicket.undoTaken : Self.recentlyDoneFor
        guard
            let back = try await orders.moveBack(
                code, from: from, movedSince: pages.clock.now().addingTimeInterval(-window))
        else {
            guard let found = try await orders.order(code, session: nil) else {
                throw AppError.notFound("There is no order with that code.")
            }
            throw AppError.conflict(
                "Order \(code) can’t go back from “\(from.title)” now: it is “\(found.order.status.title)”, and a move can "
                    + "be taken back only once, within a minute (an hour once it is collected or cancelled).")
        }
        return pages.redirect(to: Route.staffBoard.url() + (back.isOpen ? "#order-\(code)" : "#recently-done"))
    }

    /// `POST /staff/orders/{code}/marks`: marks one row of the order's pick list found (with `packed`, the weight a
    /// weighed good was packed at), short (`missing`, how many; on a priced row, packs) or replaced (`replacement`,
    /// what with; on a priced row, a product of the shelf by its name or SKU, priced now), or clears it
    /// (`state=none`). `was`, `was_missing`, `was_replacement` and `was_packed` are the mark the board showed.
    func markPickRow(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try orderCode(context)
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
        return pages.redirect(to: Route.staffBoard.url() + "#order-\(code)")
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

    /// `POST /staff/orders/{code}/handoff`: "Try again now" makes the order's waiting event due at once.
    func retryHandoff(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try orderCode(context)
        guard try await partner.retryNow(code) else {
            throw AppError.conflict(
                "Nothing of order \(code) waits to be sent to the delivery partner: it was sent, or is being sent now.")
        }
        return pages.redirect(to: Route.staffBoard.url() + "#order-\(code)")
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

    private func orderCode(_ context: AppRequestContext) throws -> OrderCode {
        guard let code = context.parameters.get("code").flatMap(OrderCode.init) else {
            throw AppError.notFound("There is no order with that code.")
        }
        return code
    }

    func cart(_ request: Request, context: AppRequestContext) async throws -> Response {
        let label = context.parameters.get("label") ?? ""
        guard let match = try await carts.activeCarts().first(where: { labeler.label(for: $0.sessionHash) == label })
        else {
            throw AppError.notFound("There is no cart with that label. It may have been emptied.")
        }
        let now = pages.clock.now()
        return try await render(
            [match], orders: [], done: [], numbers: nil, title: "Cart \(label)", now: now,
            day: OrderDayNumbers.day(of: now, in: pages.timeZone), daySwitch: nil, context: context)
    }

    private func render(
        _ active: [ActiveCart], orders: [Order], done: [Order], numbers: (OrderDayNumbers, DateInterval)?,
        title: String, now: Date, day: DateInterval, daySwitch: BoardDay?, context: AppRequestContext
    ) async throws -> Response {
        let walkingOrder = try await shoppingLists.walkingOrder()
        let pickList = try await shoppingLists.pickList(for: active, walkingOrder: walkingOrder)
        let tickets = orders.map { ($0, shoppingLists.pickList(for: $0, walkingOrder: walkingOrder)) }
        // What a priced row may be replaced with: the products its ingredient is offered as.
        let pricedItems = tickets.filter { $0.0.content.pricing != nil }.flatMap { $0.1.flatMap(\.items) }
        let choices = try await shelf.offers(for: pricedItems).mapValues { $0.map(\.name) }
        var view = StaffBoardView(
            orders: tickets, done: done,
            numbers: numbers.map { ($0.0, $0.1, currency) },
            carts: active.map { (labeler.label(for: $0.sessionHash), $0) }, pickList: pickList,
            points: try await upstream.pointsToday(), limits: orderAges,
            csrfToken: pages.signer.csrfToken(for: try context.shopper), assets: pages.assets, title: title,
            now: now, day: day, zone: pages.timeZone, handoffs: try await partner.handoffs(orders.map(\.code)),
            choices: choices)
        view.daySwitch = daySwitch.map(StaffBoardView.DaySwitch.init)
        if daySwitch == .tomorrow { view.refreshURL = Route.staffBoard.url() + "?day=tomorrow" }
        if context.screen == .paired { view.screenWatch = .paired(scriptURL: pages.assets.url(for: "screen.js")) }
        return try pages.renderer.response(view)
    }

    @Sendable func signInFirst(_ context: AppRequestContext) throws -> Response {
        try login(
            status: .unauthorized, message: "Please sign in with the staff token to see the carts.", context: context)
    }

    private func login(status: HTTPResponse.Status, message: String?, context: AppRequestContext) throws -> Response {
        let view = StaffLoginView(
            stylesheetURL: pages.assets.url(for: "staff.css"), iconURL: pages.assets.url(for: "icon.svg"),
            csrfToken: pages.signer.csrfToken(for: try context.shopper), message: message)
        var response = try pages.renderer.response(view, status: status)
        if status == .unauthorized {
            // RFC 9110 wants a challenge with every 401; this scheme names the form, and no browser pops a dialog for it.
            response.headers[.wwwAuthenticate] =
                #"StaffToken realm="RecipeCart staff", form="\#(Route.staffLogin.url())""#
        }
        return response
    }
}
