// What a pane's actions may read and do: its store, its views and the page's shared parts, and a few named powers.
// The actions get this, never the pane: the hooks already name the pane they come from, and the views are reached
// through `itemsView()` (the one shown now).

/**
 * @typedef {{
 *   galleryId: string,
 *   store: {getState(): any, dispatch(action: any): any, subscribe(listener: Function): Function},
 *   announcer: any,
 *   menu: any,
 *   view: any,
 *   trash: any,
 *   toolbar: any,
 *   hooks: BoundHooks,
 *   itemsView(): any,
 *   openMenu(id: string, point: any, returnFocus: any): void,
 *   openViewer(id: string): void,
 *   refuseChange(): boolean,
 *   sendInOrder<T>(request: () => Promise<T>): Promise<T>,
 *   tell(message: string): void,
 *   announceSettled(before: any[], after: any[]): void,
 *   shrinkIntoTrash(ids: string[]): Promise<any>,
 *   refreshGallery(): Promise<void>,
 *   sync: {
 *     showRange(first: number, last: number): void,
 *     showBoard(rect: any): void,
 *     itemAt(position: number): Promise<any>,
 *     zoomToFit(): void,
 *     placeRestOnBoard(): void,
 *   },
 * }} PaneContext
 * @typedef {{
 *   isActive(): boolean,
 *   onActivate(): void,
 *   onTransfer(request: {payload: any, index: number, copy: boolean, onBoard?: any}): Promise<any>,
 *   onMoveToGallery(ids: string[], returnFocus: any, run: any): void,
 *   onFindSimilar(id: string, returnFocus: any): void,
 *   onTrashElsewhere(payload: any): void,
 *   onOpenBeside(button: any): void,
 *   onClose(): void,
 *   onHistoryStep(step?: {byToast: boolean}): void,
 *   onUndoable?(offer: import("../model/undoToast.js").Offer): void,
 *   onShare(button: any): void,
 *   onViewChanged(): void,
 *   keyboardTargets(): any[],
 *   tagsDialog: import("../view/tagsDialog.js").TagsDialog,
 * }} BoundHooks the page's hooks, each already told which pane calls
 */

/** The page's `hooks` (see GalleryPane) bound to `pane`, so that what calls them need not hold the pane. */
export function bindHooks(hooks, pane) {
  return {
    ...hooks,
    isActive: () => hooks.isActive(pane),
    onActivate: () => hooks.onActivate?.(pane),
    onTransfer: (request) => hooks.onTransfer({ ...request, target: pane }),
    onMoveToGallery: (ids, returnFocus, run) => hooks.onMoveToGallery(pane, ids, returnFocus, run),
    onTrashElsewhere: (payload) => hooks.onTrashElsewhere?.(payload),
    onOpenBeside: (button) => hooks.onOpenBeside(pane, button),
    onClose: () => hooks.onClose(pane),
    onHistoryStep: (step) => hooks.onHistoryStep?.(pane, step),
    onUndoable: (offer) => hooks.onUndoable?.(offer),
    onShare: (button) => hooks.onShare?.(pane, button),
    onViewChanged: () => hooks.onViewChanged?.(pane),
    keyboardTargets: () => hooks.keyboardTargets?.(pane) ?? [],
  };
}
