// What is worth telling the user when the shown items change, pure.

/** Items that were loading in `before` and have finished in `after`: { ready: [item], failed: [item] }. */
export function settledItems(before, after) {
  const wasPending = new Set(before.filter((item) => item.state === "pending" && !item.local).map((item) => item.id));
  const settled = after.filter((item) => wasPending.has(item.id) && !item.local);
  return {
    ready: settled.filter((item) => item.state === "ready"),
    failed: settled.filter((item) => item.state === "failed"),
  };
}
