import RecipeCartWire

extension RequestLogLine {
    /// Writes the line as a logger whose only metadata is the request id writes it: the keys are known and already in
    /// order, so nothing is merged or sorted, and no string is made. `requestID` writes the id.
    @inline(__always)
    func writeStreamText<Output: LogTextOutput>(to output: inout Output, requestID: (inout Output) -> Void) {
        StreamLogText.write(level: level, label: label, source: source, message: Self.message, to: &output) { output in
            StreamLogText.pair(Self.requestIDKey, to: &output, value: requestID)
            StreamLogText.pair("method", method, to: &output)
            StreamLogText.pair("ms", to: &output) { output in
                StreamLogText.decimal(tenthsOfMilliseconds / 10, to: &output)
                output.write(UInt8(ascii: "."))
                StreamLogText.decimal(tenthsOfMilliseconds % 10, to: &output)
            }
            StreamLogText.pair("path", path, to: &output)
            StreamLogText.pair("status", status, to: &output)
        }
    }
}
