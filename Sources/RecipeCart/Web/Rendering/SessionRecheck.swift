/// When a board's stream checks its session again (`BoardEventStream`): first thing (a sign-out may have come between
/// the request's own check and the stream's start), whenever a sign-out was heard since its last check, here or on
/// another instance, and every `interval` besides, for a session that ran out by itself or a sign-out this instance
/// did not hear (told while its `LISTEN` was down). Between sign-outs a stream costs no read but that one a minute, so
/// 50 open boards cost the database less than one read a second.
struct SessionRecheck {
    static let interval: Duration = .seconds(60)

    private var last: (signOuts: Int, at: ContinuousClock.Instant)?

    func isDue(signOuts: Int, now: ContinuousClock.Instant) -> Bool {
        guard let last else { return true }
        return signOuts != last.signOuts || now - last.at >= Self.interval
    }

    /// A check that found the session holding, begun when `signOuts` sign-outs had been heard. One the database could
    /// not answer is not recorded, so the next news (a beat at the latest) asks again.
    mutating func checked(signOuts: Int, at now: ContinuousClock.Instant) {
        last = (signOuts, now)
    }
}
