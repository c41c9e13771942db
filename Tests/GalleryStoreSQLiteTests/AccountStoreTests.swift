import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Accounts in the database")
struct AccountStoreTests {
    func stores() throws -> (SQLGalleryStore, SQLAccountStore) {
        let database = try AppDatabase.makeInMemory()
        return (SQLGalleryStore(database: database), SQLAccountStore(database: database))
    }

    @Test func namesAreUniqueWithoutRegardToCase() async throws {
        let (_, accounts) = try stores()
        _ = try await accounts.createUser(named: "Anna", passwordHash: nil, isAdmin: false)
        await #expect(throws: GalleryError.self) {
            _ = try await accounts.createUser(named: "anna", passwordHash: nil, isAdmin: false)
        }
        #expect(try await accounts.user(named: "ANNA")?.name == "Anna")
    }

    @Test func galleriesWithoutOwnerGoToTheOwnerAndEachGalleryHasOneOwner() async throws {
        let (galleries, accounts) = try stores()
        let first = try await galleries.createGallery(named: "Old")
        let owner = try await accounts.createUser(named: "owner", passwordHash: nil, isAdmin: true)
        let bob = try await accounts.createUser(named: "bob", passwordHash: nil, isAdmin: false)
        #expect(try await accounts.claimGalleriesWithoutOwner(for: owner.id) == 1)
        #expect(try await accounts.claimGalleriesWithoutOwner(for: bob.id) == 0)
        #expect(try await accounts.role(of: owner.id, in: first.id) == .owner)
        try await accounts.setRole(.owner, of: bob.id, in: first.id)
        #expect(try await accounts.members(of: first.id).map(\.role) == [.owner, .editor])
        #expect(try await accounts.members(of: first.id).first?.user.name == "bob")
        await #expect(throws: GalleryError.self) { try await accounts.setRole(.viewer, of: bob.id, in: first.id) }
        #expect(try await accounts.removeRole(of: bob.id, in: first.id) == false)
    }

    @Test func aNewPasswordEndsEverySessionAndSetupLinkOfTheUser() async throws {
        let (_, accounts) = try stores()
        let anna = try await accounts.createUser(named: "anna", passwordHash: nil, isAdmin: true)
        let now = Date()
        let session = SessionRecord(
            tokenHash: String(repeating: "a", count: 64), userID: anna.id, link: nil, csrfToken: "c", createdAt: now,
            expiresAt: now.addingTimeInterval(60))
        try await accounts.createSession(session)
        try await accounts.replaceSetupToken(
            hash: String(repeating: "b", count: 64), for: anna.id, expiresAt: now.addingTimeInterval(60))
        #expect(try await accounts.session(tokenHash: session.tokenHash, now: now)?.userID == anna.id)
        try await accounts.setPasswordHash("scrypt$…", of: anna.id)
        #expect(try await accounts.session(tokenHash: session.tokenHash, now: now) == nil)
        #expect(try await accounts.consumeSetupToken(hash: String(repeating: "b", count: 64), now: now) == nil)
    }

    @Test func sessionsAndSetupLinksExpireAndALinkIsUsedOnce() async throws {
        let (_, accounts) = try stores()
        let anna = try await accounts.createUser(named: "anna", passwordHash: nil, isAdmin: true)
        let now = Date()
        let session = SessionRecord(
            tokenHash: String(repeating: "c", count: 64), userID: anna.id, link: nil, csrfToken: "c", createdAt: now,
            expiresAt: now.addingTimeInterval(60))
        try await accounts.createSession(session)
        #expect(try await accounts.session(tokenHash: session.tokenHash, now: now.addingTimeInterval(61)) == nil)
        #expect(try await accounts.session(tokenHash: session.tokenHash, now: now) == nil)
        let setup = String(repeating: "d", count: 64)
        try await accounts.replaceSetupToken(hash: setup, for: anna.id, expiresAt: now.addingTimeInterval(60))
        #expect(try await accounts.consumeSetupToken(hash: setup, now: now.addingTimeInterval(61)) == nil)
        try await accounts.replaceSetupToken(hash: setup, for: anna.id, expiresAt: now.addingTimeInterval(60))
        #expect(try await accounts.consumeSetupToken(hash: setup, now: now) == anna.id)
        #expect(try await accounts.consumeSetupToken(hash: setup, now: now) == nil)
    }

    @Test func eachPersonsLastOpenedGalleryIsTheirOwn() async throws {
        let (galleries, accounts) = try stores()
        let anna = try await accounts.createUser(named: "anna", passwordHash: nil, isAdmin: true)
        let bob = try await accounts.createUser(named: "bob", passwordHash: nil, isAdmin: false)
        let first = try await galleries.createGallery(named: "First")
        let second = try await galleries.createGallery(named: "Second")
        #expect(try await accounts.lastOpenedGallery(of: anna.id) == nil)
        try await accounts.setLastOpenedGallery(first.id, of: anna.id)
        try await accounts.setLastOpenedGallery(second.id, of: bob.id)
        try await accounts.setLastOpenedGallery(second.id, of: anna.id)
        #expect(try await accounts.lastOpenedGallery(of: anna.id) == second.id)
        #expect(try await accounts.lastOpenedGallery(of: bob.id) == second.id)
    }

    @Test func revokingALinkEndsTheSessionsOpenedWithItOnly() async throws {
        let (galleries, accounts) = try stores()
        let gallery = try await galleries.createGallery(named: "Shown")
        let now = Date()
        let first = ShareLink(id: .make(), galleryID: gallery.id, createdAt: now)
        let second = ShareLink(id: .make(), galleryID: gallery.id, createdAt: now)
        try await accounts.createLink(first, hash: String(repeating: "1", count: 64))
        try await accounts.createLink(second, hash: String(repeating: "2", count: 64))
        for (index, link) in [first, second].enumerated() {
            try await accounts.createSession(
                SessionRecord(
                    tokenHash: String(repeating: "\(index + 5)", count: 64), userID: nil, link: link, csrfToken: "c",
                    createdAt: now, expiresAt: now.addingTimeInterval(60)))
        }
        #expect(try await accounts.revokeLink(first.id, of: gallery.id))
        #expect(try await accounts.session(tokenHash: String(repeating: "5", count: 64), now: now) == nil)
        #expect(try await accounts.session(tokenHash: String(repeating: "6", count: 64), now: now)?.linkID == second.id)
        #expect(try await accounts.link(hash: String(repeating: "1", count: 64)) == nil)
        #expect(try await accounts.links(of: gallery.id).map(\.id) == [second.id])
    }
}

@Suite("API tokens in the database")
struct APITokenStoreTests {
    /// A stand-in for a secret's SHA-256 (hex): 64 characters, as the table insists.
    func hash(_ seed: String) -> String { String((seed + "-" + String(repeating: "0", count: 64)).prefix(64)) }

    @Test func aPersonsTokensAreUniqueByNameAndAtMostAHundred() async throws {
        try await TestEngine.eachAvailable { database in
            let accounts = SQLAccountStore(database: database)
            let anna = try await accounts.createUser(named: "anna", passwordHash: nil, isAdmin: false)
            let bob = try await accounts.createUser(named: "bob", passwordHash: nil, isAdmin: false)
            let now = Date()
            for index in 0..<APIToken.maximumCount {
                try await accounts.createAPIToken(
                    APIToken(name: "t\(index)", userID: anna.id, createdAt: now), hash: hash("a\(index)"))
            }
            await #expect(throws: GalleryError.self) {  // one more
                try await accounts.createAPIToken(
                    APIToken(name: "more", userID: anna.id, createdAt: now), hash: hash("m"))
            }
            await #expect(throws: GalleryError.self) {  // a name taken
                try await accounts.createAPIToken(
                    APIToken(name: "t1", userID: anna.id, createdAt: now), hash: hash("n"))
            }
            // Another person's count and names are their own.
            try await accounts.createAPIToken(APIToken(name: "t1", userID: bob.id, createdAt: now), hash: hash("b1"))
            #expect(try await accounts.apiTokens(of: bob.id).map(\.name) == ["t1"])
            #expect(try await accounts.revokeAPIToken(named: "t1", of: anna.id))
            try await accounts.createAPIToken(APIToken(name: "more", userID: anna.id, createdAt: now), hash: hash("m"))
            #expect(try await accounts.apiTokens(of: anna.id).count == APIToken.maximumCount)
            #expect(try await accounts.userOfAPIToken(hash: hash("b1"))?.name == "bob")
        }
    }
}
