import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

/**
 * The root entry and the CLI start from packs of their modules (scripts/pack-entries.js). A pack
 * must behave exactly as the files it holds: the same exports, the same modules loaded, one instance
 * of every class shared with the adapters and deep imports, the same CLI output.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { packText, packedEntries } = require('../../scripts/pack-entries.js') as {
  packText: (libDir: string, entry: string) => string;
  packedEntries: (pkg: unknown) => string[];
};

const LIB = path.join(REPO_ROOT, 'lib');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const packOf = (entry: string) => path.join(LIB, entry.replace(/\.js$/, '.pack.js'));
const lib = (file: string) => JSON.stringify(path.join(LIB, file));

/** Runs `script` in a fresh node process and returns what it writes to fd 3, as JSON. */
function report(script: string): any {
  const result = spawnSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.output[3] as string);
}
const write = (value: string) => `require('node:fs').writeSync(3, JSON.stringify(${value}));`;
const libModules = `Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(LIB + path.sep)}) && !file.endsWith('.pack.js'))`;

describe('packed entry points', () => {
  beforeAll(() => {
    if (!fs.existsSync(packOf('index.js'))) {
      throw new Error('lib/ has no packs: run `npx projen compile` (npm ci and npm test build them)');
    }
  });

  test('the root entry and the bin point to packs, and lib/ holds them as the pack script writes them today', () => {
    expect(packedEntries(pkg)).toEqual(['index.js', 'cli/main.js']);
    expect(pkg.main).toBe('lib/index.pack.js');
    for (const entry of packedEntries(pkg)) {
      // Also proves the pack is current: a stale lib/ (compiled without packing) fails here.
      expect(fs.readFileSync(packOf(entry), 'utf8')).toBe(packText(LIB, entry));
    }
    expect(fs.statSync(packOf('cli/main.js')).mode & 0o111).not.toBe(0);
  }, 30_000);

  test('the root pack exports what lib/index.js exports and loads the same modules', () => {
    const loads = (file: string) => report(`const exported = require(${lib(file)}); ${write(`{ names: Object.keys(exported), modules: ${libModules}.sort() }`)}`);
    const packed = loads('index.pack.js');
    const unpacked = loads('index.js');
    expect(packed.names).toContain('ProxySettings');
    expect(packed).toEqual(unpacked);
  }, 30_000);

  test('the root pack, the cdk8s and Pulumi adapters and deep imports share one instance of each class, whichever loads first', () => {
    const classes = ['ProxySettings', 'ClusterProxyConfig', 'ProxyConfigError'];
    const sameClasses = (first: string, second: string) => report(`
      const a = require(${lib(first)});
      const b = require(${lib(second)});
      const root = ${JSON.stringify(first)}.endsWith('.pack.js') ? a : b;
      const deep = [require(${lib('core/proxy-settings.js')}), require(${lib('core/cluster-proxy-config.js')}), require(${lib('core/errors.js')})];
      ${write(`${JSON.stringify(classes)}.map((name, i) => root[name] === deep[i][name])`)}`);
    for (const adapter of ['cdk8s/index.js', 'pulumi/index.js']) {
      expect(sameClasses('index.pack.js', adapter)).toEqual([true, true, true]);
      expect(sameClasses(adapter, 'index.pack.js')).toEqual([true, true, true]);
    }
  }, 60_000);

  test('the CLI pack prints what the CLI prints, with the same exit code', () => {
    const cases = [
      ['--help'],
      ['noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example,10.0.0.0/8'],
      ['noproxy', '--pod-cidr', 'not-a-cidr', '--service-cidr', '10.96.0.0/12'],
      ['explain', 'https://git.corp.example', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example'],
    ];
    for (const args of cases) {
      const run = (file: string) => {
        const { stdout, stderr, status } = spawnSync(process.execPath, [path.join(LIB, file), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
        return { stdout, stderr, status };
      };
      const packed = run('cli/main.pack.js');
      expect(packed.stdout.length + packed.stderr.length).toBeGreaterThan(0);
      expect(packed).toEqual(run('cli/main.js'));
    }
  }, 60_000);
});
