import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// The parts of a `multipart/form-data` body, read with hard limits.
struct MultipartForm {
    struct File {
        var filename: String
        var bytes: [UInt8]
    }

    static let maximumParts = 200
    static let maximumFieldBytes = 16 * 1024

    private(set) var fields: [(name: String, value: String)] = []
    private(set) var files: [String: File] = [:]

    /// The first value of a field.
    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of a repeated field, in order.
    func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    static func read(from request: Request, limit: Int) async throws -> MultipartForm {
        guard let boundary = boundary(of: request.headers[.contentType] ?? "") else {
            throw AppError.badRequest("This form must be sent as multipart/form-data.")
        }
        return try parse(try await RequestBody.collect(request, limit: limit), boundary: boundary)
    }

    static func parse(_ body: ByteBuffer, boundary: String) throws -> MultipartForm {
        var form = MultipartForm()
        var headers = HTTPHeaders()
        var partBody = ByteBuffer()
        var failure: AppError?
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers.add(name: name, value: value) }
        parser.onBody = { chunk in partBody.writeBuffer(&chunk) }
        parser.onPartComplete = {
            defer {
                headers = HTTPHeaders()
                partBody = ByteBuffer()
            }
            guard failure == nil else { return }
            guard form.fields.count + form.files.count < maximumParts else {
                failure = .badRequest("The form has too many fields.")
                return
            }
            let part = MultipartPart(headers: headers, body: partBody)
            guard let name = part.name, !name.isEmpty else { return }
            if let filename = headers.first(name: "Content-Disposition").flatMap({ Self.parameter("filename", in: $0) })
            {
                if form.files[name] == nil, partBody.readableBytes > 0 {
                    form.files[name] = File(filename: filename, bytes: Array(buffer: partBody))
                }
            } else {
                guard partBody.readableBytes <= maximumFieldBytes else {
                    failure = .payloadTooLarge
                    return
                }
                form.fields.append((name, String(buffer: partBody).withoutNULs))
            }
        }
        do {
            try parser.execute(body)
        } catch {
            throw AppError.badRequest("The form could not be read.")
        }
        if let failure { throw failure }
        return form
    }

    /// A parameter of a header value such as `form-data; name="picture"; filename="a.png"`.
    static func parameter(_ name: String, in value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            return unquoted(pair[1])
        }
        return nil
    }

    private static func unquoted(_ value: String) -> String {
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            ? String(value.dropFirst().dropLast()) : value
    }

    /// The boundary of a `multipart/form-data` content type; nil for anything else or a boundary RFC 2046 forbids.
    static func boundary(of contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            let value = unquoted(String(parameter.dropFirst("boundary=".count)))
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return nil
            }
            return value
        }
        return nil
    }
}
