import Logging

/// A `LogHandler` that writes the very lines swift-log's `StreamLogHandler` writes, but into a `LogOutput`, so a
/// line costs a request what it captures and a short lock, while its text is made and written on the output's own
/// thread.
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
        // What the line says is taken now (the provider reads the task's context); the text is made on the
        // output's thread.
        let label = label
        let handlerMetadata = metadata
        let provided = metadataProvider?.get()
        output.append { bytes in
            let metadata = Self.effectiveMetadata(handlerMetadata, provided, event)
            StreamLogText.write(
                level: event.level, label: label, source: event.source, message: event.message.description,
                to: &bytes
            ) { bytes in
                for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
                    StreamLogText.pair(key, value.description, to: &bytes)
                }
            }
        }
    }

    /// The handler's metadata, then the provider's, then the call's, then the error's: `StreamLogHandler`'s order.
    private static func effectiveMetadata(
        _ handlerMetadata: Logger.Metadata, _ provided: Logger.Metadata?, _ event: LogEvent
    ) -> Logger.Metadata {
        // Most lines have only the call's own.
        if handlerMetadata.isEmpty, provided?.isEmpty ?? true, event.error == nil { return event.metadata ?? [:] }
        var merged = handlerMetadata
        if let provided, !provided.isEmpty {
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
}
