import HTTPTypes
import HummingbirdCore
import NIOCore

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Asks each of a connection's `EarlyAnswerSource`s in turn, with the `Date` of now made once a second.
package struct EarlyAnswerSources {
    package let answers: [any EarlyAnswerSource]
    private var date = (seconds: 0, text: "")

    package init(answers: [any EarlyAnswerSource]) {
        self.answers = answers
    }

    /// The first answer any of `answers` gives.
    package mutating func answer(_ request: HTTPRequest) -> (head: HTTPResponse, body: ByteBuffer?)? {
        first(request) { $0.answer(request, uri: $1, date: $2) }
    }

    /// The first answer any of `answers` gives, as the bytes that go on the wire.
    package mutating func wireAnswer(_ request: HTTPRequest) -> (head: ByteBuffer, body: ByteBuffer?)? {
        first(request) { $0.wireAnswer(request, uri: $1, date: $2) }
    }

    private mutating func first<Answer>(
        _ request: HTTPRequest, _ answer: (any EarlyAnswerSource, URI, String) -> Answer?
    ) -> Answer? {
        guard let target = request.path else { return nil }
        let uri = URI(target)
        let date = currentDate()
        for answering in answers {
            if let found = answer(answering, uri, date) { return found }
        }
        return nil
    }

    /// IMF-fixdate.
    private mutating func currentDate() -> String {
        let now = time(nil)
        if now != date.seconds { date = (now, HTTPDate.string(fromSeconds: now)) }
        return date.text
    }
}
