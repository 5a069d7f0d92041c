import Testing

@testable import RecipeCart

@Suite struct RequestAdmissionTests {
    @Test func pagesAndPostsEachHaveTheirOwnRoom() {
        let admission = RequestAdmission(limits: .init(pages: 2, posts: 3))
        #expect(admission.enter(.page))
        #expect(admission.enter(.page))
        #expect(!admission.enter(.page))
        // A flood of pages leaves the shoppers' posts their room.
        #expect(admission.enter(.post))
        #expect(admission.enter(.post))
        #expect(admission.enter(.post))
        #expect(!admission.enter(.post))
        admission.leave(.page)
        #expect(admission.underWay(.page) == 1)
        #expect(admission.enter(.page))
        #expect(!admission.enter(.page))
        #expect(admission.underWay(.post) == 3)
    }

    @Test func aRefusalTakesNoPlace() {
        let admission = RequestAdmission(limits: .init(pages: 1, posts: 1))
        #expect(admission.enter(.page))
        for _ in 0..<100 { #expect(!admission.enter(.page)) }
        admission.leave(.page)
        #expect(admission.underWay(.page) == 0)
        #expect(admission.enter(.page))
    }

    @Test func postsHaveFourTimesAPagesRoom() {
        let limits = RequestAdmission.Limits(cores: 2)
        #expect(limits == .init(pages: 64, posts: 256))
        #expect(RequestAdmission.Limits(cores: 0).pages == 32)
    }

    @Test func uploadsHaveAFewPlacesOfTheirOwn() {
        let admission = RequestAdmission(limits: .init(cores: 2))
        #expect(admission.limits.uploads == 8)
        for _ in 0..<8 { #expect(admission.enter(.upload)) }
        #expect(!admission.enter(.upload))
        // Uploads that wait take no post's place.
        #expect(admission.enter(.post))
        admission.leave(.upload)
        #expect(admission.enter(.upload))
        #expect(admission.underWay(.upload) == 8 && admission.underWay(.post) == 1)
    }
}
