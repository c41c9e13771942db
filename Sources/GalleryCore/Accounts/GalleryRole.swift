/// What a person may do with a gallery: the owner everything, an editor change its items and settings, a viewer look.
public enum GalleryRole: String, Sendable, Codable, CaseIterable, Comparable {
    /// Sees the gallery and its items; changes nothing.
    case viewer
    /// Also drops, moves, trashes, restores, renames, undoes and redoes.
    case editor
    /// Also deletes and restores the gallery, and shares it.
    case owner

    /// Whether this role allows `permission`.
    public func allows(_ permission: GalleryPermission) -> Bool {
        switch permission {
        case .view: true
        case .edit: self >= .editor
        case .own: self == .owner
        }
    }

    /// Orders by what the role allows.
    public static func < (lhs: GalleryRole, rhs: GalleryRole) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }
}

/// What a request needs to be allowed to do with a gallery.
public enum GalleryPermission: Sendable, Equatable {
    /// Read it.
    case view
    /// Change its items or settings.
    case edit
    /// Delete, restore or share it.
    case own
}
