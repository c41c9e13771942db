import ArgumentParser
import Foundation
import GalleryServer

/// `image-gallery token …`: API tokens for scripts (`Authorization: Bearer TOKEN`).
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list and revoke API tokens for scripts.",
        subcommands: [Create.self, Revoke.self, List.self])

    /// `token create NAME`
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token; it is printed once (send it as 'Authorization: Bearer TOKEN').")
        @OptionGroup var data: DataOption
        @Option(help: "Whose token it is.") var user = "owner"
        @Argument(help: "A name to tell it by (to revoke it later).") var name: String

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            let secret = try await reportingErrors { try await administration.createToken(named: name, for: user) }
            print(secret)
        }
    }

    /// `token revoke NAME`
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: it stops working at once.")
        @OptionGroup var data: DataOption
        @Option(help: "Whose token it is.") var user = "owner"
        @Argument(help: "The token's name.") var name: String

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            try await reportingErrors { try await administration.revokeToken(named: name, for: user) }
            print("Revoked '\(name)'.")
        }
    }

    /// `token list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a user's tokens (names only).")
        @OptionGroup var data: DataOption
        @Option(help: "Whose tokens.") var user = "owner"

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            for token in try await reportingErrors({ try await administration.tokens(for: user) }) {
                print("\(token.name)\tmade \(token.createdAt)")
            }
        }
    }
}
