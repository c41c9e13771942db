import Foundation
import Testing

@testable import GalleryServer

@Suite("Password hashes")
struct PasswordHasherTests {
    @Test func aHashChecksItsPasswordOnlyAndNeverHoldsIt() async throws {
        let hasher = PasswordHasher()
        let stored = try await hasher.hash("correct horse")
        #expect(stored.hasPrefix("scrypt$ln=15,r=8,p=1$"))
        #expect(!stored.contains("correct horse"))
        #expect(try await hasher.verify("correct horse", against: stored))
        #expect(try await !hasher.verify("correct horsE", against: stored))
        #expect(try await hasher.hash("correct horse") != stored)
    }

    @Test func aHashKeepsItsParametersSoTheyCanBeRaisedLater() async throws {
        let cheaper = PasswordHasher(logCost: 12, blockSize: 8, parallelism: 1)
        let stored = try await cheaper.hash("pass phrase")
        #expect(try await PasswordHasher().verify("pass phrase", against: stored))
    }

    @Test func malformedOrAbusiveHashesNeverMatch() async throws {
        let hasher = PasswordHasher()
        for stored in ["", "plain", "scrypt$ln=40,r=8,p=1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "bcrypt$x$y$z"] {
            #expect(try await !hasher.verify("x", against: stored))
        }
    }

    @Test func secretsAreLongRandomAndStoredOnlyAsHashes() {
        let a = SecretToken.make()
        #expect(SecretToken.isWellFormed(a))
        #expect(a != SecretToken.make())
        #expect(SecretToken.hash(a).count == 64)
        #expect(!SecretToken.isWellFormed("short"))
        #expect(!SecretToken.isWellFormed(String(repeating: "a", count: 42) + "/"))
    }
}
