/// Why the static handler answers with no file. It says only why: the app shows each as its error page, in its words.
package enum StaticFileRefusal: Error, Equatable {
    /// Anything but GET or HEAD under a static root: a 405.
    case methodNotAllowed
    /// A path that does not decode, or names a `.`/`..` segment: a 400.
    case malformedAddress
    /// Nothing is served there (missing, a folder, a hidden file, a twin, a file with a tampered twin): a 404.
    case noFile
}
