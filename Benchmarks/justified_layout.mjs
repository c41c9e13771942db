// How long the justified grid layout (Web/model/justifiedLayout.js) takes for a large gallery.
//
//   node Benchmarks/justified_layout.mjs [items]
//
// Lays out 100,000 items (default) of random aspect ratios, with a few placeholders and failed items, at several
// images-per-row settings and prints the time per 25,000 items against the goal (under 10 ms per 25,000), and as a
// ratio against a baseline measured in the same run: one plain pass over the same items summing their aspect ratios
// (the least any layout must do). It also times the look-up a scroll frame makes (visibleRange). Medians of several
// runs after a warm-up; nothing here is asserted.

import { aspectOf, computeLayout, visibleRange } from "../Web/model/justifiedLayout.js";

const COUNT = Number(process.argv[2]) || 100_000;
const GOAL_MS_PER_25K = 10;
const RUNS = 21;
const WIDTH = 1904;

function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gallery(count) {
  const next = random(42);
  return Array.from({ length: count }, (_, index) => {
    if (index % 97 === 3) return { id: `p${index}`, state: "pending" };
    if (index % 101 === 7) return { id: `f${index}`, state: "failed" };
    const aspect = Math.exp((next() * 2 - 1) * Math.log(4)); // 1:4 to 4:1
    return { id: `i${index}`, state: "ready", width: Math.round(1200 * aspect), height: 1200 };
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function once(run) {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median time of `run` over RUNS runs after a warm-up that lets the JIT compile it. */
function time(run) {
  for (let i = 0; i < 3; i++) run();
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(once(run));
  return median(samples);
}

/**
 * Median times of `run` and of the baseline, measured right after one another (the machine's load changes over
 * seconds, so a baseline measured once at the start would not be comparable) but not interleaved run by run (the
 * garbage a layout leaves would be collected during the baseline's runs).
 */
function timeAgainstBaseline(run) {
  return { baselineMs: time(baseline), ms: time(run) };
}

const items = gallery(COUNT);
const per25k = (ms) => (ms * 25_000) / COUNT;
let sink = 0;

/** The least any layout must do: one pass over the items reading their aspect ratios. */
function baseline() {
  let sum = 0;
  for (const item of items) sum += aspectOf(item);
  sink += sum;
}

console.log(
  `justified layout of ${COUNT.toLocaleString("en")} items, ${WIDTH} px wide (medians of ${RUNS} runs; ` +
    "baseline: one pass over the items summing their aspect ratios, measured just before each case)",
);

time(baseline); // a first, longer warm-up: the baseline's first runs are still interpreted
let worst = 0;
const cases = [
  [2, null],
  [4, null],
  [8, null],
  [12, null],
  [4, COUNT >> 1],
];
for (const [perRow, gap] of cases) {
  const { ms, baselineMs } = timeAgainstBaseline(() => {
    sink += computeLayout(items, perRow, WIDTH, gap).height;
  });
  worst = Math.max(worst, per25k(ms));
  console.log(
    `  ${String(perRow).padStart(2)} per row${gap === null ? "" : " with a drop gap"}: ${ms.toFixed(2)} ms, ` +
      `${per25k(ms).toFixed(2)} ms per 25,000; ${(ms / baselineMs).toFixed(1)}× the baseline ` +
      `(${baselineMs.toFixed(2)} ms)`,
  );
}

const layout = computeLayout(items, 4, WIDTH);
const lookups = 10_000;
const lookup = time(() => {
  for (let i = 0; i < lookups; i++) {
    const top = (i * 7919) % layout.height;
    sink += visibleRange(layout, top - 800, top + 1800).end;
  }
});
console.log(`visible rows for one scroll frame (binary search): ${((lookup / lookups) * 1000).toFixed(2)} µs`);
console.log(
  `goal: under ${GOAL_MS_PER_25K} ms per 25,000 items; worst measured ${worst.toFixed(2)} ms per 25,000: ` +
    (worst < GOAL_MS_PER_25K ? "met" : "NOT met"),
);
if (sink === 0.5) console.log(""); // keeps the results alive
