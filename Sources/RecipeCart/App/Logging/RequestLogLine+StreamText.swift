import RecipeCartWire

extension RequestLogLine {
    /// Appends the line as a logger whose only metadata is the request id writes it: the keys are known and already in
    /// order, so nothing is merged or sorted.
    func appendStreamText(to bytes: inout [UInt8]) {
        StreamLogText.append(level: level, label: label, source: source, message: Self.message, to: &bytes) { bytes in
            if let requestID { StreamLogText.pair(Self.requestIDKey, requestID.description, to: &bytes) }
            StreamLogText.pair("method", method, to: &bytes)
            StreamLogText.pair("ms", milliseconds, to: &bytes)
            StreamLogText.pair("path", path, to: &bytes)
            StreamLogText.pair("status", status, to: &bytes)
        }
    }
}
