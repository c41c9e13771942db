extension Int {
    /// 20000 as "20,000": how numbers are written in what users read.
    public var grouped: String {
        var digits = String(magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return (self < 0 ? "-" : "") + ([Substring(digits)] + groups).joined(separator: ",")
    }
}
