#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The process's open-file limit. Connections are descriptors too, and at the limit more than a connection fails:
/// the runtime's worker pool aborts the process when it cannot open a file of its own. So the start takes all the
/// kernel allows (the hard limit), and the connection cap is measured against it.
enum OpenFileLimit {
    /// Raises the soft limit to the hard one, where the hard one allows more, and returns the soft limit now in force.
    static func raiseToHard() -> Int {
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return 1024 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return limits.rlim_cur >= rlim_t(Int32.max) ? Int(Int32.max) : Int(limits.rlim_cur)
    }
}
