/// The error page.
struct ErrorView: PageView {
    static let template = PageTemplate.error

    var chrome: PageChrome
    var status: Int
    var heading: String
    var message: String
}
