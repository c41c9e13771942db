#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files, which every connection counts against: raised to the hard limit at start (a
/// soft limit of 1,024 is common and would stop the server accepting connections long before its bound on them).
enum OpenFileLimit {
    /// Files the server keeps for itself beside its connections: the database, images being read and written,
    /// thumbnails, logs.
    static let reserve = 256

    /// Raises the soft limit to the hard one, as far as the system lets; returns the soft limit in force, or nil if
    /// it cannot be read.
    static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// The most connections the server can hold with `openFiles` open files, leaving its reserve.
    static func connections(within openFiles: Int) -> Int {
        max(1, openFiles - reserve)
    }
}
