import Foundation
import RecipeCartDomain
import Testing

/// Standard Webhooks signing, against the specification's own example, and the partner's status states.
@Suite struct WebhookSignerTests {
    let secret = WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")!
    let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    let body = Data(#"{"test": 2432232314}"#.utf8)
    let sentAt = Date(timeIntervalSince1970: 1_614_265_330)

    @Test func signsAsTheSpecificationsExample() {
        #expect(
            WebhookSigner(secret: secret).signature(id: id, timestamp: 1_614_265_330, body: body)
                == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func verifiesAnyOfSeveralSignaturesWithinFiveMinutes() throws {
        let signer = WebhookSigner(secret: secret)
        let good = signer.signature(id: id, timestamp: 1_614_265_330, body: body)
        try signer.verify(
            id: id, timestamp: "1614265330", signatures: "v1,bm90IGl0 v2,whatever \(good)", body: body,
            now: sentAt + 299)
        #expect(throws: WebhookRejection.badTimestamp) {
            try signer.verify(id: id, timestamp: "1614265330", signatures: good, body: body, now: sentAt + 301)
        }
        #expect(throws: WebhookRejection.badTimestamp) {
            try signer.verify(id: id, timestamp: "1614265330", signatures: good, body: body, now: sentAt - 301)
        }
        #expect(throws: WebhookRejection.badSignature) {
            try signer.verify(id: id, timestamp: "1614265330", signatures: good, body: Data("{}".utf8), now: sentAt)
        }
        #expect(throws: WebhookRejection.badSignature) {
            try signer.verify(id: "msg_other", timestamp: "1614265330", signatures: good, body: body, now: sentAt)
        }
        #expect(throws: WebhookRejection.missingHeaders) {
            try signer.verify(id: id, timestamp: nil, signatures: good, body: body, now: sentAt)
        }
        #expect(throws: WebhookRejection.badTimestamp) {
            try signer.verify(id: id, timestamp: "soon", signatures: good, body: body, now: sentAt)
        }
    }

    @Test func readsOnlyWellFormedSecrets() {
        #expect(WebhookSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") == nil)
        #expect(WebhookSecret("whsec_not base64!") == nil)
        #expect(WebhookSecret("whsec_c2hvcnQ=") == nil)
        #expect("\(secret)" == "whsec_…")
    }

    @Test func partnerStatesOnlyMoveForward() {
        #expect(PartnerStatus.awaiting.canMove(to: .paid))
        #expect(PartnerStatus.awaiting.canMove(to: .paymentFailed))
        #expect(PartnerStatus.paymentFailed.canMove(to: .paid))
        #expect(!PartnerStatus.paid.canMove(to: .paymentFailed))
        #expect(PartnerStatus.paid.canMove(to: .dispatched))
        #expect(PartnerStatus.awaiting.canMove(to: .delivered))
        #expect(!PartnerStatus.delivered.canMove(to: .paid))
        #expect(!PartnerStatus.delivered.canMove(to: .rejected))
        #expect(PartnerStatus.dispatched.canMove(to: .rejected))
        #expect(!PartnerStatus.rejected.canMove(to: .delivered))
        #expect(!PartnerStatus.paid.canMove(to: .paid))
    }

    @Test func readsStatusEventsAndRefusesBadOnes() throws {
        func read(_ json: String) throws(PartnerEventError) -> PartnerEvent {
            try PartnerEvent(json: Data(json.utf8))
        }
        let shipped = try read(
            #"{"type":"delivery.dispatched","timestamp":"t","data":{"order":"ABC234","tracking_url":"https://t.example/x"}}"#
        )
        #expect(
            shipped.kind == .dispatched && shipped.trackingURL == "https://t.example/x" && shipped.order == "ABC234")
        #expect(throws: PartnerEventError.notStrictJSON("the body ends inside the value at byte 1")) { try read("{") }
        #expect(throws: PartnerEventError.malformed) { try read(#"{"type":"payment.succeeded","data":{}}"#) }
        #expect(throws: PartnerEventError.unknownType("payment.refunded")) {
            try read(#"{"type":"payment.refunded","timestamp":"t","data":{"order":"ABC234"}}"#)
        }
        #expect(throws: PartnerEventError.self) {
            try read(
                #"{"type":"delivery.dispatched","timestamp":"t","data":{"order":"ABC234","tracking_url":"http://t.example"}}"#
            )
        }
        let long = String(repeating: "x", count: 201)
        #expect(throws: PartnerEventError.self) {
            try read(#"{"type":"order.rejected","timestamp":"t","data":{"order":"ABC234","reason":"\#(long)"}}"#)
        }
    }
}
