/// Takes request log lines as values and writes their text later, on a thread of its own: what the process's log
/// does when it is buffered. A sink writes a line as a logger with no metadata of its own but the request id would,
/// and numbers the lines that come without an id.
package protocol RequestLogSink: Sendable {
    /// Never waits for the output.
    func append(_ line: RequestLogLine)
}
