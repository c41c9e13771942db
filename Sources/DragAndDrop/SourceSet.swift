import Foundation

/// The `srcset` attribute of an `<img>`: image candidates with width (`w`) or pixel-density (`x`) descriptors.
enum SourceSet {
    /// One parsed candidate.
    struct Candidate: Equatable {
        var url: String
        var width: Int?
        var density: Double?
    }

    /// The URL of the largest candidate: the widest by `w` descriptor if any has one, else the densest by `x`
    /// descriptor (a candidate without descriptor counts as `1x`), else the last; `nil` if there are none.
    static func largestCandidate(in srcset: String) -> String? {
        let candidates = parse(srcset)
        let widths = candidates.compactMap { candidate in candidate.width.map { (candidate, $0) } }
        if let widest = widths.max(by: { $0.1 < $1.1 }) {
            return widest.0.url
        }
        if candidates.contains(where: { $0.density != nil }),
            let densest = candidates.max(by: { ($0.density ?? 1) < ($1.density ?? 1) })
        {
            return densest.url
        }
        return candidates.last?.url
    }

    /// The candidates of a `srcset`, following the HTML parsing algorithm: a URL runs to the next whitespace (trailing
    /// commas end it), descriptors run to the next comma outside parentheses; candidates with invalid descriptors
    /// are dropped.
    static func parse(_ srcset: String) -> [Candidate] {
        let bytes = Array(srcset.utf8)
        var position = 0
        var candidates: [Candidate] = []
        while position < bytes.count {
            while position < bytes.count, isASCIIWhitespace(bytes[position]) || bytes[position] == UInt8(ascii: ",") {
                position += 1
            }
            guard position < bytes.count else { break }
            let urlStart = position
            while position < bytes.count, !isASCIIWhitespace(bytes[position]) { position += 1 }
            var urlEnd = position
            var descriptors: [String] = []
            if bytes[urlEnd - 1] == UInt8(ascii: ",") {
                while urlEnd > urlStart, bytes[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
            } else {
                let descriptorStart = position
                var depth = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "(") {
                        depth += 1
                    } else if byte == UInt8(ascii: ")") {
                        depth = max(0, depth - 1)
                    } else if byte == UInt8(ascii: ","), depth == 0 {
                        break
                    }
                    position += 1
                }
                descriptors = String(decoding: bytes[descriptorStart..<position], as: UTF8.self)
                    .split(whereSeparator: \.isWhitespace).map(String.init)
            }
            guard urlEnd > urlStart else { continue }
            let url = String(decoding: bytes[urlStart..<urlEnd], as: UTF8.self)
            if let candidate = candidate(url: url, descriptors: descriptors) {
                candidates.append(candidate)
            }
        }
        return candidates
    }

    private static func candidate(url: String, descriptors: [String]) -> Candidate? {
        var candidate = Candidate(url: url)
        var sawHeight = false
        for descriptor in descriptors {
            guard let unit = descriptor.last else { continue }
            let number = descriptor.dropLast()
            switch unit {
            case "w", "W":
                guard candidate.width == nil, candidate.density == nil, let width = Int(number), width > 0 else {
                    return nil
                }
                candidate.width = width
            case "x", "X":
                guard candidate.width == nil, candidate.density == nil, !sawHeight, let density = Double(number),
                    density.isFinite, density >= 0
                else { return nil }
                candidate.density = density
            case "h", "H":
                guard !sawHeight, let height = Int(number), height > 0 else { return nil }
                sawHeight = true
            default:
                return nil
            }
        }
        return candidate
    }
}
