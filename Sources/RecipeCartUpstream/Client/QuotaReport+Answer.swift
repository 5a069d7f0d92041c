import RecipeCartDomain

extension QuotaReport {
    /// What an answer's `X-API-Quota-…` headers say.
    package init(_ answer: UpstreamHTTP.Answer) {
        self.init(
            cost: Self.points(answer.header("X-API-Quota-Request")).flatMap { $0 > 0 ? $0 : nil },
            used: Self.points(answer.header("X-API-Quota-Used")),
            left: Self.points(answer.header("X-API-Quota-Left"), allowingNegative: true).map { max($0, 0) })
    }
}
