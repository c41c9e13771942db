import Crypto
import Foundation
import _CryptoExtras

/// Hashes passwords with scrypt (memory-hard, so guessing on graphics cards or custom chips is expensive) and checks
/// them. A hash is kept as `scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<key>` (base64), so the parameters can be raised
/// later without breaking the passwords already set.
///
/// The parameters are N = 2^15, r = 8, p = 1: 32 MiB and about a tenth of a second per hash in a release build on
/// this project's 2-core machines — OWASP's minimum for scrypt is N = 2^17 at 128 MiB, but a sign-in then holds
/// 128 MiB, and the server's memory bound under abuse (a few hundred MB) must also hold while someone hammers the
/// sign-in form. One hash runs at a time, on a Dispatch thread rather than one of Swift's few cooperative threads, so
/// that guessing cannot stall the rest of the server.
struct PasswordHasher: Sendable {
    /// log2 of scrypt's cost N.
    var logCost = 15
    /// scrypt's block size r.
    var blockSize = 8
    /// scrypt's parallelism p.
    var parallelism = 1

    /// One hash at a time, on a thread of its own: the other core keeps serving requests.
    private static let gate = HashingGate(slots: 1)

    /// The stored form of a new password.
    func hash(_ password: String) async throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try await Self.gate.run {
            try derive(password, salt: salt, logCost: logCost, blockSize: blockSize, parallelism: parallelism)
        }
        return "scrypt$ln=\(logCost),r=\(blockSize),p=\(parallelism)$\(salt.base64EncodedString())$"
            + key.base64EncodedString()
    }

    /// Whether `password` matches the stored hash (false for a malformed hash).
    func verify(_ password: String, against stored: String) async throws -> Bool {
        guard let parsed = Self.parse(stored) else { return false }
        let key = try await Self.gate.run {
            try derive(
                password, salt: parsed.salt, logCost: parsed.logCost, blockSize: parsed.blockSize,
                parallelism: parsed.parallelism, length: parsed.key.count)
        }
        return Self.constantTimeEqual(key, parsed.key)
    }

    /// Spends the time of a check on a password nobody has, so that an unknown name answers as slowly as a wrong
    /// password.
    func wasteTime() async throws {
        _ = try await hash("not a password of anyone")
    }

    private func derive(
        _ password: String, salt: Data, logCost: Int, blockSize: Int, parallelism: Int, length: Int = 32
    ) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(password.utf8), salt: salt, outputByteCount: length, rounds: 1 << logCost,
            blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Data($0) }
    }

    struct Parsed {
        var logCost: Int
        var blockSize: Int
        var parallelism: Int
        var salt: Data
        var key: Data
    }

    static func parse(_ stored: String) -> Parsed? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "scrypt" else { return nil }
        var numbers: [String: Int] = [:]
        for pair in parts[1].split(separator: ",") {
            let sides = pair.split(separator: "=")
            guard sides.count == 2, let value = Int(sides[1]) else { return nil }
            numbers[String(sides[0])] = value
        }
        guard let logCost = numbers["ln"], (10...20).contains(logCost), let r = numbers["r"], (1...32).contains(r),
            let p = numbers["p"], (1...16).contains(p), let salt = Data(base64Encoded: String(parts[2])),
            let key = Data(base64Encoded: String(parts[3])), (16...64).contains(key.count)
        else { return nil }
        return Parsed(logCost: logCost, blockSize: r, parallelism: p, salt: salt, key: key)
    }

    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

/// Lets at most `slots` password hashes run at once (each holds tens of MB), each on a Dispatch thread; the rest wait
/// their turn.
actor HashingGate {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) {
        free = slots
    }

    nonisolated func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        await acquire()
        do {
            let value = try await BlockingWork.run(work)
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
