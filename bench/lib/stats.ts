/** Small statistics used by every section: a percentile of samples, and a figure over runs. */

/** The q-quantile (0..1) of the samples, nearest rank; NaN when there are none. */
export function percentile(samples: number[], q: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
}

export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

/** The true median: the middle value, or the mean of the middle two of an even count (never the lower one); NaN when none. */
export function median(samples: number[]): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of one figure over runs, with its spread. */
export function over(runs: number[]): Figure {
  const ok = runs.filter((v) => Number.isFinite(v));
  return { median: median(ok), min: ok.length ? Math.min(...ok) : NaN, max: ok.length ? Math.max(...ok) : NaN, runs };
}

const fmtNum = (v: number, digits: number) =>
  Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

/** "123 (110-140)" — the median and, over several runs, the min-max spread. */
export function show(f: Figure, digits = 0, unit = ''): string {
  const m = `${fmtNum(f.median, digits)}${unit}`;
  if (f.runs.length < 2) return `${m} (1 run)`;
  return `${m} (${fmtNum(f.min, digits)}-${fmtNum(f.max, digits)}${unit}, ${f.runs.length} runs)`;
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
