import ArgumentParser
import Foundation
import GalleryCore
import GalleryServer

/// `image-gallery user …`: accounts.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Add users, set their passwords, list them.",
        subcommands: [Add.self, ResetPassword.self, List.self])

    /// `user add NAME`
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user; the password is read from the terminal (or one line of standard input).")
        @OptionGroup var data: DataOption
        @Argument(help: "The user's name (letters, digits, dots, dashes, underscores).") var name: String

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            let password = try PasswordPrompt.read(for: name)
            let user = try await reportingErrors { try await administration.addUser(named: name, password: password) }
            print("Added user '\(user.name)'. Share a gallery with them from its Share… button.")
        }
    }

    /// `user reset-password NAME`
    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Set a user's password (their sessions end); read like `user add`.")
        @OptionGroup var data: DataOption
        @Argument(help: "The user's name.") var name: String

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            let password = try PasswordPrompt.read(for: name)
            try await reportingErrors { try await administration.resetPassword(of: name, to: password) }
            print("Set the password of '\(name)'.")
        }
    }

    /// `user list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the users.")
        @OptionGroup var data: DataOption

        func run() async throws {
            let administration = try await AccountAdministration.open(
                dataDirectory: data.url, databaseURL: data.databaseURL)
            for user in try await administration.users() {
                let notes = [user.isAdmin ? "owner" : nil, user.hasPassword ? nil : "no password yet"].compactMap { $0 }
                print(user.name + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
            }
        }
    }
}

/// `--data DIR`, shared by every command.
struct DataOption: ParsableArguments {
    @Option(
        name: .customLong("data"),
        help: "The folder for the database and images (default: $XDG_DATA_HOME/image-gallery).")
    var directory: String?

    @Option(
        name: .customLong("database"),
        help:
            "A PostgreSQL database (postgresql://user:password@host/db) instead of SQLite in the data folder (default: $IMAGE_GALLERY_DATABASE_URL)."
    )
    var database: String?

    /// The PostgreSQL database to use, from --database or the environment; nil for SQLite.
    var databaseURL: String? { database ?? ProcessInfo.processInfo.environment["IMAGE_GALLERY_DATABASE_URL"] }

    var url: URL {
        directory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ServerConfiguration.defaultDataDirectory
    }
}

/// Runs an account change, turning a refusal into a clear message and a failing exit.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as GalleryError {
        throw ValidationError(error.message)
    }
}

/// Reads a password: twice without echo on a terminal, else one line of standard input.
enum PasswordPrompt {
    static func read(for name: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw ValidationError("No password on standard input.")
            }
            return line
        }
        let first = try silently("Password for \(name): ")
        let second = try silently("Again: ")
        guard first == second else { throw ValidationError("The two passwords differ.") }
        return first
    }

    private static func silently(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else { throw ValidationError("No password given.") }
        return line
    }
}
