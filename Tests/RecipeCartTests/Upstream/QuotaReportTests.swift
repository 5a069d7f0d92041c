import Foundation
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Reading Spoonacular's quota headers: plain decimals only, so a broken or hostile value never raises the budget.
@Suite struct QuotaReportTests {
    static func answer(_ headers: [String: String]) -> UpstreamHTTP.Answer {
        UpstreamHTTP.Answer(
            status: 200, headers: Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) }),
            body: ByteBuffer())
    }

    @Test func theThreeHeadersAreRead() {
        let report = QuotaReport(
            Self.answer(["X-API-Quota-Request": "1.84", "X-API-Quota-Used": "37.5", "X-API-Quota-Left": " 112.5 "]))
        #expect(report == QuotaReport(cost: 1.84, used: 37.5, left: 112.5))
        #expect(QuotaReport(Self.answer([:])) == QuotaReport())
    }

    @Test(arguments: [
        "", " ", "abc", "nan", "NaN", "inf", "-inf", "infinity", "1e3", "1E9", "0x10", "0x1p3", "1,5", "1.2.3", ".5",
        "5.",
        "+5", "-", "--1", "1 2", "12abc", "٣", "１", "10000001", "99999999999999999999", "5, 7",
        "1.0000000000000000000000001",
    ])
    func aMalformedValueIsLeftOut(_ value: String) {
        #expect(QuotaReport.points(value) == nil, "\(value)")
        let report = QuotaReport(
            Self.answer(["X-API-Quota-Request": value, "X-API-Quota-Used": value, "X-API-Quota-Left": value]))
        #expect(report == QuotaReport(), "\(value)")
    }

    @Test func aNegativeOrZeroValueNeverRaisesTheBudget() {
        // A call costs something: a cost of 0 or below would hand back the points set aside for it.
        #expect(QuotaReport(Self.answer(["X-API-Quota-Request": "0"])).cost == nil)
        #expect(QuotaReport(Self.answer(["X-API-Quota-Request": "-3"])).cost == nil)
        #expect(QuotaReport(Self.answer(["X-API-Quota-Used": "-3"])).used == nil)
        // An overspent key reports less than nothing left: nothing is left.
        #expect(QuotaReport(Self.answer(["X-API-Quota-Left": "-1.25"])).left == 0)
        #expect(QuotaReport(Self.answer(["X-API-Quota-Left": "0.0"])).left == 0)
    }

    @Test func theLargestSaneValueIsKept() {
        #expect(QuotaReport.points("10000000") == 10_000_000)
        #expect(QuotaReport.points("0") == 0)
        #expect(QuotaReport.points("007.250") == 7.25)
    }

    @Test func callsOfOneKindShareTheirCost() {
        #expect(CallQuota.kind(ofPath: "recipes/716426/information") == "recipes/{id}/information")
        #expect(CallQuota.kind(ofPath: "recipes/complexSearch") == "recipes/complexSearch")
        #expect(CallQuota.kind(ofPath: "lookup.php") == "lookup.php")
    }

    @Test func pointsReadWithAtMostTwoDecimals() {
        #expect(PointsText.text(150) == "150")
        #expect(PointsText.text(1.5) == "1.5")
        #expect(PointsText.text(146.32000000000002) == "146.32")
        #expect(PointsText.text(0.001) == "0")
        #expect(PointsText.text(0) == "0")
    }
}
