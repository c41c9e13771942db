import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries`: galleries as documents — list, create, rename (and choose images per row and view), duplicate, delete to the trash of galleries,
/// restore — and each session's undo and redo in them. Each person sees only the galleries they own or were given.
struct GalleryRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    /// Renders items and galleries as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        let galleries = router.group("api/galleries")
        galleries.get { request, context in
            let trashed = request.uri.queryParameters.get("trashed") == "true"
            let roles = try await access.roles(of: context.identity)
            // The trash of galleries holds only one's own.
            let list = try await trashed ? store.trashedGalleries() : store.galleries()
            return GalleryListResponse(
                galleries: list.compactMap { gallery in
                    guard let role = roles[gallery.id], !trashed || role == .owner else { return nil }
                    return presenter.response(for: gallery, role: role)
                })
        }
        galleries.post { request, context in
            let user = try GalleryAccess.user(context)
            let body = try await request.decodeJSON(as: CreateGalleryRequest.self, limit: jsonBodyBytes)
            let gallery = try await store.createGallery(named: body.name)
            try await access.accounts.setRole(.owner, of: user.id, in: gallery.id)
            return EditedResponse(status: .created, response: presenter.response(for: gallery, role: .owner))
        }
        galleries.get(":gallery") { request, context in
            let id: GalleryID = try context.parameters.typedID("gallery", what: "gallery")
            let role = try await access.require(.view, in: id, for: context.identity)
            return presenter.response(for: try await store.gallery(id), role: role)
        }
        galleries.post(":gallery/opened") { request, context in
            let id = try await access.gallery(request, context, needs: .view)
            if let user = context.identity?.user { try await access.accounts.setLastOpenedGallery(id, of: user.id) }
            return Response(status: .noContent)
        }
        galleries.patch(":gallery") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: UpdateGalleryRequest.self, limit: jsonBodyBytes)
            guard body.name != nil || body.imagesPerRow != nil || body.view != nil || body.hideLocation != nil else {
                throw GalleryError.invalid(
                    "Nothing to change: send 'name', 'imagesPerRow', 'view' and/or 'hideLocation'.")
            }
            if let hides = body.hideLocation {
                // Only the owner decides who sees where the photos were taken; checked before anything changes.
                try await access.require(.own, in: id, for: context.identity)
                let hidden = try await store.setHidesLocation(id, hides)
                guard body.name != nil || body.imagesPerRow != nil || body.view != nil else {
                    return RecordedResponse(body: response(hidden), history: nil)
                }
            }
            let session = try request.historySession(for: context.identity)
            let gallery = try await store.updateGallery(
                id, name: body.name, imagesPerRow: body.imagesPerRow, view: try body.validatedView(),
                recordingFor: session)
            return try await store.recorded(response(gallery), in: id, for: session)
        }
        galleries.delete(":gallery") { request, context in
            response(try await store.trashGallery(try await access.gallery(request, context, needs: .own)))
        }
        galleries.post(":gallery/restore") { request, context in
            response(try await store.restoreGallery(try await access.gallery(request, context, needs: .own)))
        }
        galleries.post(":gallery/duplicate") { request, context in
            // Anyone who sees a gallery may copy it; the copy is theirs.
            let user = try GalleryAccess.user(context)
            let id = try await access.gallery(request, context, needs: .view)
            // The body is optional: no body (or `{}`) names the copy "<name> copy".
            let name = try await request.decodeOptionalJSON(as: DuplicateGalleryRequest.self, limit: jsonBodyBytes)?
                .name
            // Its links still loading load again: room for them first, or nothing is copied.
            let loading = try await store.pendingItems().filter { $0.galleryID == id }
            let gallery = try await ingestion.withReservedLoads(
                IngestionService.loadsToCopy(loading), for: user.id.rawValue
            ) { reservation in
                let (gallery, loading) = try await store.duplicateGallery(id, named: name)
                try await access.accounts.setRole(.owner, of: user.id, in: gallery.id)
                await ingestion.startLoadingCopies(loading, in: reservation)
                return gallery
            }
            return EditedResponse(
                status: .created, response: presenter.response(for: try await store.gallery(gallery.id), role: .owner))
        }
        galleries.get(":gallery/history") { request, context in
            // Only someone who may change the gallery has a history in it (not a viewer or a read-only link).
            let id = try await access.gallery(request, context, needs: .edit)
            return try await store.historyResponse(
                in: id, for: try request.requiredHistorySession(for: context.identity))
        }
        for direction in [HistoryDirection.undo, .redo] {
            galleries.post(":gallery/\(direction.rawValue)") { request, context in
                let id = try await access.gallery(request, context)
                let session = try request.requiredHistorySession(for: context.identity)
                // The step may reach other galleries (a move or copy between galleries): each must be one the
                // person may change now, not when the action was done.
                let changeable = try await access.changeableGalleries(of: context.identity)
                // `?entry=`: the step is that entry's or nothing (a toast's Undo undoes the action it tells of).
                let expected = try request.uri.queryParameters.get("entry").map { text throws(GalleryError) in
                    guard let number = Int64(text) else { throw .invalid("'entry' must be a whole number.") }
                    return number
                }
                let outcome = try await store.step(direction, in: id, for: session, expecting: expected) {
                    changeable.contains($0)
                }
                let undoable = outcome.state.undo == nil ? nil : try await store.undoableAction(in: id, for: session)
                return HistoryStepResponse(
                    message: outcome.message, history: HistoryResponse(outcome.state, undoable: undoable),
                    items: outcome.items.map(presenter.response(for:)))
            }
        }
    }

    func response(_ gallery: Gallery) -> GalleryResponse { presenter.response(for: gallery) }
}
