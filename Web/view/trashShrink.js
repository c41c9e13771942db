// The seed's previewForDropping: items shrink into the trash icon.

/** Animates `tiles` shrinking into the point `target` ({x, y}); resolves when done (at once with reduced motion). */
export function shrinkIntoTrash(tiles, target) {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
  const animations = tiles.filter(Boolean).map((tile) => {
    const box = tile.getBoundingClientRect();
    const dx = target.x - (box.left + box.width / 2);
    const dy = target.y - (box.top + box.height / 2);
    const base = tile.style.transform;
    return tile
      .animate(
        [
          { transform: base, opacity: 1 },
          { transform: `${base} translate(${dx}px, ${dy}px) scale(0.05)`, opacity: 0.2 },
        ],
        { duration: 200, easing: "ease-in", fill: "forwards" },
      )
      .finished.catch(() => {});
  });
  return Promise.all(animations);
}
