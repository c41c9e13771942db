import Foundation

extension ServerConfiguration {
    /// What one client may make the server hold at once: request bodies, decoding work, connections and loading
    /// images. Each limit says why it is what it is; together they keep the server's memory and time bounded when
    /// a stranger on its network sends it too much.
    public struct Bounds: Sendable {
        /// The largest drop request body (`POST /api/galleries/{id}/drops`), in bytes: 8 MB.
        ///
        /// A drop carries what the browser read from the drag — URLs, HTML and at times an image inline as a `data:`
        /// URL — so a few MB cover every real drop (a 6 MB image as base64). Image files, however large, go through
        /// the upload path (`PUT /api/items/{id}/content`), which streams them to disk and never holds them in memory.
        public var dropBodyBytes: Int
        /// The largest body of every other JSON request, in bytes: 256 KB (1,000 item ids, the most a batch may name,
        /// take about 40 KB).
        public var jsonBodyBytes: Int
        /// How many drop bodies may be read and decoded at once: half the processor cores, at least one. Each may take
        /// a few times `dropBodyBytes` of memory while its JSON and base64 are decoded, and decoding is processor work on
        /// the tasks' shared threads: with as many decodes as cores, every other request waits (measured: 3 s at the
        /// 95th percentile with 4 on 2 cores, see Benchmarks/abuse_resilience.py).
        public var concurrentDropDecodes: Int
        /// How many drops may wait for their turn to be decoded; more are refused at once with 503.
        public var waitingDropDecodes: Int
        /// How long a drop waits for its turn before it is refused with 503 and `Retry-After`.
        public var dropDecodePatience: Duration
        /// How many windows of items (up to 1,000 items each) may be read and encoded at once: one more than the
        /// processor cores. Each takes a few megabytes while it is encoded, and more at once are not faster; others
        /// wait their turn (up to 1,000 of them, 30 s each, then 503), so memory stays flat however many clients page
        /// at once (measured with Benchmarks/paging_memory.py, 20 clients on 2 cores: peak 1.44× the idle memory,
        /// against 1.66× without the bound, at the same speed).
        public var concurrentWindowReads: Int
        /// The most bytes of items one page of a gallery's items (`GET /api/galleries/{id}/items`) answers with: 4 MB
        /// (500 items of the API's largest — 20,000-character notes — would take about 10 MB; ordinary pages of 1,000
        /// items take about 1 MB). A page whose items would take more is cut short and its cursor says where to go
        /// on, so an answer never grows with what its items hold.
        public var itemPageBytes: Int
        /// How long a request head (request line and headers) may take: 10 s, from a new connection's opening for its
        /// first head, from the head's first byte for a later one. A connection that sends nothing, or only part of a
        /// head, is closed then.
        public var headerTimeout: Duration
        /// The window over which a request body's rate is measured: 10 s. A body that brings fewer than
        /// `bodyBytesPerWindow` bytes in a window (while the server is asking for them) is cut: the connection is
        /// closed, after a 408 if nothing was answered yet.
        public var bodyWindow: Duration
        /// The fewest bytes a request body must bring in each `bodyWindow`: 1,024 (100 bytes a second; the slowest
        /// real link sends a thousand times that).
        public var bodyBytesPerWindow: Int
        /// The largest request line or single header line the parser reads, in bytes: 16 KiB (browsers send paths of
        /// a few hundred bytes, cookies of at most 4 KB each). A longer request line is answered 414, a longer header
        /// 431, and the connection closed.
        public var headerFieldBytes: Int
        /// The largest request head (request line and all headers) the parser reads, in bytes: 64 KiB; a larger one is
        /// answered 431 (414 if its request line alone is too long) and the connection closed.
        public var headerBytes: Int
        /// How many connections the server holds open at once, for all clients together: 4,096. Each takes a file
        /// descriptor and a few kilobytes; when all are taken, a new connection makes room by closing the oldest idle
        /// one (one that has not had a request answered goes first), and is refused with 503 if none is idle.
        public var connections: Int
        /// How many of those may be connections that have not signed in (no request of theirs carried a session, an
        /// API token or a read-only link's session): a quarter of them, 1,024 by default. At that bound a new connection closes the
        /// oldest idle one of theirs, and is refused with 503 if none is idle; so strangers, however many addresses
        /// they come from, never close a signed-in person's connection nor take all the room. Without sign-in every
        /// connection counts as signed in after its first request.
        public var unauthenticatedConnections: Int
        /// How long a connection may stay idle after its first request (no request part read, no response written)
        /// before it is closed: 60 s. Live WebSocket feeds are not affected: they keep themselves alive with pings.
        public var idleTimeout: Duration
        /// How many connections one client address may hold open at once: 64 (a browser opens at most 6 per host,
        /// plus one live socket per open gallery view).
        public var connectionsPerAddress: Int
        /// How many images (dropped links and inline `data:` images) may be waiting to load at once, for all clients
        /// together: 1,000, twice the most one drop may carry. A drop that would go past it is refused with 503.
        public var pendingLoads: Int
        /// How many of those one person (a user, or a read-only link's visitors, who cannot drop) may have waiting at
        /// once: 500, the most one drop may carry; so one person's burst leaves room for everybody else.
        public var pendingLoadsPerPerson: Int
        /// The largest gallery archive taken by `POST /api/galleries/import`, in bytes: 4 GiB. It is streamed to a
        /// file in the image folder's incoming area, never held in memory; its files are checked before anything is
        /// made (see ``GalleryImport``).
        public var importBytes: Int64
        /// How many imports read, check and make their galleries at once: 1. An import unzips and checks every file
        /// of its archive, which is processor and disk work (on a thread of its own, never the ones that answer
        /// requests): one at a time leaves the other core to everybody else.
        public var concurrentImports: Int
        /// How many imports may wait for their turn: 4; more are refused at once with 503 and `Retry-After`.
        public var waitingImports: Int
        /// How long an import waits for its turn before it is refused with 503 and `Retry-After`: 120 s.
        public var importPatience: Duration

        /// Makes the bounds; the defaults are the ones documented on each property.
        public init(
            dropBodyBytes: Int = 8 * 1024 * 1024, jsonBodyBytes: Int = 256 * 1024,
            concurrentDropDecodes: Int = Bounds.halfTheCores,
            waitingDropDecodes: Int = 64, dropDecodePatience: Duration = .seconds(10),
            headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60),
            connectionsPerAddress: Int = 64, connections: Int = 4096, unauthenticatedConnections: Int? = nil,
            bodyWindow: Duration = .seconds(10),
            bodyBytesPerWindow: Int = 1024, headerFieldBytes: Int = 16 * 1024, headerBytes: Int = 64 * 1024,
            pendingLoads: Int = 1000, pendingLoadsPerPerson: Int = 500,
            concurrentWindowReads: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
            importBytes: Int64 = 4 << 30, concurrentImports: Int = 1, waitingImports: Int = 4,
            importPatience: Duration = .seconds(120), itemPageBytes: Int = 4 << 20
        ) {
            self.itemPageBytes = max(1, itemPageBytes)
            self.importBytes = importBytes
            self.concurrentImports = max(1, concurrentImports)
            self.waitingImports = max(0, waitingImports)
            self.importPatience = importPatience
            self.concurrentWindowReads = max(1, concurrentWindowReads)
            self.pendingLoadsPerPerson = pendingLoadsPerPerson
            self.dropBodyBytes = dropBodyBytes
            self.jsonBodyBytes = jsonBodyBytes
            self.concurrentDropDecodes = concurrentDropDecodes
            self.waitingDropDecodes = waitingDropDecodes
            self.dropDecodePatience = dropDecodePatience
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.connectionsPerAddress = connectionsPerAddress
            self.connections = max(1, connections)
            self.unauthenticatedConnections = min(
                self.connections, max(1, unauthenticatedConnections ?? self.connections / 4))
            self.bodyWindow = bodyWindow
            self.bodyBytesPerWindow = max(0, bodyBytesPerWindow)
            self.headerFieldBytes = max(256, headerFieldBytes)
            self.headerBytes = max(self.headerFieldBytes, headerBytes)
            self.pendingLoads = pendingLoads
        }

        /// Half the processor cores this process may use, at least one.
        public static var halfTheCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }
    }
}
