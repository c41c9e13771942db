import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GalleryServer

/// `/api/tokens` and `/api/session/password` (issue 31, the account menu's Account… and API Tokens…): a person makes,
/// lists and revokes their own tokens and never another's; a token works at once as `Authorization: Bearer` and stops
/// when revoked; changing one's password needs the current one, ends every other session, keeps this browser signed
/// in and leaves the tokens working. A read-only link and a server without sign-in have no account.
@Suite("Account over HTTP")
struct AccountAPITests {
    private struct TokenJSON: Decodable, Equatable {
        var name: String
        var token: String?
    }

    private struct TokensJSON: Decodable {
        var tokens: [TokenJSON]
    }

    private struct ErrorJSON: Decodable {
        struct Message: Decodable { var message: String }
        var error: Message
    }

    private func message(_ response: TestResponse) throws -> String {
        try response.decoded(as: ErrorJSON.self).error.message
    }

    @Test func peopleMakeListAndRevokeOnlyTheirOwnTokens() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let made: TokenJSON = try await client.call(
                .post, "/api/tokens", json: #"{"name":"  backup script "}"#, as: owner, expecting: .created)
            #expect(made.name == "backup script")
            let secret = try #require(made.token)
            let bearer: HTTPFields = [.authorization: "Bearer \(secret)"]
            #expect(try await client.send(.get, "/api/galleries", as: nil, headers: bearer).status == .ok)

            // The secret is never listed again.
            let listed: TokensJSON = try await client.call(.get, "/api/tokens", as: owner)
            #expect(listed.tokens == [TokenJSON(name: "backup script", token: nil)])
            // A script with the token lists them too (and so may revoke itself).
            let byScript: TokensJSON = try await client.send(.get, "/api/tokens", as: nil, headers: bearer).decoded()
            #expect(byScript.tokens.map(\.name) == ["backup script"])

            let again = try await client.send(.post, "/api/tokens", json: #"{"name":"backup script"}"#, as: owner)
            #expect(again.status == .conflict)
            #expect(try message(again).contains("already a token named"))

            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            let hers: TokensJSON = try await client.call(.get, "/api/tokens", as: carol)
            #expect(hers.tokens.isEmpty)
            #expect(try await client.send(.delete, "/api/tokens/backup%20script", as: carol).status == .notFound)
            #expect(try await client.send(.get, "/api/galleries", as: nil, headers: bearer).status == .ok)

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            #expect(try await client.send(.get, "/api/tokens", as: visitor).status == .forbidden)
            let linkMade = try await client.send(.post, "/api/tokens", json: #"{"name":"x"}"#, as: visitor)
            #expect(linkMade.status == .forbidden)

            #expect(try await client.send(.delete, "/api/tokens/backup%20script", as: owner).status == .noContent)
            #expect(try await client.send(.get, "/api/galleries", as: nil, headers: bearer).status == .unauthorized)
            #expect(try await client.send(.delete, "/api/tokens/backup%20script", as: owner).status == .notFound)
            let left: TokensJSON = try await client.call(.get, "/api/tokens", as: owner)
            #expect(left.tokens.isEmpty)
        }
    }

    @Test func aBadTokenNameIsRefusedWithWhyAndNothingIsMade() async throws {
        try await testSignedInApplication { client, _ in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let long = String(repeating: "a", count: APIToken.maximumNameLength + 1)
            for (body, why) in [
                (#"{"name":"   "}"#, "needs a name"), (#"{"name":"\#(long)"}"#, "at most 64"),
                (#"{"name":"a/b"}"#, "only letters"), (#"{"name":"tab\there"}"#, "only letters"),
                (#"{"name":"x%2Fy"}"#, "only letters"), (#"{"nom":"x"}"#, "name"),
            ] {
                let refused = try await client.send(.post, "/api/tokens", json: body, as: owner)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(try message(refused).contains(why), "\(body)")
            }
            // Letters of any script are names too, and the name comes back as sent (NFC).
            let accented: TokenJSON = try await client.call(
                .post, "/api/tokens", json: #"{"name":"Cafe\#u{301} sync"}"#, as: owner, expecting: .created)
            #expect(accented.name == "Café sync")
            let listed: TokensJSON = try await client.call(.get, "/api/tokens", as: owner)
            #expect(listed.tokens.map(\.name) == ["Café sync"])
            let encoded = try #require("Café sync".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
            #expect(try await client.send(.delete, "/api/tokens/\(encoded)", as: owner).status == .noContent)
        }
    }

    @Test func aPersonKeepsAtMostAHundredTokens() async throws {
        try await testSignedInApplication { client, _ in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            for index in 0..<APIToken.maximumCount {
                let made = try await client.send(.post, "/api/tokens", json: #"{"name":"t\#(index)"}"#, as: owner)
                #expect(made.status == .created)
            }
            let refused = try await client.send(.post, "/api/tokens", json: #"{"name":"one more"}"#, as: owner)
            #expect(refused.status == .conflict)
            #expect(try message(refused).contains("revoke one"))
            #expect(try await client.send(.delete, "/api/tokens/t7", as: owner).status == .noContent)
            #expect(
                try await client.send(.post, "/api/tokens", json: #"{"name":"one more"}"#, as: owner).status == .created
            )
        }
    }

    @Test func changingThePasswordEndsEveryOtherSessionAndKeepsThisOneAndTheTokens() async throws {
        try await testSignedInApplication { client, _ in
            let here = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let elsewhere = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let made: TokenJSON = try await client.call(
                .post, "/api/tokens", json: #"{"name":"script"}"#, as: here, expecting: .created)
            let bearer: HTTPFields = [.authorization: "Bearer \(try #require(made.token))"]

            let wrong = try await client.send(
                .post, "/api/session/password",
                json: #"{"currentPassword":"guess-guess","newPassword":"brand new pw"}"#,
                as: here)
            #expect(wrong.status == .forbidden)  // not 401: the page would take that as "sign in again"
            #expect(try message(wrong) == "The current password is wrong.")
            let short = try await client.send(
                .post, "/api/session/password",
                json: #"{"currentPassword":"\#(SignedInWorld.ownerPassword)","newPassword":"short"}"#, as: here)
            #expect(short.status == .badRequest)
            #expect(try message(short).contains("8"))
            // Nothing changed: both browsers are still signed in.
            #expect(try await client.send(.get, "/api/session", as: elsewhere).status == .ok)

            let changed = try await client.send(
                .post, "/api/session/password",
                json: #"{"currentPassword":"\#(SignedInWorld.ownerPassword)","newPassword":"brand new password"}"#,
                as: here)
            let session: SessionJSON = try changed.decoded(expecting: .ok)
            #expect(session.user?.name == "owner")
            let cookie = String(try #require(changed.headers[.setCookie]?.split(separator: ";").first))
            let renewed = Visitor(cookie: cookie, csrfToken: try #require(session.csrfToken))

            #expect(try await client.send(.get, "/api/session", as: here).status == .unauthorized)
            #expect(try await client.send(.get, "/api/session", as: elsewhere).status == .unauthorized)
            let made2 = try await client.send(.post, "/api/tokens", json: #"{"name":"after"}"#, as: renewed)
            #expect(made2.status == .created)  // the new session's CSRF token is the one to send
            #expect(try await client.send(.get, "/api/galleries", as: nil, headers: bearer).status == .ok)

            let old = try await client.send(
                .post, "/api/session", json: #"{"name":"owner","password":"\#(SignedInWorld.ownerPassword)"}"#, as: nil)
            #expect(old.status == .unauthorized)
            _ = try await client.signIn("owner", "brand new password")
        }
    }

    @Test func aServerWithoutSignInHasNoTokensOrPasswords() async throws {
        try await withTemporaryFolder { folder in
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let listed = try await client.send(.get, "/api/tokens")
                #expect(listed.status == .conflict)
                #expect(try message(listed).contains("--no-auth"))
                let made = try await client.send(.post, "/api/tokens", json: #"{"name":"x"}"#)
                #expect(made.status == .conflict)
                let changed = try await client.send(
                    .post, "/api/session/password", json: #"{"currentPassword":"a","newPassword":"bbbbbbbbbb"}"#)
                #expect(changed.status == .conflict)
            }
        }
    }
}
