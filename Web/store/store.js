// A store in the manner of dnd-kit's core: one state, changed only by dispatching named actions through a pure reducer,
// and subscribers told after each change. No DOM, no network.

/**
 * @template State, Action
 * @param {(state: State, action: Action) => State} reducer
 * @param {State} initial
 */
export function createStore(reducer, initial) {
  let state = initial;
  /** @type {Set<(state: State, previous: State, action: Action) => void>} */
  const listeners = new Set();
  return {
    /** The state now. */
    getState: () => state,
    /** Applies `action`; subscribers are told when the state changed. Returns the new state. */
    dispatch(/** @type {Action} */ action) {
      const previous = state;
      state = reducer(state, action);
      if (state !== previous) for (const listener of [...listeners]) listener(state, previous, action);
      return state;
    },
    /** Calls `listener(state, previous, action)` after every change; returns the function that stops it. */
    subscribe(/** @type {(state: State, previous: State, action: Action) => void} */ listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
