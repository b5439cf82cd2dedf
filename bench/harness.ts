/**
 * Benchmark harness: warm-up, repeated interleaved runs of a measured function and its baseline
 * (so machine drift hits both alike and cancels out in the ratio), median and min-max, tables and
 * JSON results. Speed is only ever reported here, never asserted in a timed test.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Timing summary of one function, in milliseconds per call. */
export interface Timing {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly samples: number;
}

/** Wall-clock and CPU (user + system, all threads) timings of one function. */
export interface Timings extends Timing {
  /** CPU time per call: less disturbed than wall time by other processes on a shared machine. */
  readonly cpu: Timing;
}

/** Options for {@link measure}. */
export interface MeasureOptions {
  /** Untimed calls first, so the JIT has compiled the code. @default 3 */
  readonly warmup?: number;
  /** Timed repetitions (each alternates measured and baseline calls). @default 11 */
  readonly repeats?: number;
}

/** Median, min and max of `samples`. */
export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples: sorted.length };
}

function timeOnce(fn: () => unknown): [wall: number, cpu: number] {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = fn();
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpuStart);
  blackhole(result);
  return [elapsed, (cpu.user + cpu.system) / 1000];
}

let sink: unknown;
/** Keep results alive so the engine cannot drop the work that produced them. */
function blackhole(value: unknown): void {
  sink = value;
}
export function lastSink(): unknown {
  return sink;
}

/**
 * Time each named function, interleaving them in every repetition (a, b, c, a, b, c, ...), and
 * return a timing per name. Functions are run in rotated order each round so none always goes first.
 */
export function measure(fns: Record<string, () => unknown>, options: MeasureOptions = {}): Record<string, Timings> {
  const names = Object.keys(fns);
  const warmup = options.warmup ?? 3;
  const repeats = options.repeats ?? 11;
  for (let i = 0; i < warmup; i++) {
    names.forEach((name) => timeOnce(fns[name]));
  }
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < repeats; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length];
      const [w, c] = timeOnce(fns[name]);
      wall[name].push(w);
      cpu[name].push(c);
    }
  }
  return Object.fromEntries(names.map((name) => [name, { ...summarize(wall[name]), cpu: summarize(cpu[name]) }]));
}

/** Format milliseconds with sensible precision. */
export function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toFixed(3);
}

/** `median (min-max)` in milliseconds. */
export function timingCell(timing: Timing): string {
  return `${ms(timing.median)} (${ms(timing.min)}-${ms(timing.max)})`;
}

/** A Markdown table (printed, and reusable in the performance guide's results, docs/performance.md). */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The machine, for the record next to every result. */
export function machine(): Record<string, string | number> {
  return {
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
  };
}

/** The bench's source directory (scenarios run compiled, from `bench/results/.build/bench`). */
export const BENCH_DIR = path.basename(path.dirname(__dirname)) === '.build'
  ? path.resolve(__dirname, '..', '..', '..')
  : __dirname;
/** Where results go: one JSON per scenario, merged by `run.ts` into `bench.json`. */
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
/** The compiled library the scenarios measure (`src/` compiled with the package's own tsconfig options). */
export const LIB_DIR = path.resolve(__dirname, '..', 'src');

/** Write a scenario's result to `bench/results/<name>.json` and return the path. */
export function writeResult(name: string, result: Record<string, unknown>): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ scenario: name, machine: machine(), ...result }, null, 2)}\n`);
  return file;
}

/** What a one-shot child process reports about itself when it ends (see `child-report.ts`). */
export interface ProcessReport {
  /** CPU time of the whole process (user + system, all threads), from its start, in ms. */
  readonly cpuMs: number;
  /** Wall time from the process's start, in ms. */
  readonly wallMs: number;
  /** Peak resident memory of the process, in MiB. */
  readonly peakRssMiB: number;
}

/**
 * Run `node args...` as a fresh process with the exit reporter preloaded and return what it
 * reported. Throws when the process fails.
 */
export function runProcess(args: readonly string[], options: { readonly cwd?: string } = {}): ProcessReport {
  const reportFile = path.join(RESULTS_DIR, `.report-${process.pid}.json`);
  fs.rmSync(reportFile, { force: true });
  const result = spawnSync(process.execPath, ['--require', path.join(__dirname, 'child-report.js'), ...args], {
    cwd: options.cwd,
    env: { ...process.env, BENCH_REPORT_FILE: reportFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 2 ** 20,
  });
  if (result.status !== 0) {
    throw new Error(`node ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}`);
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ProcessReport;
  fs.rmSync(reportFile, { force: true });
  return report;
}

/**
 * Run each named command as a fresh process `samples` times, interleaved and rotated like
 * {@link measure}; returns each command's CPU and wall timings and its median peak RSS.
 */
export function measureProcesses(commands: Record<string, readonly string[]>, samples: number): Record<string, Timings & { peakRssMiB: Timing }> {
  const names = Object.keys(commands);
  const reports: Record<string, ProcessReport[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < samples; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length];
      reports[name].push(runProcess(commands[name]));
    }
  }
  return Object.fromEntries(names.map((name) => [name, {
    ...summarize(reports[name].map((r) => r.wallMs)),
    cpu: summarize(reports[name].map((r) => r.cpuMs)),
    peakRssMiB: summarize(reports[name].map((r) => r.peakRssMiB)),
  }]));
}

/** Peak resident memory so far, in MiB (Linux reports it as VmHWM). */
export function peakRssMiB(): number {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kib = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1]);
    if (Number.isFinite(kib)) {
      return Math.round(kib / 1024);
    }
  } catch {
    // not Linux: fall back to the current RSS
  }
  return Math.round(process.memoryUsage().rss / 2 ** 20);
}
