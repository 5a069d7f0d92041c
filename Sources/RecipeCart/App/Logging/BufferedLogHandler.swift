import Logging

/// A `LogHandler` that writes the very lines swift-log's `StreamLogHandler` writes, but into a `LogOutput`, so a
/// line costs a request a formatted string and a short lock instead of a flushed write on its event loop.
struct BufferedLogHandler: LogHandler {
    private let label: String
    private let output: LogOutput
    var logLevel: Logger.Level = .info
    var metadataProvider: Logger.MetadataProvider?
    var metadata = Logger.Metadata()

    init(label: String, output: LogOutput, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.output = output
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let pretty = Self.prettify(effectiveMetadata(event))
        output.append(
            " \(event.level)\(label.isEmpty ? "" : " ")\(label):\(pretty.map { " \($0)" } ?? "") [\(event.source)] \(event.message)\n"
        )
    }

    /// The handler's metadata, then the provider's, then the call's, then the error's: `StreamLogHandler`'s order.
    private func effectiveMetadata(_ event: LogEvent) -> Logger.Metadata {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { $1 }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { $1 }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        return merged
    }

    private static func prettify(_ metadata: Logger.Metadata) -> String? {
        guard !metadata.isEmpty else { return nil }
        return metadata.lazy.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    }
}
