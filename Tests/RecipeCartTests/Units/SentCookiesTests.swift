import HTTPTypes
import Hummingbird
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// `SentCookies` reads a `Cookie` header the way Hummingbird's `Cookies` does, only faster.
@Suite struct SentCookiesTests {
    static let headers: [[String]] = [
        ["rc_session=abc.def; rc_status=x"],
        [" rc_session=abc;rc_status=y", "rc_staff=z"],
        ["rc_session=first; rc_session=second"],
        ["rc_session", "rc_session=later"],
        ["rc_session=; rc_status=a=b=c"],
        ["rc_session=; rc_session=second"],
        ["other=1 ; rc_status=2 ", "\trc_staff=tab"],
        ["", ";;", "  ; rc_session=x;"],
        ["RC_SESSION=upper; rc_session_x=longer; x_rc_session=shorter"],
        ["rc_session=\"quoted\"; rc_status=%20"],
        [],
    ]

    @Test(arguments: headers)
    func everyValueIsWhatHummingbirdReads(_ values: [String]) {
        var fields = HTTPFields()
        for value in values { fields.append(HTTPField(name: .cookie, value: value)) }
        let sent = SentCookies(fields)
        let hummingbird = Cookies(from: fields[values: .cookie])
        for name in ["rc_session", "rc_status", "rc_staff", "other", "RC_SESSION", "rc_session_x", "missing"] {
            #expect(sent[name] == hummingbird[name]?.value, "\(name) in \(values)")
        }
    }
}
