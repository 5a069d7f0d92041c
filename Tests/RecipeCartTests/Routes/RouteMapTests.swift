import Foundation
import HTTPTypes
import Hummingbird
import RecipeCartDomain
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Walks the route table: every route answers its own methods (HEAD wherever GET), and any other method is a 405
/// whose `Allow` lists exactly the table's methods.
@Suite struct RouteMapTests {
    static func samplePath(_ route: Route) -> String {
        SiteURLTests.sample(route).path
    }

    @Test func everyRouteAnswersItsMethodsAndRefusesTheRestWithAllow() async throws {
        try await StaffRouteTests.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            for route in Route.allCases {
                let path = Self.samplePath(route)
                for method in RouteRegistrar.knownMethods {
                    let page = try await shopper.send(path, method: method, body: nil)
                    if route.allowedMethods.contains(method) {
                        // The sample label, code and token name no cart or order, so their 404 is the page's own answer;
                        // a shop without a delivery partner has no partner to take events from.
                        let answered =
                            page.status != .methodNotAllowed
                            && (page.status != .notFound
                                || [.staffCart, .order, .sharedCart, .partnerEvents].contains(route))
                        #expect(answered, "\(method) \(path) → \(page.status)")
                    } else {
                        #expect(page.status == .methodNotAllowed, "\(method) \(path) → \(page.status)")
                        #expect(
                            page.headers[.allow] == route.allowedMethods.map(\.rawValue).joined(separator: ", "),
                            "\(method) \(path)")
                    }
                }
            }
        }
    }

    @Test func headWorksWhereGetDoes() async throws {
        try await TestEnvironment().withShopper { shopper in
            for route in Route.allCases where route.methods.contains(.get) && route != .staffCart {
                let path = Self.samplePath(route)
                let get = try await shopper.get(path)
                let head = try await shopper.send(path, method: .head, body: nil)
                #expect(head.status == get.status, "\(path)")
                #expect(head.response.body.readableBytes == 0, "\(path)")
            }
        }
    }

    @Test func linksAreBuiltFromThePatterns() {
        #expect(SiteURL.browse.path == "/")
        #expect(SiteURL.recipe(RecipeID("bundled-1")!).path == "/recipes/bundled-1")
        #expect(SiteURL.cartItemCooking(RecipeID("mealdb-52772")!).path == "/cart/items/mealdb-52772/cooking")
        #expect(SiteURL.staffCart(label: "AB CD").path == "/staff/carts/AB%20CD")
        for route in Route.allCases {
            #expect(Route.matching(route.pattern) == route)
        }
        #expect(Route.matching("/recipes/bundled-1/edit") == .recipeEdit)
        #expect(Route.matching("/recipes//edit") == nil)
        #expect(Route.matching("/nowhere") == nil)
    }

    @Test func noTemplateWritesAnAddressOfItsOwn() throws {
        let folder = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(names.count == PageTemplate.allCases.count + PartialTemplate.allCases.count)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // Any attribute whose value starts with "/" is an address the template wrote itself.
            let literal = try #require(try NSRegularExpression(pattern: #"[a-z-]+="/"#))
            let found = literal.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                (text as NSString).substring(with: $0.range)
            }
            #expect(found.isEmpty, "\(name) writes \(found) itself")
        }
    }

    @Test func aHandlerOutsideTheTableOrAMissingOneStopsTheStart() throws {
        let router = Router(context: AppRequestContext.self)
        let routes = RouteRegistrar(router: router)
        routes.add(.health, .post) { _, _ in Response(status: .ok) }
        let error = try #require(throws: RouteMapError.self) { try routes.finish(on: router) }
        #expect(error.description.contains("POST /healthz has a handler but is not in the route table"))
        #expect(error.description.contains("GET / is in the route table but has no handler"))
    }
}
