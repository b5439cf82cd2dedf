/**
 * Scenario 5: start-up. Fresh node processes on the compiled package (`src/` built with the
 * package's tsconfig, and the bundles its entry points and CLI point to): the CLI (`--help`, and
 * `noproxy` for a cluster) and `require()` of every entry point, each against `node -e 0` (and, for
 * the cdk8s and Pulumi entries, against loading their frameworks alone), CPU time from process
 * start, interleaved; an entry point both imported and with every export read (what a module
 * requires on first use loads only then).
 * Also what each entry point loads: the package's own modules, its dependencies, network modules,
 * copies of `yaml`.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BENCH_DIR, LIB_DIR, measureProcesses, table, timingCell, writeResult } from './harness';

/** A file the package's exports or bin point to, relative to lib/ (a bundle). */
const packageFile = (target: string): string => target.replace(/^(\.\/)?lib\//, '');
const pkg = JSON.parse(fs.readFileSync(path.join(BENCH_DIR, '..', 'package.json'), 'utf8'));
/** Entry points as users import them, by the package's export names. */
const ENTRIES: Record<string, string> = {
  'root (core)': packageFile(pkg.exports['.'].default),
  'cdk8s': packageFile(pkg.exports['./cdk8s'].default),
  'cdk8s-plus-33': packageFile(pkg.exports['./cdk8s-plus-33'].default),
  'pulumi': packageFile(pkg.exports['./pulumi'].default),
};
/** The framework alone, to tell the library's own cost from its peer's. */
const FRAMEWORK: Record<string, string[]> = {
  'cdk8s': ['cdk8s', 'constructs'],
  'cdk8s-plus-33': ['cdk8s', 'constructs', 'cdk8s-plus-33'],
  'pulumi': ['@pulumi/pulumi', '@pulumi/kubernetes'],
};

/**
 * Requires `modules`, and with `everyExport` reads every export of each, as a program using all of
 * an entry point would.
 */
const requireCode = (modules: readonly string[], everyExport = false) => modules.map((m) => everyExport
  ? `{ const e = require(${JSON.stringify(m)}); for (const k of Object.keys(e)) e[k]; }` : `require(${JSON.stringify(m)});`).join(' ');
const requireOf = (modules: readonly string[], everyExport = false) => ['-e', requireCode(modules, everyExport)];

/** What requiring `modules` (and reading every export, with `everyExport`) loads, counted in a fresh process. */
function modulesLoaded(modules: readonly string[], everyExport: boolean, ...args: string[]): Record<string, unknown> {
  const script = `
    process.on('exit', () => {
    const keys = Object.keys(require.cache);
    const own = keys.filter((k) => !k.includes('/node_modules/')).length;
    const packages = {};
    for (const k of keys.filter((k) => k.includes('/node_modules/'))) {
      const rest = k.slice(k.lastIndexOf('/node_modules/') + 14).split('/');
      const name = rest[0].startsWith('@') ? rest[0] + '/' + rest[1] : rest[0];
      packages[name] = (packages[name] || 0) + 1;
    }
    const yamlCopies = new Set(keys.filter((k) => /\\/node_modules\\/yaml\\//.test(k)).map((k) => k.slice(0, k.lastIndexOf('/node_modules/yaml/')))).size;
    // the library's own yaml is the top-level copy; cdk8s brings its own under cdk8s/node_modules
    const ownYaml = keys.some((k) => k.includes('/node_modules/yaml/') && !k.slice(0, k.indexOf('/node_modules/yaml/')).includes('/node_modules/'));
    const network = process.moduleLoadList.filter((m) => /^NativeModule (http|https|tls|net|http2)$/.test(m)).map((m) => m.slice(13));
    require('fs').writeSync(2, '\\nLOADS' + JSON.stringify({ ownModules: own, packages, yamlCopies, ownYaml, network }));
    });
    ${requireCode(modules, everyExport)}`;
  const result = spawnSync(process.execPath, ['-e', script, ...args], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.stderr.slice(result.stderr.lastIndexOf('\nLOADS') + 6));
}

/** `yaml (72), cdk8s (19)` for a few packages; a count for many (the full list is in the JSON). */
function packageSummary(packages: Record<string, number>): string {
  const entries = Object.entries(packages);
  const modules = entries.reduce((sum, [, n]) => sum + n, 0);
  return entries.length === 0 ? '-' : entries.length > 8 ? `${entries.length} packages, ${modules} modules`
    : entries.map(([name, n]) => `${name} (${n})`).join(', ');
}

export function run(): Record<string, unknown> {
  const cli = path.join(LIB_DIR, packageFile(pkg.bin['cluster-proxy']));
  const commands: Record<string, readonly string[]> = {
    'node -e 0': ['-e', '0'],
    'cli --help': [cli, '--help'],
    'cli noproxy': [cli, 'noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example,10.0.0.0/8'],
    ...Object.fromEntries(Object.entries(ENTRIES).flatMap(([name, file]) => [
      [`require ${name}`, requireOf([path.join(LIB_DIR, file)])],
      [`require ${name}, every export`, requireOf([path.join(LIB_DIR, file)], true)],
    ])),
    ...Object.fromEntries(Object.entries(FRAMEWORK).map(([name, modules]) => [`framework of ${name}`, requireOf(modules)])),
  };
  // 25 samples: with 15, the medians of a few milliseconds over node swung by 20 ms between runs here.
  const timings = measureProcesses(commands, 25);
  const floor = timings['node -e 0'].cpu.median;
  const overhead = (name: string, base = floor) => timings[name].cpu.median - base;
  const rows = Object.keys(commands).map((name) => [name, timingCell(timings[name].cpu), `${overhead(name).toFixed(1)}`]);
  const entries = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => {
    const loads = modulesLoaded([path.join(LIB_DIR, file)], false);
    const loadsEveryExport = modulesLoaded([path.join(LIB_DIR, file)], true);
    const framework = FRAMEWORK[name] ? modulesLoaded(FRAMEWORK[name], false) : undefined;
    const frameworkCpu = FRAMEWORK[name] ? timings[`framework of ${name}`].cpu.median : undefined;
    return [name, {
      // The import alone is compared with node's; with every export read, with the framework's.
      overNode: overhead(`require ${name}`),
      everyExportOverNode: overhead(`require ${name}, every export`),
      ...(frameworkCpu === undefined ? {} : { everyExportOverFramework: overhead(`require ${name}, every export`, frameworkCpu) }),
      loads,
      loadsEveryExport,
      // network modules the library adds to those its framework loads itself, whatever a program reads
      ownNetwork: (loadsEveryExport.network as string[]).filter((m) => !((framework?.network ?? []) as string[]).includes(m)),
      ...(framework ? { frameworkLoads: framework } : {}),
    }];
  }));
  const cliLoads = { help: modulesLoaded([cli], false, cli, '--help'), noproxy: modulesLoaded([cli], false, ...commands['cli noproxy']) };
  console.log('\nScenario 5: start-up, fresh processes, CPU ms from process start, median (min-max)');
  console.log(table(['process', 'CPU ms', 'over node -e 0'], rows));
  console.log(table(['entry point', 'import, over node -e 0', 'every export, over its framework', 'own modules: import / every export', 'packages',
    'yaml copies', 'network modules beyond the framework\'s'],
  Object.entries(entries).map(([name, e]) => [name, e.overNode.toFixed(1), (e.everyExportOverFramework ?? e.everyExportOverNode).toFixed(1),
    `${e.loads.ownModules} / ${e.loadsEveryExport.ownModules}`, packageSummary(e.loadsEveryExport.packages as Record<string, number>),
    String(e.loadsEveryExport.yamlCopies), e.ownNetwork.join(', ') || '-'])));
  const file = writeResult('startup', {
    timings,
    cli: { helpOverNode: overhead('cli --help'), noproxyOverNode: overhead('cli noproxy'), loads: cliLoads },
    entries,
  });
  console.log(`written: ${file}`);
  return { entries };
}

if (require.main === module) {
  run();
}
