import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import ServiceLifecycle

@testable import RecipeCart

/// A stand-in for TheMealDB and Spoonacular: a real HTTP server on 127.0.0.1 serving the fixtures in both APIs'
/// shapes and pictures, with faults on demand, counting every request it gets. Its Spoonacular answers carry the
/// quota headers, from the points it keeps (`StandInState.Points`).
///
/// Picture URLs in its answers point back at itself (`/images/<file>`), so the image cache downloads from it too.
struct StandIn: Sendable {
    static let apiKey = "test-key-do-not-log-0123456789"

    let port: Int
    let state: StandInState

    var mealDBURL: URL { URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")! }
    var spoonacularURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func imageURL(_ file: String) -> URL { URL(string: "http://127.0.0.1:\(port)/images/\(file)")! }

    /// Starts the stand-in, runs `body`, and stops it.
    static func run<Value: Sendable>(_ body: @Sendable (StandIn) async throws -> Value) async throws -> Value {
        let state = StandInState()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "StandIn")
        logger.logLevel = .error
        let app = Application(
            router: makeRouter(state: state),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "StandIn"),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            do {
                guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }
                let value = try await body(StandIn(port: port, state: state))
                await services.triggerGracefulShutdown()
                return value
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }

    // MARK: Routes

    private static func makeRouter(state: StandInState) -> Router<BasicRequestContext> {
        let router = Router()
        let mealDB = router.group("api/json/v1/1")
        mealDB.get("search.php") { request, _ in
            let extra = await state.extraIngredient
            return try await api(request, state: state) { host in
                var meals = try Fixtures.meals(host: host)
                if let extra {
                    for index in meals.indices {
                        meals[index].ingredients.append(MealDBIngredient(name: extra, measure: "1 tsp"))
                    }
                }
                if let letter = request.uri.queryParameters["f"].map(String.init)?.lowercased() {
                    return try encode(
                        MealDBMealsResponse(meals: meals.filter { $0.name?.lowercased().hasPrefix(letter) == true }))
                }
                let text = request.uri.queryParameters["s"].map(String.init)?.lowercased() ?? ""
                return try encode(MealDBMealsResponse(meals: text == "nothing" ? [] : meals))
            }
        }
        mealDB.get("lookup.php") { request, _ in
            try await api(request, state: state) { host in
                let id = request.uri.queryParameters["i"].map(String.init) ?? ""
                return try encode(MealDBMealsResponse(meals: try Fixtures.lookup(id, host: host).map { [$0] } ?? []))
            }
        }
        mealDB.get("filter.php") { request, _ in
            try await api(request, state: state) { host in
                if let area = request.uri.queryParameters["a"].map(String.init) {
                    return try encode(MealDBSummariesResponse(meals: try Fixtures.summaries(area: area, host: host)))
                }
                if let ingredient = request.uri.queryParameters["i"].map(String.init) {
                    return try encode(
                        MealDBSummariesResponse(meals: try Fixtures.summaries(ingredient: ingredient, host: host)))
                }
                let category = request.uri.queryParameters["c"].map(String.init) ?? ""
                return try encode(
                    MealDBSummariesResponse(
                        meals: category == "Dessert" ? try Fixtures.dessertSummaries(host: host) : []))
            }
        }
        mealDB.get("list.php") { request, _ in
            try await api(request, state: state) { _ in
                // Peruvian: a cuisine upstream names that nothing here has yet.
                let names = ["British", "Indian", "Japanese", "Peruvian", "Unknown"]
                return try encode(MealDBAreasResponse(meals: names.map(MealDBArea.init)))
            }
        }
        mealDB.get("categories.php") { request, _ in
            try await api(request, state: state) { _ in try UpstreamFixtureBytes.raw("themealdb/categories.json") }
        }
        router.get("recipes/complexSearch") { request, _ in
            try await api(request, state: state, needsKey: true, cost: .search) { host in
                let text = request.uri.queryParameters["query"].map(String.init)?.lowercased() ?? ""
                var response = try Fixtures.complexSearch(host: host)
                if text == "nothing" { response.results = [] }
                return try encode(response)
            }
        }
        router.get("recipes/{id}/information") { request, context in
            try await api(request, state: state, needsKey: true, cost: .information) { host in
                let id = context.parameters.get("id").flatMap(Int.init) ?? 0
                guard let recipe = try Fixtures.information(id, host: host) else { return nil }
                return try encode(recipe)
            }
        }
        router.get("images/{file}") { request, context in
            let file = context.parameters.get("file") ?? ""
            let reply = await state.imageRequested(file)
            return reply.response
        }
        return router
    }

    /// Counts the call, applies the current fault, or answers with `answer` (nil: 404). A call with a `cost` is
    /// Spoonacular's: a 200 spends its points and says so in the quota headers (a fault's own headers win), and once
    /// the day's points are spent it is a 402, as Spoonacular answers.
    private static func api(
        _ request: Request, state: StandInState, needsKey: Bool = false, cost: StandInState.PricedCall? = nil,
        _ answer: @Sendable (String) throws -> ByteBuffer?
    ) async throws -> Response {
        let query = request.uri.query.map { "?\($0)" } ?? ""
        let fault = await state.apiRequested(
            request.uri.path + query, apiKey: request.headers[HTTPField.Name("x-api-key")!])
        var headers: HTTPFields = [.contentType: "application/json"]
        switch fault {
        case .none:
            break
        case .hang(let seconds):
            try await Task.sleep(for: .seconds(seconds))
        case .status(let code, let extra):
            for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
            return Response(
                status: .init(code: code), headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"failure"}"#)))
        case .body(let text):
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        case .huge:
            let body = ByteBuffer(string: #"{"meals":["# + String(repeating: " ", count: 11 * 1024 * 1024) + "]}")
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        case .headers(let extra):
            for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
        }
        if needsKey, request.headers[HTTPField.Name("x-api-key")!] != apiKey {
            return Response(
                status: .unauthorized, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"failure","code":401}"#)))
        }
        let host = request.head.authority ?? "127.0.0.1"
        guard let body = try answer(host) else {
            return Response(
                status: .notFound, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"failure","code":404}"#)))
        }
        if let cost {
            let (spent, quota) = await state.spend(cost)
            for (name, value) in quota where headers[HTTPField.Name(name)!] == nil {
                headers[HTTPField.Name(name)!] = value
            }
            guard spent else {
                return Response(
                    status: .init(code: 402), headers: headers,
                    body: .init(byteBuffer: ByteBuffer(string: #"{"status":"failure","code":402}"#)))
            }
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    private static func encode(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(data: try JSONEncoder().encode(value))
    }
}

/// What the stand-in was asked, and how it is told to misbehave.
actor StandInState {
    enum Fault: Sendable {
        /// Answers only after this many seconds: longer than the client's timeout.
        case hang(TimeInterval)
        case status(Int, headers: [String: String] = [:])
        /// 200 with this body: malformed or truncated JSON.
        case body(String)
        /// 200 with an 11 MB body.
        case huge
        /// The normal answer, with these headers added.
        case headers([String: String])
    }

    enum ImageReply: Sendable {
        case jpeg
        /// `text/html`, as a login page or an error page would be.
        case html
        /// `image/jpeg`, but the bytes are HTML.
        case disguisedHTML
        /// A 6 MB JPEG.
        case oversized

        var response: Response {
            switch self {
            case .jpeg:
                Response(
                    status: .ok, headers: [.contentType: "image/jpeg"],
                    body: .init(byteBuffer: ByteBuffer(bytes: StandInState.jpegBytes)))
            case .html:
                Response(
                    status: .ok, headers: [.contentType: "text/html"],
                    body: .init(byteBuffer: ByteBuffer(string: "<html>nope</html>")))
            case .disguisedHTML:
                Response(
                    status: .ok, headers: [.contentType: "image/jpeg"],
                    body: .init(byteBuffer: ByteBuffer(string: "<html>nope</html>")))
            case .oversized:
                Response(
                    status: .ok, headers: [.contentType: "image/jpeg"],
                    body: .init(
                        byteBuffer: ByteBuffer(
                            bytes: StandInState.jpegBytes + [UInt8](repeating: 0, count: 6 * 1024 * 1024))))
            }
        }
    }

    static let jpegBytes: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 7, count: 64)

    /// Spoonacular's points for the key: used today by anyone, the plan's day, and what each kind of call costs.
    struct Points: Sendable {
        var used: Double = 0
        var daily: Double = 150
        var search: Double = 1.5
        var information: Double = 1
    }

    enum PricedCall: Sendable {
        case search, information
    }

    private(set) var apiCalls: [String] = []
    private(set) var imageCalls: [String] = []
    private(set) var apiKeysSeen: Set<String> = []
    var fault: Fault?
    var images: [String: ImageReply] = [:]
    /// Added to every meal `search.php` answers: upstream data that changed since it was saved.
    var extraIngredient: String?
    var points = Points()

    func setFault(_ fault: Fault?) { self.fault = fault }
    func setExtraIngredient(_ name: String) { extraIngredient = name }
    func setImage(_ file: String, _ reply: ImageReply) { images[file] = reply }
    func setPoints(_ points: Points) { self.points = points }

    /// Spends a call's points unless the day's are all used; the quota headers either way.
    fileprivate func spend(_ call: PricedCall) -> (spent: Bool, headers: [String: String]) {
        let cost = call == .search ? points.search : points.information
        let spent = points.used < points.daily
        if spent { points.used += cost }
        var headers = ["X-API-Quota-Used": String(points.used), "X-API-Quota-Left": String(points.daily - points.used)]
        if spent { headers["X-API-Quota-Request"] = String(cost) }
        return (spent, headers)
    }

    fileprivate func apiRequested(_ path: String, apiKey: String?) -> Fault? {
        apiCalls.append(path)
        if let apiKey { apiKeysSeen.insert(apiKey) }
        return fault
    }

    fileprivate func imageRequested(_ file: String) -> ImageReply {
        imageCalls.append(file)
        return images[file] ?? .jpeg
    }
}

/// The fixtures, with their picture URLs pointed at the stand-in.
private enum Fixtures {
    static func meals(host: String) throws -> [MealDBMeal] {
        try decode(MealDBMealsResponse.self, "themealdb/search.json", host: host).meals
    }

    /// The tiles of the search fixture's meals from `area`: `filter.php?a=`.
    static func summaries(area: String, host: String) throws -> [MealDBMealSummary] {
        try meals(host: host).filter { $0.area == area }.map {
            MealDBMealSummary(id: $0.id, name: $0.name, thumbnail: $0.thumbnail)
        }
    }

    /// The tiles of the search fixture's meals holding `ingredient` (`lamb`, `basmati_rice`) as a word of an ingredient's
    /// name: `filter.php?i=`. Like TheMealDB's, they name no ingredients.
    static func summaries(ingredient: String, host: String) throws -> [MealDBMealSummary] {
        let words = ingredient.lowercased().replacingOccurrences(of: "_", with: " ")
        return try meals(host: host).filter { meal in
            meal.ingredients.contains { " \($0.name.lowercased()) ".contains(" \(words) ") }
        }.map { MealDBMealSummary(id: $0.id, name: $0.name, thumbnail: $0.thumbnail) }
    }

    static func dessertSummaries(host: String) throws -> [MealDBMealSummary] {
        try decode(MealDBSummariesResponse.self, "themealdb/filter-dessert.json", host: host).meals
    }

    /// A meal of the fixtures, or one made up for a dessert the filter lists but no fixture spells out.
    static func lookup(_ id: String, host: String) throws -> MealDBMeal? {
        let known = try meals(host: host) + decode(MealDBMealsResponse.self, "themealdb/lookup.json", host: host).meals
        if let meal = known.first(where: { $0.id == id }) { return meal }
        guard let summary = try dessertSummaries(host: host).first(where: { $0.id == id }) else { return nil }
        return MealDBMeal(
            id: id, name: summary.name, category: "Dessert", area: "British",
            instructions: "Mix.\r\nBake for 30 minutes.",
            thumbnail: summary.thumbnail, ingredients: [MealDBIngredient(name: "Flour", measure: "100g")])
    }

    static func complexSearch(host: String) throws -> SpoonacularSearchResponse {
        try decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json", host: host)
    }

    /// `/information` of 990001 is its fixture; the other search results get their search data plus an ingredient.
    static func information(_ id: Int, host: String) throws -> SpoonacularRecipe? {
        if id == 990001 { return try decode(SpoonacularRecipe.self, "spoonacular/information.json", host: host) }
        guard var recipe = try complexSearch(host: host).results.first(where: { $0.id == id }) else { return nil }
        recipe.extendedIngredients =
            recipe.extendedIngredients ?? [SpoonacularIngredient(name: "water", amount: 1, unit: "cup")]
        return recipe
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ name: String, host: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(String(buffer: UpstreamFixtureBytes.raw(name, host: host)).utf8))
    }
}

/// Fixture bytes with every upstream picture host replaced by the stand-in's `/images/`.
enum UpstreamFixtureBytes {
    static let pictureHosts = [
        "https://www.themealdb.com/images/media/meals/", "http://www.themealdb.com/images/media/meals/",
        "https://img.spoonacular.com/recipes/",
    ]

    static func raw(_ name: String, host: String = "127.0.0.1") throws -> ByteBuffer {
        var text = String(decoding: try UpstreamFixture.data(name), as: UTF8.self)
        for prefix in pictureHosts {
            text = text.replacingOccurrences(of: prefix, with: "http://\(host)/images/")
        }
        return ByteBuffer(string: text)
    }
}
