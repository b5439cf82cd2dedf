/**
 * Scenario 1: the NO_PROXY engine. Parse, validate, normalize and render installation lists of 10
 * to 100,000 mixed entries, on lists the process has not seen before: every sample gets a list of
 * its own, built before the timed call (fresh strings, different values), as a one-shot run meets
 * its input. Baseline, interleaved on a fresh copy of the same list: split + trim + lower-case +
 * dedupe of the same entries (`new Set`), joined again -- the least any NO_PROXY tool does.
 * Reported: time per call, engine / baseline, and growth per tenfold size (linear: about 10).
 */
import { mixedEntries } from './data';
import { summarize, table, timingCell, Timing, writeResult } from './harness';
import { NoProxy } from '../src/core/noproxy/no-proxy';

const SIZES = [10, 100, 1000, 10000, 100000];

/** The baseline: what every NO_PROXY consumer does with the list at the least. */
function splitDedupe(value: string): string {
  return [...new Set(value.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ''))].join(',');
}

let salt = 1;
let sink: unknown;

function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  sink = fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  let previous: Timing | undefined;
  for (const size of SIZES) {
    const repeats = size >= 100000 ? 5 : size >= 10000 ? 9 : 21;
    const warmup = Math.max(2, Math.ceil(20000 / size));
    const engine: number[] = [];
    const baseline: number[] = [];
    for (let round = -warmup; round < repeats; round++) {
      // the same entries for both, each as strings of its own (built twice from one salt), so
      // neither meets strings the other has already hashed
      const roundSalt = salt++;
      const forEngine = mixedEntries(size, roundSalt);
      const forBaseline = mixedEntries(size, roundSalt).join(',');
      const pair: Array<[number[], () => unknown]> = [
        [engine, () => new NoProxy({ installationWide: forEngine }).render()],
        [baseline, () => splitDedupe(forBaseline)],
      ];
      if (round % 2 === 1) {
        pair.reverse();
      }
      for (const [samples, fn] of pair) {
        const ms = time(fn);
        if (round >= 0) {
          samples.push(ms);
        }
      }
    }
    const timings = { engine: summarize(engine), splitDedupe: summarize(baseline) };
    const ratio = timings.engine.median / timings.splitDedupe.median;
    const growth = previous ? timings.engine.median / previous.median : undefined;
    rows.push([String(size), timingCell(timings.engine), timingCell(timings.splitDedupe), ratio.toFixed(1),
      growth === undefined ? '-' : `${growth.toFixed(1)}x`]);
    results.push({ size, ...timings, ratio, growthFromPrevious: growth, lastOutputLength: String(sink).length });
    previous = timings.engine;
  }
  console.log('\nScenario 1: NO_PROXY engine on unseen lists (parse + validate + normalize + render), ms per call, median (min-max)');
  console.log(table(['entries', 'engine', 'split + dedupe', 'engine / split', 'growth'], rows));
  const file = writeResult('noproxy', { sizes: results });
  console.log(`written: ${file}`);
  return { sizes: results };
}

if (require.main === module) {
  run();
}
