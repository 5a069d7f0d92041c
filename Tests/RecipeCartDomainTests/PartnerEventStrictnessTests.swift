import Foundation
import RecipeCartDomain
import Testing

/// A partner's event is read only from strict JSON, with free texts free of control and bidirectional formatting
/// characters, and believed only with its timestamp in plain decimal seconds.
@Suite struct PartnerEventStrictnessTests {
    static func read(_ json: String) throws(PartnerEventError) -> PartnerEvent {
        try PartnerEvent(json: Data(json.utf8))
    }

    static func event(_ type: String, _ extra: String = "") -> String {
        #"{"type":"\#(type)","timestamp":"2026-01-01T00:00:00Z","data":{"order":"ABC234"\#(extra)}}"#
    }

    @Test func aBodyThatIsNotStrictJSONIsNotRead() throws {
        let body = Self.event("payment.succeeded")
        #expect(try Self.read(body).kind == .paymentSucceeded)
        let trailing = String(body.dropLast()) + ",}"
        #expect(throws: PartnerEventError.notStrictJSON("a trailing comma at byte \(trailing.utf8.count - 2)")) {
            try Self.read(trailing)
        }
        let inArray = Self.event("payment.succeeded", #","extra":[1,2,]"#)
        #expect(throws: PartnerEventError.notStrictJSON("a trailing comma at byte \(inArray.utf8.count - 4)")) {
            try Self.read(inArray)
        }
        #expect(throws: PartnerEventError.notStrictJSON("a comment at byte 0")) { try Self.read("// hi\n" + body) }
        #expect(throws: PartnerEventError.notStrictJSON("more after the one JSON value at byte \(body.utf8.count)")) {
            try Self.read(body + body)
        }
        // Still JSON but not the envelope: as before.
        #expect(throws: PartnerEventError.malformed) { try Self.read(#"{"type":"payment.succeeded","data":{}}"#) }
    }

    @Test(arguments: [
        (#"\u0000"#, "a control character (U+0000)"), (#"\n"#, "a control character (U+000A)"),
        (#"\r"#, "a control character (U+000D)"), (#"\t"#, "a control character (U+0009)"),
        (#"\u007f"#, "a control character (U+007F)"), (#"\u0085"#, "a control character (U+0085)"),
        ("\u{202E}", "a bidirectional formatting character (U+202E)"),
        (#"\u2066"#, "a bidirectional formatting character (U+2066)"),
        (#"\u2028"#, "a line or paragraph separator (U+2028)"),
    ])
    func aHazardInAFreeTextRefusesTheEventWhole(escaped: String, named: String) {
        let dispatched = Self.event("delivery.dispatched", #","tracking_url":"https://t.example/a\#(escaped)b""#)
        #expect(throws: PartnerEventError.invalid("tracking_url holds \(named), which is refused")) {
            try Self.read(dispatched)
        }
        for reason in ["No\(escaped) couriers", "No couriers\(escaped)", "\(escaped)No couriers"] {
            #expect(throws: PartnerEventError.invalid("reason holds \(named), which is refused")) {
                try Self.read(Self.event("order.rejected", #","reason":"\#(reason)""#))
            }
        }
        // Whatever the type: a hazard is refused even where the field would not be kept.
        #expect(throws: PartnerEventError.invalid("reason holds \(named), which is refused")) {
            try Self.read(Self.event("payment.succeeded", #","reason":"\#(escaped)""#))
        }
        // An unknown type is repeated in its refusal, so its hazard is named first.
        #expect(throws: PartnerEventError.invalid("type holds \(named), which is refused")) {
            try Self.read(Self.event("payment.\(escaped)refunded"))
        }
        #expect(throws: PartnerEventError.invalid("timestamp holds \(named), which is refused")) {
            try Self.read(
                #"{"type":"payment.succeeded","timestamp":"2026\#(escaped)","data":{"order":"ABC234"}}"#)
        }
    }

    @Test func cleanTextsAreKeptAsBeforeSpacesTrimmed() throws {
        let rejected = try Self.read(Self.event("order.rejected", #","reason":"  No couriers <today> \u00e9 ""#))
        #expect(rejected.reason == "No couriers <today> é")
        let dispatched = try Self.read(
            Self.event("delivery.dispatched", #","tracking_url":"https://t.example/p?x=1&y=%0A""#))
        #expect(dispatched.trackingURL == "https://t.example/p?x=1&y=%0A")
    }

    static let secret = WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")!

    @Test func aTimestampIsBelievedOnlyAsPlainDecimalSeconds() throws {
        let signer = WebhookSigner(secret: Self.secret)
        let body = Data(Self.event("payment.succeeded").utf8)
        let now = Date(timeIntervalSince1970: 1_764_316_800)
        func verify(_ timestamp: String, at when: Date = now) throws(WebhookRejection) {
            // Signed over the header's own text: only its form can refuse it.
            let signature = signer.signature(id: "msg_1", timestamp: timestamp, body: body)
            try signer.verify(id: "msg_1", timestamp: timestamp, signatures: signature, body: body, now: when)
        }
        try verify("1764316800")
        try verify("0", at: Date(timeIntervalSince1970: 100))
        for bad in [
            "+1764316800", "01764316800", "-1764316800", " 1764316800", "1764316800 ", "1764316800.0", "1.7643168e9",
            "0x6929B880", "1_764_316_800", "１７６４３１６８００", "", "00", "0001764316800", "1764316800\u{0}",
        ] {
            #expect(throws: WebhookRejection.badTimestamp, "\(bad.debugDescription)") { try verify(bad) }
        }
        let tooLong = String(repeating: "9", count: WebhookSigner.maximumTimestampDigits + 1)
        #expect(throws: WebhookRejection.badTimestamp) { try verify(tooLong) }
        #expect(throws: WebhookRejection.badTimestamp) { try verify(String(repeating: "9", count: 400)) }
    }
}
