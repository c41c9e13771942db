import Crypto
import Foundation

/// Random secrets (session cookies, setup links, API tokens, read-only links) and the hashes they are stored as.
enum SecretToken {
    /// 32 random bytes, base64url without padding (43 characters).
    static func make() -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        return bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// SHA-256 of a secret, in hex: what the database keeps.
    static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether a text has the shape of a secret this server makes (so that junk is refused before any lookup).
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                    || byte == 95
            }
    }
}
