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
const RUNS = 15;
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

function time(run) {
  for (let i = 0; i < 3; i++) run(); // warm-up: let the JIT compile it
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

const items = gallery(COUNT);
const per25k = (ms) => (ms * 25_000) / COUNT;
let sink = 0;

const baseline = time(() => {
  let sum = 0;
  for (const item of items) sum += aspectOf(item);
  sink += sum;
});
console.log(`justified layout of ${COUNT.toLocaleString("en")} items, ${WIDTH} px wide (median of ${RUNS} runs)`);
console.log(`baseline (one pass summing aspect ratios): ${baseline.toFixed(2)} ms, `
  + `${per25k(baseline).toFixed(2)} ms per 25,000`);

let worst = 0;
for (const perRow of [2, 4, 8, 12]) {
  const ms = time(() => { sink += computeLayout(items, perRow, WIDTH).height; });
  worst = Math.max(worst, per25k(ms));
  console.log(`  ${String(perRow).padStart(2)} per row: ${ms.toFixed(2)} ms, ${per25k(ms).toFixed(2)} ms per 25,000 `
    + `(${(ms / baseline).toFixed(1)}× the baseline)`);
}
const gapped = time(() => { sink += computeLayout(items, 4, WIDTH, COUNT >> 1).height; });
console.log(`   4 per row with a drop gap: ${gapped.toFixed(2)} ms, ${per25k(gapped).toFixed(2)} ms per 25,000 `
  + `(${(gapped / baseline).toFixed(1)}× the baseline)`);
worst = Math.max(worst, per25k(gapped));

const layout = computeLayout(items, 4, WIDTH);
const lookups = 10_000;
const lookup = time(() => {
  for (let i = 0; i < lookups; i++) {
    const top = (i * 7919) % layout.height;
    sink += visibleRange(layout, top - 800, top + 1800).end;
  }
});
console.log(`visible rows for one scroll frame (binary search): ${((lookup / lookups) * 1000).toFixed(2)} µs`);
console.log(`goal: under ${GOAL_MS_PER_25K} ms per 25,000 items; worst measured ${worst.toFixed(2)} ms per 25,000: `
  + (worst < GOAL_MS_PER_25K ? "met" : "NOT met"));
if (sink === 0.5) console.log(""); // keeps the results alive
