import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream

/// The staff board: today's (or tomorrow's) orders in their columns, the carts being filled, one cart's part of the
/// board, the stream that tells an open board to read itself again, and the buttons that move an order on, take a
/// move back and retry its hand-off to the partner.
struct StaffBoardController: Sendable {
    let carts: any CartStore
    let orders: any OrderStore
    /// Each ticket's hand-off to the delivery partner.
    let partner: any PartnerStore
    let shoppingLists: ShoppingListBuilder
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
    /// What each priced row's ingredient is offered as: the replacements the board lists.
    let shelf: ShelfOffers

    func addRoutes(to routes: RouteRegistrar, signInPage: @escaping @Sendable (AppRequestContext) throws -> Response) {
        // What a paired wall screen may use: the board (one cart's part of it too), its stream and its buttons.
        let boardRoutes = routes.group(
            behind: StaffOnlyMiddleware(admitting: .staffAndScreens, signInPage: signInPage))
        boardRoutes.add(.staffBoard, .get, use: board)
        boardRoutes.add(.staffCart, .get, use: cart)
        boardRoutes.add(.staffEvents, .get, use: events)
        boardRoutes.add(.staffOrderStatus, .post, use: moveOrder)
        boardRoutes.add(.staffOrderBack, .post, use: moveOrderBack)
        let signedIn = routes.group(behind: StaffOnlyMiddleware(admitting: .staffOnly, signInPage: signInPage))
        signedIn.add(.staffOrderHandoff, .post, use: retryHandoff)
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
        let code = try context.orderCode()
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
        return pages.redirect(to: SiteURL.staffBoard.path + "#order-\(code)")
    }

    /// `POST /staff/orders/{code}/back`: takes the order's last move back, to the status it left: Undo for a minute
    /// after a move, Bring back for an hour after it was collected or cancelled. `from` is the status the board
    /// showed, so a move made meanwhile is not undone unseen.
    func moveOrderBack(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try context.orderCode()
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
        return pages.redirect(to: SiteURL.staffBoard.path + (back.isOpen ? "#order-\(code)" : "#recently-done"))
    }

    /// `POST /staff/orders/{code}/handoff`: "Try again now" makes the order's waiting event due at once.
    func retryHandoff(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let code = try context.orderCode()
        guard try await partner.retryNow(code) else {
            throw AppError.conflict(
                "Nothing of order \(code) waits to be sent to the delivery partner: it was sent, or is being sent now.")
        }
        return pages.redirect(to: SiteURL.staffBoard.path + "#order-\(code)")
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
        if daySwitch == .tomorrow { view.refreshURL = SiteURL.staffBoard.path + "?day=tomorrow" }
        if context.screen == .paired { view.screenWatch = .paired(scriptURL: pages.assets.url(for: "screen.js")) }
        return try pages.renderer.response(view)
    }
}
