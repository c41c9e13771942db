import CSearchRank
import Foundation
import GRDB
import GalleryCore
import GalleryStoreSQL

/// The SQLite database: owns the writer and the migrator; every write method is one transaction.
public final class AppDatabase: Sendable {
    /// The GRDB writer (a pool in WAL mode on disk, a queue in memory).
    let writer: any DatabaseWriter
    /// Where every store over this database publishes the galleries each commit changed.
    public let changes = ChangeHub()

    /// Opens the database file at `path`, in WAL mode, running migrations.
    /// `timingStatements`, when given, is told how long each statement took (in seconds), for metrics.
    public static func open(atPath path: String, timingStatements: (@Sendable (TimeInterval) -> Void)? = nil) throws
        -> AppDatabase
    {
        let pool = try DatabasePool(path: path, configuration: makeConfiguration(timingStatements: timingStatements))
        return try AppDatabase(writer: pool)
    }

    /// An empty in-memory database, for tests.
    public static func makeInMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(configuration: makeConfiguration()))
    }

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    static func makeConfiguration(timingStatements: (@Sendable (TimeInterval) -> Void)? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // Every acknowledged write survives a crash of the process; synchronous=FULL also survives power loss in WAL mode.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Search's ranking function (CSearchRank): bm25 without counting a common phrase over the whole index.
            let registered = gallery_register_rank(db.sqliteConnection)
            guard registered == 0 else {
                throw DatabaseError(resultCode: ResultCode(rawValue: registered), message: "gallery_rank: FTS5 missing")
            }
            if let timingStatements {
                db.trace(options: .profile) { event in
                    if case .profile(_, let duration) = event { timingStatements(duration) }
                }
            }
        }
        return configuration
    }

    /// The journal mode in use ("wal" on disk).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Names of the migrations applied, in order.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: galleries, items, blobs, settings") { db in
            try db.execute(
                sql: """
                    CREATE TABLE gallery (
                      id TEXT PRIMARY KEY NOT NULL,
                      name TEXT NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
                      imagesPerRow INTEGER NOT NULL CHECK (imagesPerRow BETWEEN 1 AND 12),
                      sequence INTEGER NOT NULL DEFAULT 0 CHECK (sequence >= 0),
                      createdAt DATETIME NOT NULL,
                      updatedAt DATETIME NOT NULL,
                      trashedAt DATETIME
                    );
                    CREATE TABLE blob (
                      hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
                      mimeType TEXT NOT NULL,
                      byteCount INTEGER NOT NULL CHECK (byteCount > 0),
                      width INTEGER NOT NULL CHECK (width > 0),
                      height INTEGER NOT NULL CHECK (height > 0),
                      createdAt DATETIME NOT NULL
                    );
                    CREATE TABLE item (
                      id TEXT PRIMARY KEY NOT NULL,
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      orderKey TEXT NOT NULL CHECK (length(orderKey) >= 2),
                      state TEXT NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
                      origin TEXT NOT NULL CHECK (origin IN ('remote', 'upload', 'inline')),
                      sourceURL TEXT,
                      title TEXT NOT NULL,
                      blobHash TEXT REFERENCES blob(hash),
                      failure TEXT,
                      createdAt DATETIME NOT NULL,
                      updatedAt DATETIME NOT NULL,
                      trashedAt DATETIME,
                      changeSequence INTEGER NOT NULL,
                      CHECK (state <> 'ready' OR blobHash IS NOT NULL),
                      CHECK (state <> 'failed' OR failure IS NOT NULL)
                    );
                    CREATE UNIQUE INDEX item_live_order ON item(galleryId, orderKey) WHERE trashedAt IS NULL;
                    CREATE INDEX item_changes ON item(galleryId, changeSequence);
                    CREATE INDEX item_pending ON item(state) WHERE state = 'pending';
                    CREATE INDEX item_blob ON item(blobHash);
                    CREATE TABLE setting (
                      key TEXT PRIMARY KEY NOT NULL,
                      value TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2: trash index") { db in
            // The trash of a gallery, newest first, and its size (counted with every read of a gallery).
            try db.execute(
                sql: "CREATE INDEX item_trash ON item(galleryId, trashedAt) WHERE trashedAt IS NOT NULL")
        }
        migrator.registerMigration("v3: events, undo history, placement versions") { db in
            try db.execute(
                sql: """
                    ALTER TABLE item ADD COLUMN placementVersion INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE event (
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      sequence INTEGER NOT NULL CHECK (sequence > 0),
                      payload TEXT NOT NULL,
                      PRIMARY KEY (galleryId, sequence)
                    ) WITHOUT ROWID;
                    CREATE TABLE history (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      session TEXT NOT NULL CHECK (length(session) BETWEEN 8 AND 64),
                      action TEXT NOT NULL,
                      entry TEXT NOT NULL,
                      undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
                      createdAt DATETIME NOT NULL
                    );
                    CREATE INDEX history_session ON history(galleryId, session, undone, id);
                    CREATE INDEX gallery_trash ON gallery(trashedAt) WHERE trashedAt IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v4: linked history entries") { db in
            // A move or copy between galleries is in the history of both galleries: the two rows share a link (the
            // target's row id) and are undone and redone together.
            try db.execute(
                sql: """
                    ALTER TABLE history ADD COLUMN link INTEGER;
                    CREATE INDEX history_link ON history(link) WHERE link IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v5: users, sessions, tokens, gallery roles, links") { db in
            // Secrets (session cookies, setup links, API tokens, read-only links) are stored only as SHA-256 hashes.
            try db.execute(
                sql: """
                    CREATE TABLE user (
                      id TEXT PRIMARY KEY NOT NULL,
                      name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
                      passwordHash TEXT,
                      isAdmin INTEGER NOT NULL DEFAULT 0 CHECK (isAdmin IN (0, 1)),
                      createdAt DATETIME NOT NULL
                    );
                    CREATE TABLE setup_token (
                      hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
                      userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                      expiresAt DATETIME NOT NULL
                    );
                    CREATE TABLE session (
                      tokenHash TEXT PRIMARY KEY NOT NULL CHECK (length(tokenHash) = 64),
                      userId TEXT REFERENCES user(id) ON DELETE CASCADE,
                      linkId TEXT REFERENCES share_link(id) ON DELETE CASCADE,
                      linkGalleryId TEXT REFERENCES gallery(id) ON DELETE CASCADE,
                      csrfToken TEXT NOT NULL,
                      createdAt DATETIME NOT NULL,
                      expiresAt DATETIME NOT NULL,
                      CHECK ((userId IS NULL) <> (linkId IS NULL)),
                      CHECK ((linkId IS NULL) = (linkGalleryId IS NULL))
                    );
                    CREATE INDEX session_user ON session(userId);
                    CREATE TABLE api_token (
                      hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
                      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
                      userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                      createdAt DATETIME NOT NULL,
                      UNIQUE (userId, name)
                    );
                    CREATE TABLE gallery_member (
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                      role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                      PRIMARY KEY (galleryId, userId)
                    ) WITHOUT ROWID;
                    CREATE UNIQUE INDEX gallery_one_owner ON gallery_member(galleryId) WHERE role = 'owner';
                    CREATE INDEX gallery_member_user ON gallery_member(userId);
                    CREATE TABLE share_link (
                      id TEXT PRIMARY KEY NOT NULL,
                      hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      createdAt DATETIME NOT NULL
                    );
                    CREATE INDEX share_link_gallery ON share_link(galleryId);
                    """)
        }
        migrator.registerMigration("v6: board positions, gallery views") { db in
            // An item without a row is not on its gallery's board yet. The bounds are `BoardPosition`'s: NaN is
            // stored as NULL and infinities fall outside them, so neither gets in.
            try db.execute(
                sql: """
                    ALTER TABLE gallery ADD COLUMN chosenView TEXT NOT NULL DEFAULT 'grid'
                      CHECK (chosenView IN ('grid', 'list', 'board'));
                    CREATE TABLE board_position (
                      itemId TEXT PRIMARY KEY NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                      x REAL NOT NULL CHECK (typeof(x) = 'real' AND x BETWEEN -1000000000 AND 1000000000),
                      y REAL NOT NULL CHECK (typeof(y) = 'real' AND y BETWEEN -1000000000 AND 1000000000),
                      width REAL NOT NULL CHECK (typeof(width) = 'real' AND width > 0 AND width <= 1000000),
                      z INTEGER NOT NULL CHECK (typeof(z) = 'integer' AND z BETWEEN -2147483648 AND 2147483647)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v7: kept item counts") { db in
            // Every read of a gallery says how many items it holds and how many are in its trash. Counting them then
            // cost a scan of the gallery's items (twice per read), so reads and writes slowed down as a gallery grew;
            // the counts are kept instead, by triggers on every insert, delete, trash, restore and move of an item.
            try db.execute(
                sql: """
                    ALTER TABLE gallery ADD COLUMN itemCount INTEGER NOT NULL DEFAULT 0 CHECK (itemCount >= 0);
                    ALTER TABLE gallery ADD COLUMN trashCount INTEGER NOT NULL DEFAULT 0 CHECK (trashCount >= 0);
                    UPDATE gallery SET
                      itemCount = (SELECT count(*) FROM item WHERE item.galleryId = gallery.id AND item.trashedAt IS NULL),
                      trashCount = (SELECT count(*) FROM item WHERE item.galleryId = gallery.id AND item.trashedAt IS NOT NULL);
                    CREATE TRIGGER item_counted_in AFTER INSERT ON item BEGIN
                      UPDATE gallery SET itemCount = itemCount + (NEW.trashedAt IS NULL),
                        trashCount = trashCount + (NEW.trashedAt IS NOT NULL) WHERE id = NEW.galleryId;
                    END;
                    CREATE TRIGGER item_counted_out AFTER DELETE ON item BEGIN
                      UPDATE gallery SET itemCount = itemCount - (OLD.trashedAt IS NULL),
                        trashCount = trashCount - (OLD.trashedAt IS NOT NULL) WHERE id = OLD.galleryId;
                    END;
                    CREATE TRIGGER item_counted_again AFTER UPDATE OF galleryId, trashedAt ON item
                      WHEN OLD.galleryId IS NOT NEW.galleryId OR (OLD.trashedAt IS NULL) IS NOT (NEW.trashedAt IS NULL)
                    BEGIN
                      UPDATE gallery SET itemCount = itemCount - (OLD.trashedAt IS NULL),
                        trashCount = trashCount - (OLD.trashedAt IS NOT NULL) WHERE id = OLD.galleryId;
                      UPDATE gallery SET itemCount = itemCount + (NEW.trashedAt IS NULL),
                        trashCount = trashCount + (NEW.trashedAt IS NOT NULL) WHERE id = NEW.galleryId;
                    END;
                    """)
        }
        migrator.registerMigration("v8: recorded thumbnails") { db in
            // Which thumbnails an image has, kept with it, so that answering a request or sending an event touches
            // no file: "256,512", "" for none; NULL for images stored before, until the check at start records them.
            try db.execute(sql: "ALTER TABLE blob ADD COLUMN thumbnailWidths TEXT")
        }
        migrator.registerMigration("v9: item kinds: notes, links, videos") { db in
            // A ready note, or a link without a preview image, has no file: the table is made again without v1's
            // "a ready item has a file" check (SQLite cannot drop a check), with its indexes and triggers.
            let dependents = try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM sqlite_master
                    WHERE tbl_name = 'item' AND type IN ('index', 'trigger') AND sql IS NOT NULL
                    """)
            try db.execute(
                sql: """
                    CREATE TABLE item_v9 (
                      id TEXT PRIMARY KEY NOT NULL,
                      galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                      orderKey TEXT NOT NULL CHECK (length(orderKey) >= 2),
                      state TEXT NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
                      origin TEXT NOT NULL CHECK (origin IN ('remote', 'upload', 'inline')),
                      sourceURL TEXT,
                      title TEXT NOT NULL,
                      blobHash TEXT REFERENCES blob(hash),
                      failure TEXT,
                      createdAt DATETIME NOT NULL,
                      updatedAt DATETIME NOT NULL,
                      trashedAt DATETIME,
                      changeSequence INTEGER NOT NULL,
                      placementVersion INTEGER NOT NULL DEFAULT 0,
                      kind TEXT NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video', 'note', 'link')),
                      text TEXT,
                      pageDescription TEXT,
                      siteName TEXT,
                      CHECK (state <> 'ready' OR blobHash IS NOT NULL OR kind IN ('note', 'link')),
                      CHECK (state <> 'failed' OR failure IS NOT NULL),
                      CHECK ((kind = 'note') = (text IS NOT NULL))
                    );
                    INSERT INTO item_v9 (id, galleryId, orderKey, state, origin, sourceURL, title, blobHash, failure,
                      createdAt, updatedAt, trashedAt, changeSequence, placementVersion)
                    SELECT id, galleryId, orderKey, state, origin, sourceURL, title, blobHash, failure,
                      createdAt, updatedAt, trashedAt, changeSequence, placementVersion FROM item;
                    DROP TABLE item;
                    ALTER TABLE item_v9 RENAME TO item;
                    ALTER TABLE blob ADD COLUMN durationSeconds REAL;
                    ALTER TABLE blob ADD COLUMN hasPoster BOOLEAN NOT NULL DEFAULT 0;
                    """)
            for statement in dependents { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v10: order blocks") { db in
            try OrderBlocks.create(db)
        }
        migrator.registerMigration("v11: leases on loading") { db in
            // Which server loads a pending item, until when (see the store's leases).
            try db.execute(
                sql: """
                    CREATE TABLE item_lease (
                      itemId TEXT PRIMARY KEY NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                      owner TEXT NOT NULL,
                      expiresAt DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX item_lease_owner ON item_lease(owner);
                    """)
        }
        migrator.registerMigration("v12: the board index") { db in
            // Where each board position lies in the board's tiles, so that a board is read by the rectangle shown.
            for statement in BoardShape.migration(text: "TEXT", real: "REAL", bigint: "INTEGER") {
                try db.execute(sql: statement)
            }
        }
        migrator.registerMigration("v13: how videos play") { db in
            // A video's codec, the state of its copy browsers play, and how much of a cut-short file plays.
            for statement in VideoPlaybackColumns.migration(text: "TEXT", real: "REAL") {
                try db.execute(sql: statement)
            }
        }
        migrator.registerMigration("v14: captions and tags") { db in
            for statement in TagsColumn.migration(text: "TEXT") { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v15: what the camera wrote") { db in
            // Photo details read from EXIF, kept with each stored image; images kept before are read at start.
            for statement in PhotoDetailsColumns.migration(text: "TEXT") { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v16: how people turned their images") { db in
            try db.execute(sql: OrientationColumn.migration)
        }
        migrator.registerMigration("v17: the viewer's display copies") { db in
            try db.execute(sql: DisplayCopyMigration.statement)
        }
        migrator.registerMigration("v18: who added each item") { db in
            try db.execute(sql: AddedByColumn.migration(text: "TEXT"))
        }
        migrator.registerMigration("v19: the search index") { db in
            for statement in SearchIndex.sqliteMigration { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v20: pages' and images' text") { db in
            for statement in ItemTextColumns.migration(text: "TEXT") + SearchIndex.sqliteTextsMigration {
                try db.execute(sql: statement)
            }
        }
        migrator.registerMigration("v21: perceptual hashes") { db in
            // Each stored image's perceptual hash and its bands' index ("Find similar", "Also in"); images kept before
            // are hashed at start.
            for statement in PerceptualHashColumns.migration(bigint: "INTEGER") { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v22: links' site icons") { db in
            // The stored icon shown on the card of a link without a preview image; links kept before have none.
            for statement in SiteIconColumn.migration(text: "TEXT") { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v23: the tagged items' index") { db in
            try db.execute(sql: TagsColumn.taggedIndexMigration)
        }
        migrator.registerMigration("v24: search's filters index") { db in
            try db.execute(sql: SearchIndex.sqliteFiltersMigration)
        }
        migrator.registerMigration("v25: search's filters beside the index") { db in
            for statement in SearchIndex.sqliteFiltersBesideMigration { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v26: search's lengths beside the index") { db in
            for statement in SearchIndex.sqliteSizesBesideMigration { try db.execute(sql: statement) }
        }
        return migrator
    }
}
