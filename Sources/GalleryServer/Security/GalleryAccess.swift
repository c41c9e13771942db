import Foundation
import GalleryCore
import Hummingbird

/// Checks what the request's identity may do with a gallery: nothing at all is a 404 (a gallery you were not given
/// does not exist for you), too little a 403.
struct GalleryAccess: Sendable {
    let accounts: any AccountStore

    /// The identity's role in the gallery, if any.
    func role(of identity: Identity?, in gallery: GalleryID) async throws -> GalleryRole? {
        switch identity {
        case .user(let user)?: try await accounts.role(of: user.id, in: gallery)
        case .link(let linked)?: linked == gallery ? .viewer : nil
        case nil: nil
        }
    }

    /// Every gallery the identity may see, with its role there.
    func roles(of identity: Identity?) async throws -> [GalleryID: GalleryRole] {
        switch identity {
        case .user(let user)?: try await accounts.roles(of: user.id)
        case .link(let linked)?: [linked: .viewer]
        case nil: [:]
        }
    }

    /// Every gallery the identity may change now.
    func changeableGalleries(of identity: Identity?) async throws -> Set<GalleryID> {
        Set(try await roles(of: identity).filter { $0.value.allows(.edit) }.keys)
    }

    /// The role, after checking it allows `permission`.
    @discardableResult
    func require(_ permission: GalleryPermission, in gallery: GalleryID, for identity: Identity?) async throws
        -> GalleryRole
    {
        try Self.check(try await role(of: identity, in: gallery), allows: permission, elseNotFound: "gallery")
    }

    /// Checks the identity may do `permission` in the gallery of every item (an unknown item is left to the store,
    /// which answers 404 for it).
    func require(_ permission: GalleryPermission, items: [ItemID], for identity: Identity?) async throws {
        let galleries = Set(try await accounts.galleries(ofItems: items).values)
        for gallery in galleries { try await require(permission, in: gallery, for: identity) }
    }

    /// The gallery of the `:gallery` path parameter, after checking the request may do what its method implies
    /// (reading for GET, changing otherwise) or `permission` if given.
    func gallery<Context: IdentifiedRequestContext>(
        _ request: Request, _ context: Context, needs permission: GalleryPermission? = nil
    ) async throws -> GalleryID {
        let id: GalleryID = try context.parameters.typedID("gallery", what: "gallery")
        try await require(permission ?? Self.permission(for: request), in: id, for: context.identity)
        return id
    }

    /// The item of the `:item` path parameter, after checking the request may do what its method implies in the
    /// item's gallery; an item of a gallery one was not given is a 404 like an unknown one.
    func item<Context: IdentifiedRequestContext>(_ request: Request, _ context: Context) async throws -> ItemID {
        let id: ItemID = try context.parameters.typedID("item", what: "item")
        var role: GalleryRole?
        if let gallery = try await accounts.galleries(ofItems: [id])[id] {
            role = try await self.role(of: context.identity, in: gallery)
        }
        try Self.check(role, allows: Self.permission(for: request), elseNotFound: "item")
        return id
    }

    /// Whether the identity is shown where the photos of `gallery` were taken: never through a read-only link; its
    /// owner always; its other members unless the owner hides it (``Gallery/hidesLocation``).
    func seesLocation(_ identity: Identity?, in gallery: Gallery) async throws -> Bool {
        guard case .user = identity, let role = try await role(of: identity, in: gallery.id) else { return false }
        return role == .owner || !gallery.hidesLocation
    }

    /// The name of the account that added `item`, told to the members of its gallery (the identity opened it, so it
    /// may read it); never through a read-only link. Nil when nobody known added it (an account since removed).
    func adderName(of item: Item, for identity: Identity?) async throws -> String? {
        guard case .user = identity, let adder = item.addedBy else { return nil }
        return try await accounts.user(adder)?.name
    }

    /// The item of the `:item` path parameter for reading, as a person opens it: an item that does not exist, is in
    /// the trash, or lies in a gallery the person may not read is the same 404.
    func openedItem<Context: IdentifiedRequestContext>(
        _ request: Request, _ context: Context, in store: any GalleryStore
    )
        async throws -> Item
    {
        let id = try await item(request, context)
        guard let item = try? await store.item(id), item.trashedAt == nil else {
            throw GalleryError.notFound("There is no such item.")
        }
        return item
    }

    /// The role, if it allows `permission`: no role is a 404 ("There is no such `thing`."), too little a 403.
    @discardableResult
    private static func check(_ role: GalleryRole?, allows permission: GalleryPermission, elseNotFound thing: String)
        throws -> GalleryRole
    {
        guard let role else { throw GalleryError.notFound("There is no such \(thing).") }
        guard role.allows(permission) else { throw GalleryError.forbidden(refusal(permission)) }
        return role
    }

    /// What a request needs by its method: reading for GET, changing otherwise.
    static func permission(for request: Request) -> GalleryPermission {
        request.method == .get ? .view : .edit
    }

    /// The signed-in user (not a read-only link).
    static func user(_ context: some IdentifiedRequestContext) throws -> User {
        guard let user = context.identity?.user else {
            throw GalleryError.forbidden("A read-only link can only show its gallery.")
        }
        return user
    }

    /// Whose loads the request's count among (``IngestionService/withReservedLoads(_:for:_:)``): its user, or "link"
    /// for a read-only link, which cannot start any.
    static func person(_ context: some IdentifiedRequestContext) -> String {
        context.identity?.user?.id.rawValue ?? "link"
    }

    static func refusal(_ permission: GalleryPermission) -> String {
        switch permission {
        case .view: "You cannot see this gallery."
        case .edit: "You can view this gallery but not change it."
        case .own: "Only the gallery's owner can do this."
        }
    }
}
