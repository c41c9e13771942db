import Foundation
import MediaProbe
import Synchronization

/// Watches a fetched body's first bytes to tell a web page from a file: a page's first megabyte is kept (and the rest
/// never read); a file's bytes are passed on to be stored.
final class PageCapture: Sendable {
    /// What to do with the bytes received so far.
    enum Step: Equatable {
        /// Too few bytes to tell yet: nothing to pass on.
        case undecided
        /// A file: store these bytes (the held first bytes with the chunk, once; then each chunk).
        case file([UInt8])
        /// A web page: its bytes are kept here; `isFull` when enough of it is kept to stop reading.
        case page(isFull: Bool)
    }

    private enum State {
        case undecided([UInt8])
        case file
        case page([UInt8])
    }

    /// The most bytes of a page kept and read.
    let pageLimit: Int
    private let state = Mutex(State.undecided([]))

    /// A capture keeping at most `pageLimit` bytes of a page.
    init(pageLimit: Int) {
        self.pageLimit = pageLimit
    }

    /// Takes the next chunk of the body.
    func take(_ chunk: [UInt8]) -> Step {
        state.withLock { state in
            switch state {
            case .file:
                return .file(chunk)
            case .page(let kept):
                let page = kept + chunk.prefix(max(0, pageLimit - kept.count))
                state = .page(page)
                return .page(isFull: page.count >= pageLimit)
            case .undecided(let held):
                let head = held + chunk
                guard head.count >= HTMLSniffing.decisionLength else {
                    state = .undecided(head)
                    return .undecided
                }
                return Self.decide(head, &state, pageLimit: pageLimit)
            }
        }
    }

    /// Decides with what was received when the body ended early (a file shorter than the bytes needed to decide).
    func finish() -> Step {
        state.withLock { state in
            guard case .undecided(let head) = state else { return .undecided }
            return Self.decide(head, &state, pageLimit: pageLimit)
        }
    }

    /// The page's bytes, if the body is a web page.
    var page: [UInt8]? {
        state.withLock { state in
            if case .page(let bytes) = state { return bytes }
            return nil
        }
    }

    private static func decide(_ head: [UInt8], _ state: inout State, pageLimit: Int) -> Step {
        if HTMLSniffing.isHTML(head) {
            let page = Array(head.prefix(pageLimit))
            state = .page(page)
            return .page(isFull: page.count >= pageLimit)
        }
        state = .file
        return .file(head)
    }
}
