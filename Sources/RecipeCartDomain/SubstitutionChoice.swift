/// What the shopper lets staff do when something on the order cannot be found, chosen when sending it.
package struct SubstitutionChoice: Sendable, Equatable, Codable {
    package static let maximumPhoneLength = 20

    package enum Kind: String, Sendable, Codable, CaseIterable {
        case closeMatch = "close-match"
        case leaveOut = "leave-out"
        case callMe = "call-me"

        package var title: String {
            switch self {
            case .closeMatch: "Pick a close match"
            case .leaveOut: "Leave it out"
            case .callMe: "Call me"
            }
        }
    }

    package var kind: Kind
    /// Only with `callMe`, and optional there: digits, spaces and `+()-` only.
    package var phone: String?

    /// Nil when the parts do not make a choice: an unknown kind, a phone number without `callMe`, too long, or with
    /// anything but digits, spaces and `+()-`.
    package init?(kind: String, phone: String?) {
        guard let kind = Kind(rawValue: kind) else { return nil }
        let phone = phone.flatMap { $0.isEmpty ? nil : $0 }
        if let phone {
            guard kind == .callMe, phone.count <= Self.maximumPhoneLength,
                phone.allSatisfy({ $0.isASCII && ($0.isNumber || " +()-".contains($0)) }),
                phone.contains(where: \.isNumber)
            else { return nil }
        }
        self.kind = kind
        self.phone = phone
    }

    /// What the ticket and the order page say: "Call me on 0123 456".
    package var text: String {
        guard let phone else { return kind.title }
        return "\(kind.title) on \(phone)"
    }
}
