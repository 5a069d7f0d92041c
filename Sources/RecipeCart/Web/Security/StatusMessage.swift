/// A short line for the page a form lands on ("Added Spiced Shakshuka · 3 in your cart"), read out by screen
/// readers, with an Undo button when the change can be taken back.
struct StatusMessage: Sendable, Hashable, Codable {
    struct Undo: Sendable, Hashable, Codable {
        /// The form's action, a path on this site.
        var action: String
        var token: String
    }

    static let maximumLength = 200

    var text: String
    var undo: Undo?
    /// The id of the element the post landed on (its redirect's fragment), set by `PageContext.redirect`. A page
    /// that has that element shows the message inside it: a text browser puts the element at the top of its screen,
    /// so a message at the top of the page was out of sight there. Graphical browsers show it at the foot of the
    /// screen wherever it sits (app.css).
    var anchor: String?

    init(_ text: String, undo: Undo? = nil) {
        self.text = String(text.prefix(Self.maximumLength))
        self.undo = undo
    }

    /// Rendered here rather than in a template: the message is a per-shopper part of pages that are cached.
    func html(csrfToken: String) -> String {
        var html =
            #"<div class="status-message" role="status" data-status-message><p>"# + HTMLText.escape(text) + "</p>"
        if let undo {
            html +=
                #"<form class="undo-form" method="post" action=""# + HTMLText.escape(undo.action) + #"">"#
                + #"<input type="hidden" name="_csrf" value=""# + HTMLText.escape(csrfToken) + #"">"#
                + #"<input type="hidden" name="undo" value=""# + HTMLText.escape(undo.token) + #"">"#
                + #"<button class="button undo-button" type="submit">Undo</button></form>"#
        }
        return html + "</div>"
    }
}

/// Text made safe for HTML content and quoted attribute values, as the templates escape it.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
