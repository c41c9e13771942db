#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PageEncoding {
    /// `bytes` in the encoding iconv calls `name`, as UTF-8 text: a byte sequence the encoding does not allow becomes
    /// U+FFFD, as in browsers, and a character cut off at the end is left out. Nil when iconv does not know `name`.
    static func decode(_ bytes: ArraySlice<UInt8>, withIconv name: String) -> String? {
        let converter = iconv_open("UTF-8", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var chunk = [CChar](repeating: 0, count: 16 * 1024)
        input.withUnsafeMutableBufferPointer { inBuffer in
            guard let base = inBuffer.baseAddress else { return }
            var inPointer: UnsafeMutablePointer<CChar>? = base
            var inLeft = inBuffer.count
            while inLeft > 0 {
                var outLeft = chunk.count
                let result = chunk.withUnsafeMutableBufferPointer { outBuffer in
                    var outPointer = outBuffer.baseAddress
                    return convert(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                }
                output += chunk.prefix(chunk.count - outLeft).map { UInt8(bitPattern: $0) }
                guard result == -1 else { break }
                switch errno {
                case E2BIG: continue  // the chunk is full: go on with another
                case EILSEQ:
                    output += [0xEF, 0xBF, 0xBD]
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                default: inLeft = 0  // EINVAL: a character cut off at the end
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// The C library's `iconv` (inside ``PageEncoding`` its name is the case's).
private func convert(
    _ converter: iconv_t, _ input: inout UnsafeMutablePointer<CChar>?, _ inputLeft: inout Int,
    _ output: inout UnsafeMutablePointer<CChar>?, _ outputLeft: inout Int
) -> Int {
    iconv(converter, &input, &inputLeft, &output, &outputLeft)
}
