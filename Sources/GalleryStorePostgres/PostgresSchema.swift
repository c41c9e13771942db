import Foundation
import GalleryStoreSQL

/// The schema on PostgreSQL: the same tables, columns, checks and kept counts as on SQLite (after its migration v10),
/// so that the stores' statements mean the same on both. Text is compared byte by byte (`COLLATE "C"`, as SQLite
/// does), truth values are kept as 0 and 1 (as on SQLite), dates as `timestamptz`.
enum PostgresSchema {
    /// The migrations, in order: a name and its statements. A database remembers the names it has applied.
    static let migrations: [(name: String, statements: [String])] = [
        ("v1: the schema of SQLite's v10", tables + countTriggers + orderBlockTriggers),
        (
            "v2: leases on loading",
            [
                """
                CREATE TABLE item_lease (
                  itemId TEXT COLLATE "C" PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
                  owner TEXT COLLATE "C" NOT NULL,
                  expiresAt TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX item_lease_owner ON item_lease(owner)",
            ]
        ),
        ("v3: counts and order blocks kept once per statement", keptOncePerStatement),
        (
            "v4: the board index (SQLite's v12)",
            BoardShape.migration(text: text, real: "DOUBLE PRECISION", bigint: "BIGINT")
        ),
        ("v5: how videos play (SQLite's v13)", VideoPlaybackColumns.migration(text: text, real: "DOUBLE PRECISION")),
        ("v6: captions and tags (SQLite's v14)", TagsColumn.migration(text: text)),
        ("v7: what the camera wrote (SQLite's v15)", PhotoDetailsColumns.migration(text: text)),
        ("v8: how people turned their images (SQLite's v16)", [OrientationColumn.migration]),
        ("v9: the viewer's display copies (SQLite's v17)", [DisplayCopyMigration.statement]),
        ("v10: who added each item (SQLite's v18)", [AddedByColumn.migration(text: text)]),
        ("v11: the search index (SQLite's v19)", SearchIndex.postgresMigration),
        (
            "v12: pages' and images' text (SQLite's v20)",
            ItemTextColumns.migration(text: "TEXT") + SearchIndex.postgresTextsMigration
        ),
        ("v13: perceptual hashes (SQLite's v21)", PerceptualHashColumns.migration(bigint: "BIGINT")),
        ("v14: links' site icons (SQLite's v22)", SiteIconColumn.migration(text: text)),
        ("v15: the tagged items' index (SQLite's v23)", [TagsColumn.taggedIndexMigration]),
    ]

    private static let text = "TEXT COLLATE \"C\""

    private static let tables = [
        """
        CREATE TABLE gallery (
          id \(text) PRIMARY KEY,
          name \(text) NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
          imagesPerRow INTEGER NOT NULL CHECK (imagesPerRow BETWEEN 1 AND 12),
          sequence BIGINT NOT NULL DEFAULT 0 CHECK (sequence >= 0),
          createdAt TIMESTAMPTZ NOT NULL,
          updatedAt TIMESTAMPTZ NOT NULL,
          trashedAt TIMESTAMPTZ,
          chosenView \(text) NOT NULL DEFAULT 'grid' CHECK (chosenView IN ('grid', 'list', 'board')),
          itemCount INTEGER NOT NULL DEFAULT 0 CHECK (itemCount >= 0),
          trashCount INTEGER NOT NULL DEFAULT 0 CHECK (trashCount >= 0)
        )
        """,
        "CREATE INDEX gallery_trash ON gallery(trashedAt) WHERE trashedAt IS NOT NULL",
        """
        CREATE TABLE blob (
          hash \(text) PRIMARY KEY CHECK (length(hash) = 64),
          mimeType \(text) NOT NULL,
          byteCount BIGINT NOT NULL CHECK (byteCount > 0),
          width INTEGER NOT NULL CHECK (width > 0),
          height INTEGER NOT NULL CHECK (height > 0),
          createdAt TIMESTAMPTZ NOT NULL,
          thumbnailWidths \(text),
          durationSeconds DOUBLE PRECISION,
          hasPoster INTEGER NOT NULL DEFAULT 0 CHECK (hasPoster IN (0, 1))
        )
        """,
        """
        CREATE TABLE item (
          id \(text) PRIMARY KEY,
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          orderKey \(text) NOT NULL CHECK (length(orderKey) >= 2),
          state \(text) NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
          origin \(text) NOT NULL CHECK (origin IN ('remote', 'upload', 'inline')),
          sourceURL \(text),
          title \(text) NOT NULL,
          blobHash \(text) REFERENCES blob(hash),
          failure \(text),
          createdAt TIMESTAMPTZ NOT NULL,
          updatedAt TIMESTAMPTZ NOT NULL,
          trashedAt TIMESTAMPTZ,
          changeSequence BIGINT NOT NULL,
          placementVersion BIGINT NOT NULL DEFAULT 0,
          kind \(text) NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video', 'note', 'link')),
          text \(text),
          pageDescription \(text),
          siteName \(text),
          CHECK (state <> 'ready' OR blobHash IS NOT NULL OR kind IN ('note', 'link')),
          CHECK (state <> 'failed' OR failure IS NOT NULL),
          CHECK ((kind = 'note') = (text IS NOT NULL))
        )
        """,
        "CREATE UNIQUE INDEX item_live_order ON item(galleryId, orderKey) WHERE trashedAt IS NULL",
        "CREATE INDEX item_changes ON item(galleryId, changeSequence)",
        "CREATE INDEX item_pending ON item(state) WHERE state = 'pending'",
        "CREATE INDEX item_blob ON item(blobHash)",
        "CREATE INDEX item_trash ON item(galleryId, trashedAt) WHERE trashedAt IS NOT NULL",
        "CREATE TABLE setting (key \(text) PRIMARY KEY, value \(text) NOT NULL)",
        """
        CREATE TABLE event (
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          sequence BIGINT NOT NULL CHECK (sequence > 0),
          payload \(text) NOT NULL,
          PRIMARY KEY (galleryId, sequence)
        )
        """,
        """
        CREATE TABLE history (
          id BIGSERIAL PRIMARY KEY,
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          session \(text) NOT NULL CHECK (length(session) BETWEEN 8 AND 64),
          action \(text) NOT NULL,
          entry \(text) NOT NULL,
          undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
          createdAt TIMESTAMPTZ NOT NULL,
          link BIGINT
        )
        """,
        "CREATE INDEX history_session ON history(galleryId, session, undone, id)",
        "CREATE INDEX history_link ON history(link) WHERE link IS NOT NULL",
        """
        CREATE TABLE "user" (
          id \(text) PRIMARY KEY,
          name \(text) NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
          passwordHash \(text),
          isAdmin INTEGER NOT NULL DEFAULT 0 CHECK (isAdmin IN (0, 1)),
          createdAt TIMESTAMPTZ NOT NULL
        )
        """,
        // SQLite's `UNIQUE COLLATE NOCASE`: ASCII letters only are folded, as lower() does with the C collation.
        "CREATE UNIQUE INDEX user_name ON \"user\"(lower(name))",
        """
        CREATE TABLE setup_token (
          hash \(text) PRIMARY KEY CHECK (length(hash) = 64),
          userId \(text) NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
          expiresAt TIMESTAMPTZ NOT NULL
        )
        """,
        """
        CREATE TABLE share_link (
          id \(text) PRIMARY KEY,
          hash \(text) NOT NULL UNIQUE CHECK (length(hash) = 64),
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          createdAt TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX share_link_gallery ON share_link(galleryId)",
        """
        CREATE TABLE session (
          tokenHash \(text) PRIMARY KEY CHECK (length(tokenHash) = 64),
          userId \(text) REFERENCES "user"(id) ON DELETE CASCADE,
          linkId \(text) REFERENCES share_link(id) ON DELETE CASCADE,
          linkGalleryId \(text) REFERENCES gallery(id) ON DELETE CASCADE,
          csrfToken \(text) NOT NULL,
          createdAt TIMESTAMPTZ NOT NULL,
          expiresAt TIMESTAMPTZ NOT NULL,
          CHECK ((userId IS NULL) <> (linkId IS NULL)),
          CHECK ((linkId IS NULL) = (linkGalleryId IS NULL))
        )
        """,
        "CREATE INDEX session_by_user ON session(userId)",
        """
        CREATE TABLE api_token (
          hash \(text) PRIMARY KEY CHECK (length(hash) = 64),
          name \(text) NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
          userId \(text) NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
          createdAt TIMESTAMPTZ NOT NULL,
          UNIQUE (userId, name)
        )
        """,
        """
        CREATE TABLE gallery_member (
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          userId \(text) NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
          role \(text) NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
          PRIMARY KEY (galleryId, userId)
        )
        """,
        "CREATE UNIQUE INDEX gallery_one_owner ON gallery_member(galleryId) WHERE role = 'owner'",
        "CREATE INDEX gallery_member_user ON gallery_member(userId)",
        """
        CREATE TABLE board_position (
          itemId \(text) PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
          x DOUBLE PRECISION NOT NULL CHECK (x BETWEEN -1000000000 AND 1000000000),
          y DOUBLE PRECISION NOT NULL CHECK (y BETWEEN -1000000000 AND 1000000000),
          width DOUBLE PRECISION NOT NULL CHECK (width > 0 AND width <= 1000000),
          z INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE order_block (
          galleryId \(text) NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
          firstKey \(text) NOT NULL,
          liveCount INTEGER NOT NULL CHECK (liveCount >= 0),
          PRIMARY KEY (galleryId, firstKey)
        )
        """,
        // SQLite's instr(), which the history's search for an item uses.
        """
        CREATE FUNCTION instr(haystack TEXT, needle TEXT) RETURNS INTEGER
          LANGUAGE sql IMMUTABLE AS 'SELECT strpos(haystack, needle)'
        """,
    ]

    /// The gallery's kept item and trash counts (SQLite's v7 triggers).
    private static let countTriggers = [
        """
        CREATE FUNCTION item_counted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE gallery SET itemCount = itemCount - (OLD.trashedAt IS NULL)::int,
              trashCount = trashCount - (OLD.trashedAt IS NOT NULL)::int WHERE id = OLD.galleryId;
          END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN
            UPDATE gallery SET itemCount = itemCount + (NEW.trashedAt IS NULL)::int,
              trashCount = trashCount + (NEW.trashedAt IS NOT NULL)::int WHERE id = NEW.galleryId;
          END IF;
          RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER item_counted AFTER INSERT OR DELETE ON item FOR EACH ROW EXECUTE FUNCTION item_counted()",
        """
        CREATE TRIGGER item_counted_again AFTER UPDATE OF galleryId, trashedAt ON item FOR EACH ROW
          WHEN (OLD.galleryId IS DISTINCT FROM NEW.galleryId
            OR (OLD.trashedAt IS NULL) IS DISTINCT FROM (NEW.trashedAt IS NULL))
          EXECUTE FUNCTION item_counted()
        """,
    ]

    /// Order blocks kept by triggers (SQLite's v10; see the SQLite store's `OrderBlocks`): a block counts the live
    /// items from its first key to the next block's. (Cutting a block past 1,024 and dropping an empty one is v3's
    /// `order_block_kept`; databases made before v3 had it from v1, and v3 replaces it.)
    private static let orderBlockTriggers = [
        """
        CREATE FUNCTION gallery_first_block() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO order_block (galleryId, firstKey, liveCount) VALUES (NEW.id, '', 0);
          RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER gallery_first_block AFTER INSERT ON gallery FOR EACH ROW
          EXECUTE FUNCTION gallery_first_block()
        """,
        """
        CREATE FUNCTION item_blocked() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.trashedAt IS NULL THEN
            UPDATE order_block SET liveCount = liveCount - 1
              WHERE galleryId = OLD.galleryId AND firstKey = (SELECT max(firstKey) FROM order_block
                WHERE galleryId = OLD.galleryId AND firstKey <= OLD.orderKey);
          END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.trashedAt IS NULL THEN
            UPDATE order_block SET liveCount = liveCount + 1
              WHERE galleryId = NEW.galleryId AND firstKey = (SELECT max(firstKey) FROM order_block
                WHERE galleryId = NEW.galleryId AND firstKey <= NEW.orderKey);
          END IF;
          RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER item_blocked AFTER INSERT OR DELETE ON item FOR EACH ROW EXECUTE FUNCTION item_blocked()",
        """
        CREATE TRIGGER item_blocked_again AFTER UPDATE OF galleryId, orderKey, trashedAt ON item FOR EACH ROW
          WHEN (OLD.galleryId IS DISTINCT FROM NEW.galleryId OR OLD.orderKey IS DISTINCT FROM NEW.orderKey
            OR (OLD.trashedAt IS NULL) IS DISTINCT FROM (NEW.trashedAt IS NULL))
          EXECUTE FUNCTION item_blocked()
        """,
    ]
}

extension PostgresSchema {
    /// The kept counts and order blocks of v1, kept once per statement instead of once per row: PostgreSQL keeps every
    /// version of a row a transaction updates until it ends, and finds the newest by walking them, so a gallery's row
    /// updated for each of 100,000 items inserted in one transaction (a migration, a big trash) costs their square.
    /// Per statement, the changes are summed by gallery and by block first (from the statement's transition tables:
    /// each old live row counts −1 where it was, each new one +1 where it is), and each row is updated once. A block
    /// past 1,024 is cut into blocks of 512 (the last with the rest), as one block cut at a time on SQLite does.
    fileprivate static let keptOncePerStatement =
        [
            "DROP TRIGGER item_counted ON item",
            "DROP TRIGGER item_counted_again ON item",
            "DROP TRIGGER item_blocked ON item",
            "DROP TRIGGER item_blocked_again ON item",
            "DROP FUNCTION item_counted()",
            "DROP FUNCTION item_blocked()",
        ]
        + keptPerStatement(
            "INSERT", referencing: "NEW TABLE AS new_rows", changes: rowsCounted(from: "new_rows", sign: ""))
        + keptPerStatement(
            "UPDATE", referencing: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
            changes: rowsCounted(from: "old_rows", sign: "-") + " UNION ALL " + rowsCounted(from: "new_rows", sign: ""))
        + keptPerStatement(
            "DELETE", referencing: "OLD TABLE AS old_rows", changes: rowsCounted(from: "old_rows", sign: "-"))
        + [
            """
            CREATE OR REPLACE FUNCTION order_block_kept() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.liveCount > 1024 THEN
                INSERT INTO order_block (galleryId, firstKey, liveCount)
                  SELECT NEW.galleryId, orderKey,
                    CASE WHEN place / 512 = NEW.liveCount / 512 - 1 THEN NEW.liveCount - place ELSE 512 END
                  FROM (SELECT orderKey, row_number() OVER (ORDER BY orderKey) - 1 AS place FROM (
                      SELECT orderKey FROM item WHERE galleryId = NEW.galleryId AND trashedAt IS NULL
                        AND orderKey >= NEW.firstKey ORDER BY orderKey LIMIT NEW.liveCount) AS live) AS numbered
                  WHERE place > 0 AND place % 512 = 0 AND place / 512 < NEW.liveCount / 512;
                UPDATE order_block SET liveCount = 512 WHERE galleryId = NEW.galleryId AND firstKey = NEW.firstKey;
              ELSIF NEW.liveCount = 0 AND NEW.firstKey <> '' THEN
                DELETE FROM order_block WHERE galleryId = NEW.galleryId AND firstKey = NEW.firstKey;
              END IF;
              RETURN NULL;
            END $$
            """,
            "DROP TRIGGER IF EXISTS order_block_kept ON order_block",
            """
            CREATE TRIGGER order_block_kept AFTER UPDATE OF liveCount ON order_block FOR EACH ROW
              EXECUTE FUNCTION order_block_kept()
            """,
        ]
}

extension PostgresSchema {
    /// The rows of a transition table as changes: gallery, key, and ±1 live or trashed.
    private static func rowsCounted(from rows: String, sign: String) -> String {
        "SELECT galleryId, orderKey, \(sign)(trashedAt IS NULL)::int AS live, \(sign)(trashedAt IS NOT NULL)::int AS trashed"
            + " FROM \(rows)"
    }

    /// The function and trigger that keep the counts and blocks after each `operation` statement on items.
    private static func keptPerStatement(_ operation: String, referencing: String, changes: String) -> [String] {
        let name = "item_rows_\(operation.lowercased())_kept"
        return [
            """
            CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              WITH changed AS (\(changes))
              UPDATE gallery SET itemCount = itemCount + change.live, trashCount = trashCount + change.trashed
                FROM (SELECT galleryId, sum(live) AS live, sum(trashed) AS trashed FROM changed
                  GROUP BY galleryId HAVING sum(live) <> 0 OR sum(trashed) <> 0) AS change
                WHERE gallery.id = change.galleryId;
              WITH changed AS (\(changes))
              UPDATE order_block SET liveCount = liveCount + change.live
                FROM (SELECT galleryId, firstKey, sum(live) AS live FROM (
                    SELECT changed.galleryId, changed.live, (SELECT max(block.firstKey) FROM order_block AS block
                      WHERE block.galleryId = changed.galleryId AND block.firstKey <= changed.orderKey) AS firstKey
                    FROM changed WHERE changed.live <> 0) AS placed
                  GROUP BY galleryId, firstKey HAVING sum(live) <> 0) AS change
                WHERE order_block.galleryId = change.galleryId AND order_block.firstKey = change.firstKey;
              RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER \(name) AFTER \(operation) ON item REFERENCING \(referencing)
              FOR EACH STATEMENT EXECUTE FUNCTION \(name)()
            """,
        ]
    }
}

extension PostgreSQLDatabase {
    /// The advisory lock held while migrating ("IGsc" as a number, with the schema as the second key).
    static let migrationLock: Int32 = 0x4947_7363

    /// Applies the migrations this database has not had, each in one transaction, holding a lock so that servers
    /// starting at once take turns: the second finds them applied.
    func migrate() async throws {
        _ = try await write { db in
            // Inside the write lock too; the migration lock also keeps out servers of another version of this code.
            try db.execute(sql: "SELECT pg_advisory_xact_lock(\(Self.migrationLock), hashtext(current_schema()))")
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS schema_migration (
                      name TEXT COLLATE "C" PRIMARY KEY, appliedAt TIMESTAMPTZ NOT NULL)
                    """)
            let applied = Set(try db.values(String.self, sql: "SELECT name FROM schema_migration"))
            for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try db.execute(sql: statement) }
                try db.execute(
                    sql: "INSERT INTO schema_migration (name, appliedAt) VALUES (?, ?)",
                    arguments: [migration.name, Date()])
            }
            return true
        }
    }

    /// Names of the migrations applied, in order.
    public func appliedMigrations() async throws -> [String] {
        try await read { db in
            try db.values(String.self, sql: "SELECT name FROM schema_migration ORDER BY appliedAt, name")
        }
    }
}
