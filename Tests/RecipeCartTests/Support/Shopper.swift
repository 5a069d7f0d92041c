import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream

/// A browser stand-in: keeps its cookies and the last CSRF token it was shown.
struct Shopper {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var csrfToken: String?

    init(client: any TestClientProtocol) {
        self.client = client
    }

    @discardableResult
    mutating func get(_ uri: String, headers: HTTPFields = [:]) async throws -> Page {
        try await send(uri, method: .get, headers: headers, body: nil)
    }

    /// Posts a form with this shopper's CSRF token unless the fields already name one.
    @discardableResult
    mutating func post(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:], withToken: Bool = true)
        async throws -> Page
    {
        var fields = fields
        if withToken, !fields.contains(where: { $0.0 == "_csrf" }) {
            // Every detail page carries a stepper form, and so this session's token.
            if csrfToken == nil { try await get("/recipes/bundled-1") }
            fields.insert(("_csrf", csrfToken ?? ""), at: 0)
        }
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        return try await send(uri, method: .post, headers: headers, body: ByteBuffer(string: Self.encode(fields)))
    }

    struct Upload {
        var field = "picture"
        var filename: String
        var contentType: String
        var bytes: [UInt8]
    }

    /// Posts a `multipart/form-data` form with this shopper's CSRF token unless the fields name one.
    @discardableResult
    mutating func postMultipart(
        _ uri: String, _ fields: [(String, String)], files: [Upload] = [], withToken: Bool = true
    ) async throws -> Page {
        var fields = fields
        if withToken, !fields.contains(where: { $0.0 == "_csrf" }) {
            if csrfToken == nil { try await get("/recipes/bundled-1") }
            fields.insert(("_csrf", csrfToken ?? ""), at: 0)
        }
        let boundary = "----RecipeCartTest\(UInt32.random(in: 0 ... .max))"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
            )
            body.writeBytes(file.bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return try await send(
            uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: body)
    }

    mutating func send(_ uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer?)
        async throws -> Page
    {
        var headers = headers
        if !cookies.isEmpty, headers[.cookie] == nil {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        let sessionBefore = cookies["rc_session"]
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        // A looker's first post starts a session, and a session's first stored row rotates its id: either way the CSRF
        // token changes, as a browser's next page would show.
        if cookies["rc_session"] != sessionBefore { csrfToken = nil }
        let page = Page(response: response)
        if let token = page.csrfToken { csrfToken = token }
        return page
    }

    /// Follows a 303 the way a browser does.
    @discardableResult
    mutating func follow(_ page: Page) async throws -> Page {
        guard let location = page.location else { return page }
        // A browser keeps the fragment to itself: it scrolls to it, it never sends it.
        return try await get(String(location.prefix { $0 != "#" }))
    }

    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
    }

    static func formEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

/// A response with helpers to read the HTML a user would see.
struct Page {
    let response: TestResponse

    var status: HTTPResponse.Status { response.status }
    var html: String { String(buffer: response.body) }
    var location: String? { response.headers[.location] }
    var headers: HTTPFields { response.headers }

    var csrfToken: String? { firstMatch(#"name="_csrf" value="([^"]+)""#) }
    var cartCount: Int? { firstMatch(#"data-cart-count="(\d+)""#).flatMap(Int.init) }

    /// The `data-quantity` shown on the detail page's stepper.
    var stepperQuantity: Int? { firstMatch(#"class="stepper-quantity" data-quantity="(\d+)""#).flatMap(Int.init) }

    /// Ids of every tile or row, in page order.
    var recipeIDs: [String] {
        allMatches(#"<li class="tile" data-recipe-id="([^"]+)""#) + allMatches(#"<li data-recipe-id="([^"]+)""#)
    }
    /// Ids of the search's own results, leaving out the recipes a "Did you mean …?" suggestion shows.
    var searchResultIDs: [String] {
        guard let suggestion = html.range(of: #"<section class="did-you-mean""#),
            let end = html.range(of: "</section>", range: suggestion.upperBound..<html.endIndex)
        else { return recipeIDs }
        let rest = String(html[..<suggestion.lowerBound] + html[end.upperBound...])
        return Page.matches(#"<li class="tile" data-recipe-id="([^"]+)""#, in: rest)
            + Page.matches(#"<li data-recipe-id="([^"]+)""#, in: rest)
    }
    var tileIDs: [String] { allMatches(#"<li class="tile" data-recipe-id="([^"]+)""#) }
    var plainListIDs: [String] { allMatches(#"<li data-recipe-id="([^"]+)""#) }
    var sectionTitles: [String] { allMatches(#"<h2 id="section-\d+" class="section-title">([^<]+)</h2>"#) }

    /// Cart lines as (recipe id, quantity).
    var cartLines: [(String, Int)] {
        allMatchPairs(#"<li class="cart-line" data-recipe-id="([^"]+)" data-quantity="(\d+)""#).map {
            ($0.0, Int($0.1) ?? -1)
        }
    }

    func contains(_ text: String) -> Bool { html.contains(text) }

    func firstMatch(_ pattern: String) -> String? { allMatches(pattern).first }

    func allMatches(_ pattern: String) -> [String] {
        Page.matches(pattern, in: html)
    }

    func allMatchPairs(_ pattern: String) -> [(String, String)] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = html
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let first = Range(match.range(at: 1), in: text), let second = Range(match.range(at: 2), in: text)
            else { return nil }
            return (String(text[first]), String(text[second]))
        }
    }
}

extension Page {
    /// The first group of every match in a piece of a page, in order.
    static func matches(_ pattern: String, in html: some StringProtocol) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = String(html)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
