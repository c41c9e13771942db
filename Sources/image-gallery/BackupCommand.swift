import ArgumentParser
import Foundation
import GalleryServer

/// `image-gallery backup DEST`: a consistent copy of the data folder, made while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database and the stored files into DEST (a new or empty folder), also while serving.",
        discussion: "DEST is a data folder of its own: 'image-gallery serve --data DEST' opens the copy.")

    @OptionGroup var data: DataOption
    @Argument(help: "The folder to copy into (made if missing; it must be empty).") var destination: String

    func run() async throws {
        if data.databaseURL != nil {
            FileHandle.standardError.write(
                Data(
                    """
                    On PostgreSQL, back up the database with its own tool, then copy the data folder's images:
                      pg_dump --format=custom --file=gallery.dump "$IMAGE_GALLERY_DATABASE_URL"
                      cp -a DATA/images DEST/images
                    (pg_restore --dbname=… gallery.dump brings the database back.)

                    """.utf8))
            throw ExitCode(2)
        }
        let target = URL(fileURLWithPath: destination, isDirectory: true)
        let summary: Backup.Summary
        do {
            summary = try Backup.make(dataDirectory: data.url, destination: target) { print($0) }
        } catch let error as Backup.Error {
            throw ValidationError(error.description)
        }
        print("Backed up into \(target.path): the database and \(summary.files) files (\(summary.bytes) bytes).")
        if summary.missing > 0 {
            print(
                "\(summary.missing) files were deleted while copying (a trash emptied meanwhile); their items are in"
                    + " the backup's trash without them.")
        }
    }
}
