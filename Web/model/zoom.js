// Images per row: clamping and the gestures that change it, pure.

export const MIN_PER_ROW = 1;
export const MAX_PER_ROW = 12;

export function clampPerRow(value) {
  return Math.min(MAX_PER_ROW, Math.max(MIN_PER_ROW, Math.round(value)));
}

/** Ctrl/Cmd + wheel (and trackpad pinch): wheel up (negative delta) zooms in, i.e. fewer per row. */
export function perRowAfterWheel(perRow, accumulatedDelta, step = 40) {
  const steps = Math.trunc(accumulatedDelta / step);
  return { perRow: clampPerRow(perRow + steps), remainder: accumulatedDelta - steps * step };
}

/** Two-finger pinch: spreading the fingers (scale > 1) zooms in. */
export function perRowAfterPinch(startPerRow, scale) {
  if (!(scale > 0)) return startPerRow;
  return clampPerRow(startPerRow / scale);
}
