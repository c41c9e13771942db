import Foundation

/// Who an undo history belongs to: one browser session (a tab, across reloads), chosen by the browser.
public struct HistorySession: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The token: 8 to 64 letters, digits and dashes.
    public let rawValue: String

    /// Accepts a well-formed token.
    public init?(_ rawValue: String) {
        guard (8...64).contains(rawValue.count),
            rawValue.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        self.rawValue = rawValue
    }

    /// The token.
    public var description: String { rawValue }
}

/// One undoable action of a session in a gallery: what it changed, before and after.
public struct HistoryEntry: Sendable, Equatable, Codable {
    /// What the user did.
    public enum Action: String, Sendable, Codable, CaseIterable {
        /// Dropped or pasted things in: the new items.
        case drop
        /// Moved items within the gallery.
        case move
        /// Moved items here from another gallery.
        case transfer
        /// Copied items here (from this or another gallery).
        case copy
        /// Moved items to the trash.
        case trash
        /// Took items out of the trash.
        case restore
        /// Renamed the gallery.
        case rename
        /// Changed the images per row.
        case imagesPerRow
        /// Chose another view of the gallery (grid, list or board).
        case view
        /// Put items somewhere on the board.
        case arrange
        /// Changed a note's text.
        case editNote
        /// Changed items' titles, captions or tags.
        case describe
        /// Turned items' images a quarter turn.
        case rotate
        /// Mirrored items' images.
        case flip
    }

    /// One item's place before and after the action.
    public struct Step: Sendable, Equatable, Codable {
        /// The item.
        public var id: ItemID
        /// Where it was before (for an added item: trashed at its new place).
        public var before: Placement
        /// Where the action put it.
        public var after: Placement
        /// The item's placement version when this entry last placed it; a different version now means somebody
        /// placed it since.
        public var version: Int64

        /// Makes a step.
        public init(id: ItemID, before: Placement, after: Placement, version: Int64) {
            self.id = id
            self.before = before
            self.after = after
            self.version = version
        }
    }

    /// The gallery's settings that an action changes.
    public struct Settings: Sendable, Equatable, Codable {
        /// The name.
        public var name: String
        /// Images per row.
        public var imagesPerRow: Int
        /// The view.
        public var view: GalleryView

        /// Makes settings.
        public init(name: String, imagesPerRow: Int, view: GalleryView = .default) {
            self.name = name
            self.imagesPerRow = imagesPerRow
            self.view = view
        }

        /// The settings of a gallery.
        public init(of gallery: Gallery) {
            self.init(name: gallery.name, imagesPerRow: gallery.imagesPerRow, view: gallery.view)
        }

        /// Decodes settings; those recorded before galleries had a view were of a grid.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                name: try container.decode(String.self, forKey: .name),
                imagesPerRow: try container.decode(Int.self, forKey: .imagesPerRow),
                view: try container.decodeIfPresent(GalleryView.self, forKey: .view) ?? .default)
        }
    }

    /// One item's board position before and after an arrangement.
    public struct PositionStep: Sendable, Equatable, Codable {
        /// The item.
        public var id: ItemID
        /// The gallery whose board it was arranged on.
        public var galleryID: GalleryID
        /// Where it lay before (nil: not placed yet).
        public var before: BoardPosition?
        /// Where the arrangement put it.
        public var after: BoardPosition?

        /// Makes a step.
        public init(id: ItemID, galleryID: GalleryID, before: BoardPosition?, after: BoardPosition?) {
            self.id = id
            self.galleryID = galleryID
            self.before = before
            self.after = after
        }
    }

    /// One item's value before and after the action: a note's text, or its title, caption and tags.
    public struct ValueStep<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
        /// The item.
        public var id: ItemID
        /// Its value before.
        public var before: Value
        /// Its value after.
        public var after: Value

        /// Makes a step.
        public init(id: ItemID, before: Value, after: Value) {
            self.id = id
            self.before = before
            self.after = after
        }
    }

    /// A note's text before and after an edit.
    public typealias TextStep = ValueStep<String>
    /// An item's title, caption and tags before and after an edit.
    public typealias DescriptionStep = ValueStep<ItemDescription>
    /// An item's orientation before and after a turn.
    public typealias OrientationStep = ValueStep<ItemOrientation>

    /// The gallery's settings before and after a rename or a change of images per row.
    public struct SettingsStep: Sendable, Equatable, Codable {
        /// Before the action.
        public var before: Settings
        /// After it.
        public var after: Settings

        /// Makes a settings step.
        public init(before: Settings, after: Settings) {
            self.before = before
            self.after = after
        }
    }

    /// A run of a gallery's items that an action moved together — into its trash (or out of it), or to another place
    /// in this gallery or another — kept by the change that last placed them rather than item by item: undoing
    /// "Select All" of a million items and Move to Trash (or a move) neither lists nor reads them one by one.
    public struct RunStep: Sendable, Equatable, Codable {
        /// Where a moved run lies: a gallery and the keys of the run's ends there.
        public struct Span: Sendable, Equatable, Codable {
            /// The gallery.
            public var galleryID: GalleryID
            /// The lowest order key of the run's items there.
            public var firstKey: OrderKey
            /// The highest.
            public var lastKey: OrderKey

            /// Makes a span.
            public init(galleryID: GalleryID, firstKey: OrderKey, lastKey: OrderKey) {
                self.galleryID = galleryID
                self.firstKey = firstKey
                self.lastKey = lastKey
            }
        }

        /// The gallery (of a moved run: the one it was in before the action).
        public var galleryID: GalleryID
        /// The lowest order key of its items (of a moved run: where it was before the action).
        public var firstKey: OrderKey
        /// The highest.
        public var lastKey: OrderKey
        /// How many items it holds.
        public var count: Int
        /// The gallery's change that last placed them (by the action, or by its last undo or redo; of the gallery they
        /// are in): an item with another change number was changed since.
        public var sequence: Int64
        /// Of a run the action moved (not into the trash): where the action put it. Nil: into the trash.
        public var movedTo: Span?
        /// Of a run whose tags the action changed where it lies (neither moved nor trashed): the tags it added to
        /// its items and took from them. ``count`` and ``sequence`` are then of the items it changed.
        public var retagged: Retag?

        /// Tags added to a run's items and taken from them.
        public struct Retag: Sendable, Equatable, Codable {
            /// The tags added, as given.
            public var added: [String]
            /// The tags taken away.
            public var removed: [String]

            /// Makes a value.
            public init(added: [String], removed: [String]) {
                self.added = added
                self.removed = removed
            }

            /// The change that makes it (`forward`: a redo) or takes it back (an undo: what it added is taken away,
            /// what it took away is added).
            public func change(forward: Bool) -> ItemDescription.Change {
                forward
                    ? ItemDescription.Change(addedTags: added, removedTags: removed)
                    : ItemDescription.Change(addedTags: removed, removedTags: added)
            }
        }

        /// Makes a step.
        public init(
            galleryID: GalleryID, firstKey: OrderKey, lastKey: OrderKey, count: Int, sequence: Int64,
            movedTo: Span? = nil, retagged: Retag? = nil
        ) {
            self.galleryID = galleryID
            self.firstKey = firstKey
            self.lastKey = lastKey
            self.count = count
            self.sequence = sequence
            self.movedTo = movedTo
            self.retagged = retagged
        }

        /// Where the run was before the action (of a trashed run: live there).
        public var from: Span { Span(galleryID: galleryID, firstKey: firstKey, lastKey: lastKey) }
    }

    /// What the user did.
    public var action: Action
    /// The items it placed.
    public var items: [Step]
    /// The runs of items it moved together (after the action: in the trash, or where ``RunStep/movedTo`` says).
    public var runs: [RunStep]
    /// The settings it changed.
    public var settings: SettingsStep?
    /// The board positions it changed.
    public var positions: [PositionStep]
    /// The note texts it changed.
    public var texts: [TextStep]
    /// The titles, captions and tags it changed.
    public var descriptions: [DescriptionStep]
    /// The orientations it changed.
    public var orientations: [OrientationStep]

    /// Makes an entry.
    public init(
        action: Action, items: [Step] = [], settings: SettingsStep? = nil, positions: [PositionStep] = [],
        texts: [TextStep] = [], runs: [RunStep] = [], descriptions: [DescriptionStep] = [],
        orientations: [OrientationStep] = []
    ) {
        self.descriptions = descriptions
        self.orientations = orientations
        self.action = action
        self.items = items
        self.runs = runs
        self.settings = settings
        self.positions = positions
        self.texts = texts
    }

    /// Decodes an entry; one recorded before the board changed no positions, one recorded before notes no texts, one
    /// recorded before runs no runs, one recorded before descriptions no descriptions (nor orientations).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            action: try container.decode(Action.self, forKey: .action),
            items: try container.decode([Step].self, forKey: .items),
            settings: try container.decodeIfPresent(SettingsStep.self, forKey: .settings),
            positions: try container.decodeIfPresent([PositionStep].self, forKey: .positions) ?? [],
            texts: try container.decodeIfPresent([TextStep].self, forKey: .texts) ?? [],
            runs: try container.decodeIfPresent([RunStep].self, forKey: .runs) ?? [],
            descriptions: try container.decodeIfPresent([DescriptionStep].self, forKey: .descriptions) ?? [],
            orientations: try container.decodeIfPresent([OrientationStep].self, forKey: .orientations) ?? [])
    }
}

extension HistoryEntry {
    /// The entry of an action that added items (a drop, a copy): undoing it moves them to the trash where they are.
    public init(action: Action, addedItems items: [Item]) {
        self.init(
            action: action,
            items: items.map { item in
                let placement = Placement(of: item)
                return Step(
                    id: item.id, before: placement.trashed(true), after: placement, version: item.placementVersion)
            })
    }

    /// The entry of an action that placed existing items (a move, a delete, a restore): each item as it was before
    /// and as it is after.
    public init(action: Action, placed changes: [(before: Item, after: Item)]) {
        self.init(
            action: action,
            items: changes.map { change in
                Step(
                    id: change.after.id, before: Placement(of: change.before), after: Placement(of: change.after),
                    version: change.after.placementVersion)
            })
    }

    /// The entry of an arrangement: each item's board position before and after.
    public init(arranged changes: [(before: Item, after: Item)]) {
        self.init(
            action: .arrange,
            positions: changes.map { change in
                PositionStep(
                    id: change.after.id, galleryID: change.after.galleryID, before: change.before.boardPosition,
                    after: change.after.boardPosition)
            })
    }
}
