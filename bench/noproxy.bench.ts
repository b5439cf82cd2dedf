/**
 * Scenario 1: the NO_PROXY engine. Parse, validate, normalize and render installation lists of
 * 10 to 10,000 mixed entries; report time per call, the growth factor between sizes (goal: near
 * linear, time(10,000) / time(1,000) <= 12), and the cost against the YAML the value ends up in
 * (baseline: `yaml.stringify` of two drop-in files carrying the rendered value, as in a KubeadmConfigTemplate).
 */
import { stringify } from 'yaml';
import { mixedEntries } from './data';
import { measure, table, timingCell, Timing, writeResult } from './harness';
import { NoProxy, renderSystemdDropIn } from '../src/core';

const SIZES = [10, 100, 1000, 10000];

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  let previous: Timing | undefined;
  for (const size of SIZES) {
    const entries = mixedEntries(size);
    const rendered = new NoProxy({ installationWide: entries }).render();
    const dropIn = renderSystemdDropIn({ httpProxy: 'http://proxy.corp.example:3128', noProxy: rendered });
    const yamlDocument = {
      spec: {
        template: {
          spec: {
            files: [
              { path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', content: dropIn },
              { path: '/etc/systemd/system/kubelet.service.d/http-proxy.conf', content: dropIn },
            ],
          },
        },
      },
    };
    const repeats = size >= 10000 ? 7 : 15;
    const timings = measure({
      engine: () => new NoProxy({ installationWide: entries }).render(),
      yaml: () => stringify(yamlDocument),
    }, { warmup: 3, repeats });
    const growth = previous ? timings.engine.median / previous.median : undefined;
    rows.push([
      String(size),
      timingCell(timings.engine),
      growth === undefined ? '-' : `${growth.toFixed(1)}x`,
      timingCell(timings.yaml),
      `${(timings.engine.median / timings.yaml.median).toFixed(2)}`,
      String(rendered.length),
    ]);
    results.push({ size, engine: timings.engine, yaml: timings.yaml, growthFromPrevious: growth, renderedLength: rendered.length });
    previous = timings.engine;
  }
  const growth10k = results[3].growthFromPrevious as number;
  console.log('\nScenario 1: NO_PROXY engine (parse + validate + normalize + render), ms per call, median (min-max)');
  console.log(table(['entries', 'engine', 'growth', 'YAML of 2 drop-ins', 'engine / YAML', 'NO_PROXY chars'], rows));
  console.log(`goal: time(10,000) / time(1,000) <= 12: ${growth10k.toFixed(1)} ${growth10k <= 12 ? 'met' : 'MISSED'}`);
  const file = writeResult('noproxy', { sizes: results, goal: { growth10kOver1k: growth10k, met: growth10k <= 12 } });
  console.log(`written: ${file}`);
  return { growth10k };
}

if (require.main === module) {
  run();
}
