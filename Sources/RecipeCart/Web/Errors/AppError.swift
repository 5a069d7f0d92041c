import HTTPTypes

/// An error a shopper can be told about, each with its status and a plain message.
package enum AppError: Error, Equatable {
    case badRequest(String)
    case forbidden(String)
    case notFound(String)
    case methodNotAllowed
    case conflict(String)
    case payloadTooLarge
    case unprocessable(String)
    case serviceUnavailable(String)
    /// A bug: logged with the request id, shown as a plain page without the details.
    case `internal`(String)

    var status: HTTPResponse.Status {
        switch self {
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .conflict: .conflict
        case .payloadTooLarge: .contentTooLarge
        case .unprocessable: .unprocessableContent
        case .serviceUnavailable: .serviceUnavailable
        case .internal: .internalServerError
        }
    }

    var title: String {
        switch self {
        case .badRequest: "That request didn’t make sense"
        case .forbidden: "That wasn’t allowed"
        case .notFound: "We couldn’t find that"
        case .methodNotAllowed: "That page can’t do that"
        case .conflict: "That has changed meanwhile"
        case .payloadTooLarge: "That was too much to send"
        case .unprocessable: "That value doesn’t work"
        case .serviceUnavailable: "Back in a moment"
        case .internal: "Something went wrong on our side"
        }
    }

    var message: String {
        switch self {
        case .badRequest(let message), .forbidden(let message), .notFound(let message), .conflict(let message),
            .unprocessable(let message), .serviceUnavailable(let message):
            message
        case .methodNotAllowed: "This address doesn’t accept that kind of request."
        case .payloadTooLarge: "The form sent more data than we accept. Please try again with less."
        case .internal: "We’ve logged the problem. Please try again in a moment."
        }
    }
}
