import HTTPTypes

/// The security headers every answer carries: pages, errors and static files alike.
package enum SecurityHeaders {
    package static let fields: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]

    /// Each one the answer does not set itself, after its own.
    package static func add(to answer: inout HTTPFields) {
        for field in fields where answer[field.name] == nil {
            answer.append(field)
        }
    }
}
