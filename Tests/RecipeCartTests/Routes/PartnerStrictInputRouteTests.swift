import Foundation
import HTTPTypes
import NIOCore
import RecipeCartDomain
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// `POST /partner/events` takes only strict JSON, a `webhook-timestamp` of plain decimal seconds, and free texts
/// without control or bidirectional formatting characters, through HTTP: each refusal is answered with its reason
/// and leaves the order, its partner state and the kept events as they were.
@Suite struct PartnerStrictInputRouteTests {
    /// A call signed over `timestamp` exactly as written, as a sender that writes it so would sign it: only its form
    /// can be refused, never its signature.
    static func call(
        _ shopper: inout Shopper, body: String, id: String = "msg_\(UUID().uuidString)",
        timestamp: String = String(Int(Date().timeIntervalSince1970))
    ) async throws -> Page {
        let headers: HTTPFields = [
            .contentType: "application/json",
            HTTPField.Name("webhook-id")!: id,
            HTTPField.Name("webhook-timestamp")!: timestamp,
            HTTPField.Name("webhook-signature")!: WebhookSigner(secret: PartnerRouteTests.secret)
                .signature(id: id, timestamp: timestamp, body: Data(body.utf8)),
        ]
        return try await shopper.send(
            "/partner/events", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The answer's `error`, as the partner reads it.
    static func error(_ page: Page) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: String]
        return try #require(object?["error"], "\(page.html)")
    }

    /// The order page still shows the partner state of a new order: nothing refused reached it.
    static func expectUntouched(_ alice: inout Shopper, _ code: String) async throws {
        let page = try await alice.get("/orders/\(code)")
        #expect(page.contains(#"data-partner-status="awaiting""#))
        #expect(!page.contains("partner-tracking"))
        #expect(!page.contains("Reason given"))
    }

    @Test(arguments: StoreBackend.all) func aBodyThatIsNotStrictJSONIs400AndChangesNothing(backend: StoreBackend)
        async throws
    {
        try await PartnerRouteTests.environment(backend).withShopper { alice in
            let code = try await PartnerRouteTests.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let paid = PartnerRouteTests.event("payment.succeeded", code)
            let bodies = [
                ("trailing comma in the object", String(paid.dropLast()) + ",}", "a trailing comma"),
                (
                    "trailing comma in an array",
                    PartnerRouteTests.event("payment.succeeded", code, #","extra":[1,2,]"#), "a trailing comma"
                ),
                ("a comment", "// from the partner\n" + paid, "a comment"),
                ("single quotes", paid.replacingOccurrences(of: "\"", with: "'"), "a single-quoted string"),
                ("NaN", PartnerRouteTests.event("payment.succeeded", code, #","amount":NaN"#), "NaN or Infinity"),
                (
                    "a leading zero", PartnerRouteTests.event("payment.succeeded", code, #","amount":012"#),
                    "a number with a leading zero"
                ),
                ("two values", paid + paid, "more after the one JSON value"),
                (
                    "a raw newline in a string",
                    PartnerRouteTests.event("payment.succeeded", code, ",\"note\":\"a\nb\""),
                    "an unescaped control character"
                ),
                (
                    "too deep",
                    PartnerRouteTests.event("payment.succeeded", code, #","x":"# + String(repeating: "[", count: 5000)),
                    "nesting deeper than"
                ),
            ]
            for (index, (name, body, problem)) in bodies.enumerated() {
                let answer = try await Self.call(&partner, body: body, id: "msg_bad_\(index)")
                #expect(answer.status == .badRequest, "\(name): \(answer.html)")
                #expect(answer.headers[.contentType] == "application/json", "\(name)")
                let error = try Self.error(answer)
                #expect(error.hasPrefix("the body is not strict JSON (RFC 8259): \(problem)"), "\(name): \(error)")
                #expect(error.contains(" at byte "), "\(name): \(error)")
            }
            try await Self.expectUntouched(&alice, code)
            // None of them was kept: the same webhook-id with a good body is a first delivery, not a repeat.
            let good = try await Self.call(&partner, body: paid, id: "msg_bad_0")
            #expect(good.status == .ok)
            #expect(!good.html.contains("already received"))
            #expect(try await alice.get("/orders/\(code)").contains(#"data-partner-status="paid""#))
        }
    }

    @Test func aTimestampNotInPlainDecimalSecondsIs401AndChangesNothing() async throws {
        try await PartnerRouteTests.environment().withShopper { alice in
            let code = try await PartnerRouteTests.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let paid = PartnerRouteTests.event("payment.succeeded", code)
            let now = String(Int(Date().timeIntervalSince1970))
            for timestamp in ["+" + now, "0" + now, "-" + now, now + ".0", "00" + now, "0x" + now] {
                let answer = try await Self.call(&partner, body: paid, id: "msg_ts", timestamp: timestamp)
                #expect(answer.status == .unauthorized, "\(timestamp): \(answer.html)")
                #expect(
                    try Self.error(answer)
                        == "webhook-timestamp must be plain decimal seconds since 1970 within 5 minutes of now")
            }
            try await Self.expectUntouched(&alice, code)
            // The same call with the plain form of the same time is believed: only the form was refused.
            let plain = try await Self.call(&partner, body: paid, id: "msg_ts", timestamp: now)
            #expect(plain.status == .ok)
            #expect(!plain.html.contains("already received"))
            #expect(try await alice.get("/orders/\(code)").contains(#"data-partner-status="paid""#))
        }
    }

    @Test(arguments: StoreBackend.all) func controlAndBidirectionalCharactersInFreeTextsAre422AndChangeNothing(
        backend: StoreBackend
    ) async throws {
        try await PartnerRouteTests.environment(backend).withShopper { alice in
            let code = try await PartnerRouteTests.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let characters = [
                (#"\u0000"#, "a control character (U+0000)"), (#"\n"#, "a control character (U+000A)"),
                (#"\r"#, "a control character (U+000D)"), (#"\t"#, "a control character (U+0009)"),
                (#"\u202e"#, "a bidirectional formatting character (U+202E)"),
                ("\u{202E}", "a bidirectional formatting character (U+202E)"),
                (#"\u2067"#, "a bidirectional formatting character (U+2067)"),
            ]
            var sent = 0
            for (character, named) in characters {
                let calls = [
                    (
                        "tracking_url",
                        PartnerRouteTests.event(
                            "delivery.dispatched", code, #","tracking_url":"https://t.example/a\#(character)evil""#)
                    ),
                    (
                        "tracking_url",
                        PartnerRouteTests.event(
                            "delivery.dispatched", code, #","tracking_url":"https://t.example/a\#(character)""#)
                    ),
                    (
                        "reason",
                        PartnerRouteTests.event("order.rejected", code, #","reason":"No \#(character)couriers""#)
                    ),
                    (
                        "reason",
                        PartnerRouteTests.event("order.rejected", code, #","reason":"No couriers\#(character)""#)
                    ),
                    ("type", PartnerRouteTests.event("payment.\(character)refunded", code)),
                ]
                for (field, body) in calls {
                    let answer = try await Self.call(&partner, body: body, id: "msg_text_\(sent)")
                    sent += 1
                    #expect(answer.status == .unprocessableContent, "\(field) \(named): \(answer.html)")
                    let error = try Self.error(answer)
                    #expect(error == "\(field) holds \(named), which is refused")
                    #expect(error.firstHazard == nil)
                }
            }
            try await Self.expectUntouched(&alice, code)
            // None was kept: a clean event under the first refused webhook-id is taken as new, and shows as sent.
            let dispatched = try await Self.call(
                &partner,
                body: PartnerRouteTests.event(
                    "delivery.dispatched", code, #","tracking_url":"https://t.example/a?b=1""#),
                id: "msg_text_0")
            #expect(dispatched.status == .ok)
            #expect(!dispatched.html.contains("already received"))
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="dispatched""#))
            #expect(page.contains(#"href="https://t.example/a?b=1""#))
            #expect(!page.contains("evil"))
        }
    }

    @Test func aCleanReasonIsShownWithItsSpacesTrimmed() async throws {
        try await PartnerRouteTests.environment().withShopper { alice in
            let code = try await PartnerRouteTests.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let answer = try await Self.call(
                &partner,
                body: PartnerRouteTests.event("order.rejected", code, #","reason":"  Closed for the d\u00e9cor  ""#))
            #expect(answer.status == .ok)
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains("Reason given: Closed for the décor</p>"))
        }
    }
}
