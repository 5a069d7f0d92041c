import Foundation
import GRDB
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// Pickup slots through HTTP: staff set them, the shopper chooses one, every bad input is refused with the cart and
/// note kept, and the board and the partner know when an order is due.
@Suite struct PickupSlotRouteTests {
    static let token = "correct-horse-battery-staple"
    static let dublin = TimeZone(identifier: "Europe/Dublin")!
    /// Friday 23 October 2026, 08:00 in Dublin, where the clocks go back on Sunday.
    static let friday = Date(timeIntervalSince1970: 1_792_738_800)

    static func environment(clock: TestClock = TestClock(friday)) throws -> TestEnvironment {
        var environment = try TestEnvironment()
        environment.staffToken = token
        environment.timeZone = dublin
        environment.clock = AppClock { clock.now }
        return environment
    }

    /// Every day 09:00–12:00 in 30-minute slots of one order each, an hour's cut-off, closed on Monday the 26th.
    static func week(
        capacity: String = "1", slotMinutes: String = "30", cutOff: String = "60", closed: String = "2026-10-26",
        monday: (String, String) = ("09:00", "12:00")
    ) -> [(String, String)] {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap { day in
            let hours = day == "monday" ? monday : ("09:00", "12:00")
            return [("\(day)_open", "1"), ("\(day)_opens", hours.0), ("\(day)_closes", hours.1)]
        } + [
            ("slot_minutes", slotMinutes), ("capacity", capacity), ("cutoff_minutes", cutOff),
            ("closed_days", closed), ("action", "save"),
        ]
    }

    static func signIn(_ staff: inout Shopper) async throws {
        #expect(try await staff.post("/staff/login", [("token", token)]).status == .seeOther)
    }

    static func setSlots(_ staff: inout Shopper, _ fields: [(String, String)] = week()) async throws {
        let saved = try await staff.post("/staff/slots", fields)
        #expect(saved.status == .seeOther)
        #expect(saved.location == "/staff/slots?saved=1")
    }

    @Test func onlyStaffSetSlotsAndEveryBadSettingIsRefusedNamingIt() async throws {
        try await Self.environment().withShopper { shopper in
            #expect(try await shopper.get("/staff/slots").status == .unauthorized)
            #expect(try await shopper.post("/staff/slots", Self.week()).status == .unauthorized)
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            let off = try await staff.get("/staff/slots")
            #expect(off.status == .ok)
            #expect(off.contains(#"data-slots-on="false""#))
            #expect(off.contains("Times are the shop’s own (Europe/Dublin)."))
            #expect(try await staff.post("/staff/slots", Self.week(), withToken: false).status == .forbidden)
            // A paired wall screen shows the board, and may not change the slots.
            var screen = try await ScreenRouteTests.pairedScreen(shopper.client, staff: &staff)
            #expect(try await screen.get("/staff/slots").status == .forbidden)
            #expect(try await screen.post("/staff/slots", Self.week()).status == .forbidden)

            let cases: [([(String, String)], HTTPResponse.Status, String)] = [
                (Self.week(slotMinutes: "45"), .unprocessableContent, "A slot is 15, 30 or 60 minutes long."),
                (Self.week(capacity: "0"), .unprocessableContent, "Orders a slot takes must be from 1 to 500."),
                (Self.week(capacity: "501"), .unprocessableContent, "Orders a slot takes must be from 1 to 500."),
                (Self.week(cutOff: "-1"), .unprocessableContent, "The cut-off must be from 0 minutes to a day"),
                (Self.week(cutOff: "1441"), .unprocessableContent, "The cut-off must be from 0 minutes to a day"),
                (
                    Self.week(monday: ("18:00", "09:00")), .unprocessableContent,
                    "Monday: the shop must close after it opens."
                ),
                (Self.week(monday: ("", "")), .unprocessableContent, "Monday: give the opening and closing times"),
                (Self.week(capacity: "lots"), .badRequest, "Orders a slot takes must be a whole number."),
                (Self.week(monday: ("9am", "12:00")), .badRequest, "Monday: times are written 09:00"),
                (Self.week(closed: "../../etc"), .badRequest, "“../../etc” is not one."),
                (Self.week(closed: "<script>"), .badRequest, "“&lt;script&gt;” is not one."),
                (Self.week(closed: "1970-01-01"), .badRequest, "“1970-01-01” is not one."),
                ([("action", "save")], .badRequest, "must be a whole number"),
                ([("action", "sideways")], .badRequest, "whether to save the slots or turn them off"),
            ]
            for (fields, status, text) in cases {
                let refused = try await staff.post("/staff/slots", fields)
                #expect(refused.status == status, "\(fields.suffix(6))")
                #expect(refused.contains(text), "\(text)")
                #expect(!refused.contains("<script>"))
            }
            // Refused forms come back as typed.
            let typed = try await staff.post("/staff/slots", Self.week(capacity: "0", closed: "2026-12-25"))
            #expect(typed.contains(#"name="capacity" type="number" min="1" max="500" value="0""#))
            #expect(typed.contains(#">2026-12-25</textarea>"#))
            #expect(try await staff.get("/staff/slots").contains(#"data-slots-on="false""#))

            try await Self.setSlots(&staff)
            let on = try await staff.get("/staff/slots?saved=1")
            #expect(on.contains("Saved."))
            #expect(on.contains(#"data-slots-on="true""#))
            #expect(on.contains(#"<option value="30" selected>30 minutes</option>"#))
            #expect(on.contains(#">2026-10-26</textarea>"#))
            // Closing at 00:00, as a time input says midnight, is the day's end.
            try await Self.setSlots(&staff, Self.week(monday: ("20:00", "00:00")))
            #expect(try await staff.get("/staff/slots").contains(#"name="monday_closes" type="time" value="00:00""#))
            #expect(try await staff.post("/staff/slots", [("action", "off")]).status == .seeOther)
            #expect(try await staff.get("/staff/slots").contains(#"data-slots-on="false""#))
        }
    }

    @Test func withoutSlotsTheShopWorksAsBefore() async throws {
        try await Self.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(!cart.contains(#"name="slot""#))
            // A slot posted from a page drawn while the shop had slots sends nothing, and says how to send.
            let stale = try await shopper.post(
                "/cart/order", [("note", "Ann"), ("slot", "2026-10-24T10:00:00+01:00")])
            #expect(stale.status == .conflict)
            #expect(stale.contains("The shop has stopped taking orders by pickup slot"))
            #expect(stale.contains(#"value="Ann""#))
            let sent = try await shopper.post("/cart/order", [("note", "Ann")])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            #expect(!order.contains("data-slot-start"))
            #expect(!order.contains("Collect "))
        }
    }

    @Test func theShopperChoosesASlotAndTheOrderTheSharePageAndTheBoardShowIt() async throws {
        try await Self.environment().withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            try await Self.setSlots(&staff)

            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains(#"<select id="order-slot" name="slot" required>"#))
            // Friday 09:00 is within the hour's cut-off; Monday is closed; Saturday 10:00 is 09:00 UTC, Tuesday
            // 10:00 (after the clocks went back) 10:00 UTC, both written on the shop's clock.
            #expect(
                cart.contains(
                    #"<option value="2026-10-23T09:00:00+01:00" data-slot-start="2026-10-23T09:00:00+01:00" data-slot-closed disabled>09:00–09:30 · closed for orders</option>"#
                ))
            #expect(cart.contains(#"<optgroup label="Monday 26 October · closed">"#))
            #expect(cart.contains(#"<option disabled data-slot-closed>Closed all day</option>"#))
            #expect(
                cart.contains(
                    #"<option value="2026-10-24T10:00:00+01:00" data-slot-start="2026-10-24T10:00:00+01:00">10:00–10:30</option>"#
                ))
            #expect(
                cart.contains(
                    #"<option value="2026-10-27T10:00:00+00:00" data-slot-start="2026-10-27T10:00:00+00:00">10:00–10:30</option>"#
                ))
            #expect(cart.allMatches(#"<optgroup label="([^"]+)">"#).count == 7)

            let sent = try await shopper.post(
                "/cart/order", [("note", "Ann"), ("slot", "2026-10-24T10:00:00+01:00")])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            #expect(order.contains("Collect Saturday 10:00–10:30."))
            #expect(
                order.contains(
                    #"<p class="order-collect" data-slot-start="2026-10-24T10:00:00+01:00"><strong>Collect Saturday 10:00–10:30</strong></p>"#
                ))
            #expect(
                try await shopper.get("/cart").contains(
                    #"<span data-slot-start="2026-10-24T10:00:00+01:00">Collect Saturday 10:00–10:30</span>"#))

            // Whoever holds the share link sees when to collect.
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            try await shopper.post("/cart/share", [])
            let link = try #require(
                try await shopper.get("/cart").firstMatch(#"data-share-link>(http[^<]+|/shared/[^<]+)<"#))
            let path = link.hasPrefix("http") ? String(link[link.range(of: "/shared/")!.lowerBound...]) : link
            var friend = Shopper(client: shopper.client)
            let shared = try await friend.get(path)
            #expect(
                shared.contains(
                    #"<p class="shared-collect" data-slot-start="2026-10-24T10:00:00+01:00">Sent to the shop: <strong>Collect Saturday 10:00–10:30</strong></p>"#
                ))

            // The slot is full now: another shopper sees it so and cannot choose it.
            var bob = Shopper(client: shopper.client)
            try await bob.post("/cart/items/bundled-3", [("op", "inc")])
            #expect(
                try await bob.get("/cart").contains(
                    #"<option value="2026-10-24T10:00:00+01:00" data-slot-start="2026-10-24T10:00:00+01:00" data-slot-full disabled>10:00–10:30 · full</option>"#
                ))
            // Two orders for today, sent in the order of their slots' reverse: the board shows them by due time.
            #expect(
                try await bob.post("/cart/order", [("slot", "2026-10-23T11:30:00+01:00")]).status == .seeOther)
            var cara = Shopper(client: shopper.client)
            try await cara.post("/cart/items/bundled-4", [("op", "inc")])
            #expect(
                try await cara.post("/cart/order", [("slot", "2026-10-23T10:30:00+01:00")]).status == .seeOther)

            let board = try await staff.get("/staff")
            #expect(board.contains(#"<nav class="staff-days" aria-label="Which day’s orders" data-board-day="today">"#))
            #expect(board.contains(#"<a href="/staff" aria-current="page">Today</a>"#))
            #expect(
                board.allMatches(#"data-slot-start="([^"]+)""#) == [
                    "2026-10-23T10:30:00+01:00", "2026-10-23T11:30:00+01:00",
                ])
            #expect(board.contains(#"<strong class="staff-order-due">Due 10:30–11:00</strong>"#))
            #expect(board.contains("On time · due in 2 h 30 min"))
            #expect(!board.contains("Due Saturday"))
            #expect(board.contains(#"data-orders-today="2""#))

            let tomorrow = try await staff.get("/staff?day=tomorrow")
            #expect(tomorrow.contains("Tomorrow’s orders"))
            #expect(tomorrow.contains(#"<a href="/staff?day=tomorrow" aria-current="page">Tomorrow</a>"#))
            #expect(tomorrow.allMatches(#"data-slot-start="([^"]+)""#) == ["2026-10-24T10:00:00+01:00"])
            #expect(tomorrow.contains(#"<strong class="staff-order-due">Due 10:00–10:30</strong>"#))
            #expect(tomorrow.contains(#"data-order-age="fresh""#))
            #expect(!tomorrow.contains("data-orders-today"))
            #expect(try await staff.get("/staff?day=yesterday").status == .badRequest)
            #expect(try await staff.get("/staff?day=%3Cscript%3E").status == .badRequest)
        }
    }

    @Test func everyBadSlotSendsNothingAndKeepsTheCartAndTheNote() async throws {
        try await Self.environment().withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            try await Self.setSlots(&staff)
            var first = Shopper(client: shopper.client)
            try await first.post("/cart/items/bundled-2", [("op", "inc")])
            #expect(
                try await first.post("/cart/order", [("slot", "2026-10-24T11:00:00+01:00")]).status == .seeOther)

            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "2")])
            let note = "Ann & Bo"
            let cases: [(String?, HTTPResponse.Status, String)] = [
                (nil, .unprocessableContent, "Choose when you will collect."),
                ("", .unprocessableContent, "Choose when you will collect."),
                ("../", .badRequest, "not a time the shop can read"),
                ("../../etc/passwd", .badRequest, "not a time the shop can read"),
                ("<script>alert(1)</script>", .badRequest, "not a time the shop can read"),
                ("2026-10-24T10:00:00+01:00<script>", .badRequest, "not a time the shop can read"),
                ("1970-01-01T00:00:00Z", .unprocessableContent, "That pickup slot has passed."),
                ("9999-12-31T10:00:00Z", .unprocessableContent, "The shop takes orders for the next 7 days only."),
                (
                    "2026-10-24T10:10:00+01:00", .unprocessableContent,
                    "No pickup slot starts at 10:10 on Saturday 24 October."
                ),
                ("2026-10-24T15:00:00+01:00", .unprocessableContent, "No pickup slot starts at 15:00"),
                ("2026-10-26T10:00:00Z", .unprocessableContent, "The shop is closed on Monday 26 October."),
                ("2026-10-23T09:00:00+01:00", .conflict, "The 09:00–09:30 slot has stopped taking orders."),
                ("2026-10-24T11:00:00+01:00", .conflict, "That slot just filled, choose another."),
            ]
            for (slot, status, text) in cases {
                var fields = [("note", note), ("substitution", "call-me"), ("phone", "0123 456")]
                if let slot { fields.append(("slot", slot)) }
                let refused = try await shopper.post("/cart/order", fields)
                #expect(refused.status == status, "\(slot ?? "no slot")")
                #expect(refused.contains(text), "\(slot ?? "no slot"): \(text)")
                #expect(refused.contains("Nothing was sent: your cart and note are kept."))
                #expect(refused.contains(#"data-send-problem"#))
                // The page is the cart, with everything typed and chosen kept.
                #expect(refused.cartLines.map(\.1) == [2])
                #expect(
                    refused.contains(
                        #"name="note" type="text" maxlength="200" autocomplete="name" value="Ann &amp; Bo">"#))
                #expect(refused.contains(#"value="0123 456">"#))
                #expect(refused.contains(#"value="call-me" checked>"#))
                #expect(!refused.contains("<script>alert"))
            }
            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.1) == [2])
            #expect(!cart.contains("data-order-code"))
            // A slot still open is kept chosen on the refused page, and then sends.
            let kept = try await shopper.post(
                "/cart/order", [("note", note), ("slot", "2026-10-24T11:00:00+01:00")])
            #expect(!kept.contains(" selected>"))
            #expect(
                try await shopper.post("/cart/order", [("note", note), ("slot", "2026-10-24T11:30:00+01:00")]).status
                    == .seeOther)
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    @Test func agesRunFromTheSlotAndLateCountsOrdersNotReadyWhenTheirSlotBegan() async throws {
        let clock = TestClock(Self.friday)
        try await Self.environment(clock: clock).withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            try await Self.setSlots(&staff, Self.week(cutOff: "0"))
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(
                try await shopper.post("/cart/order", [("slot", "2026-10-23T09:30:00+01:00")]).status == .seeOther)
            var board = try await staff.get("/staff")
            #expect(board.contains("On time · due in 1 h 30 min"))
            #expect(board.contains(#"data-late-today="0""#))
            // At 09:31 the slot has begun and the order is not ready: late in the day's numbers, the ticket still
            // on time until the warning limit (5 minutes) from the slot's start.
            clock.advance(by: 91 * 60)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-late-today="1""#))
            #expect(board.contains(#"data-order-age="fresh""#))
            #expect(board.contains("On time · 1 min"))
            clock.advance(by: 5 * 60)
            #expect(try await staff.get("/staff").contains(#"data-order-age="warn""#))
            clock.advance(by: 5 * 60)
            #expect(try await staff.get("/staff").contains("Late · 11 min"))

            // An order packed before its slot is ready early, on time, and never counted late.
            var early = Shopper(client: shopper.client)
            try await early.post("/cart/items/bundled-2", [("op", "inc")])
            let sent = try await early.post("/cart/order", [("slot", "2026-10-23T11:30:00+01:00")])
            let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
            for (from, to) in [("new", "picking"), ("picking", "ready")] {
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status
                        == .seeOther)
            }
            clock.advance(by: 3 * 3600)
            board = try await staff.get("/staff")
            #expect(board.contains("On time · ready early"))
            #expect(board.contains(#"data-late-today="1""#))
        }
    }

    @Test func partnerEventsCarryTheSlotInTheShopsZone() async throws {
        var environment = try Self.environment()
        environment.partner = PartnerSettings(
            url: URL(string: "http://127.0.0.1:9/events")!,
            secret: WebhookSecret("whsec_" + Data(repeating: 7, count: 24).base64EncodedString())!)
        try await environment.withShopper { shopper in
            var staff = Shopper(client: shopper.client)
            try await Self.signIn(&staff)
            try await Self.setSlots(&staff)
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(
                try await shopper.post("/cart/order", [("slot", "2026-10-27T10:00:00+00:00")]).status == .seeOther)
        }
        let body = try #require(
            try await environment.database().read { db in
                try String.fetchOne(db, sql: "SELECT body FROM partner_outbox WHERE type = 'order.placed'")
            })
        #expect(
            body.contains(
                #""slot":{"end":"2026-10-27T10:30:00+00:00","start":"2026-10-27T10:00:00+00:00","time_zone":"Europe/Dublin"}"#
            ))
    }

    @Test func aBadTimeZoneStopsTheStartNamingIt() throws {
        for (given, environment) in [
            (["time-zone": "Mars/Olympus"], [String: String]()),
            ([:], ["RECIPECART_TIME_ZONE": "../etc/localtime"]),
        ] {
            #expect {
                _ = try AppConfig(reading: SettingsReader(commandLine: given, environment: environment))
            } throws: { error in
                let text = "\(error)"
                return text.contains("an IANA time zone name such as Europe/Dublin")
                    && (text.contains("--time-zone must be") && text.contains("\"Mars/Olympus\"")
                        || text.contains("RECIPECART_TIME_ZONE must be") && text.contains("\"../etc/localtime\""))
            }
        }
        let config = try AppConfig(
            reading: SettingsReader(commandLine: ["time-zone": "Europe/Dublin"], environment: [:]))
        #expect(config.timeZone.identifier == "Europe/Dublin")
        #expect(try AppConfig(reading: SettingsReader(commandLine: [:], environment: [:])).timeZone == .current)
    }
}
