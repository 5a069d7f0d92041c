/// The error page.
struct ErrorView {
    var chrome: PageChrome
    var status: Int
    var heading: String
    var message: String
}
