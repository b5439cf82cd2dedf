/**
 * Preloaded (`node --require`) into every one-shot process the bench starts: when the process
 * ends, write its CPU time, wall time and peak RSS -- all from the process's own start, so node's
 * start-up and every module load are included -- to the file named by BENCH_REPORT_FILE.
 */
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';

process.on('exit', () => {
  const cpu = process.cpuUsage();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const peakKiB = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Math.round(process.memoryUsage().rss / 1024));
  const file = process.env.BENCH_REPORT_FILE;
  if (file) {
    fs.writeFileSync(file, JSON.stringify({
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: performance.now(),
      peakRssMiB: Math.round(peakKiB / 1024),
    }));
  }
});
