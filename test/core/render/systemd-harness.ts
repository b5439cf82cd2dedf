import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs rendered drop-ins through real systemd (Debian package `systemd`; `setpriv` from
 * `util-linux` when the tests run as root). Two readers:
 *
 *  - `systemd-analyze verify`: the official linter; it logs "Failed to resolve specifiers" for a
 *    stray `%` and any other parse warning.
 *  - `systemd --test --system`: the real manager in dry-run mode. It loads the unit with its
 *    drop-ins and dumps the parsed unit, including one `Environment: NAME=value` line per variable,
 *    the values exactly as a started service would receive them. This is the round-trip reader.
 *    It refuses to run as root ("Don't run test mode as root"), hence `setpriv` to `nobody`.
 *
 * Missing tools fail the tests (scripts/install-test-tools.sh installs them).
 */

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const SYSTEMD = ['/usr/lib/systemd/systemd', '/lib/systemd/systemd'].find((path) => existsSync(path)) ?? '/usr/lib/systemd/systemd';
const NOBODY = '65534';

/** A temp directory holding `test.service` and `test.service.d/http-proxy.conf`. */
export interface UnitDirectory {
  readonly path: string;
  /** Replace the drop-in. */
  writeDropIn(content: string): void;
  /** Delete the directory. */
  remove(): void;
}

/** Create the unit directory, readable by `nobody` for `systemd --test`. */
export function createUnitDirectory(): UnitDirectory {
  const path = mkdtempSync(join(tmpdir(), 'proxy-systemd-'));
  chmodSync(path, 0o755);
  mkdirSync(join(path, 'test.service.d'), { mode: 0o755 });
  // DefaultDependencies=no: the dry run must not need sysinit.target and friends.
  writeFileSync(join(path, 'test.service'),
    '[Unit]\nDescription=proxy drop-in test\nDefaultDependencies=no\n\n[Service]\nType=oneshot\nExecStart=/bin/true\n', { mode: 0o644 });
  return {
    path,
    writeDropIn: (content) => writeFileSync(join(path, 'test.service.d', 'http-proxy.conf'), content, { mode: 0o644 }),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** `systemd-analyze verify` on the unit: exit status and everything it logged. */
export function verifyUnit(unit: UnitDirectory): { status: number | null; output: string } {
  const result = spawnSync(SYSTEMD_ANALYZE, ['verify', '--man=no', join(unit.path, 'test.service')], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SYSTEMD_LOG_COLOR: '0' },
  });
  if (result.error) {
    throw result.error;
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The environment systemd itself parsed for `test.service`, as `NAME=value` strings in file order,
 * plus any warning it logged about the unit's files.
 */
export function parsedEnvironment(unit: UnitDirectory): { environment: string[]; warnings: string[] } {
  const asNobody = process.getuid?.() === 0;
  const command = asNobody ? 'setpriv' : SYSTEMD;
  const args = [
    ...(asNobody ? [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', SYSTEMD] : []),
    '--test', '--system', '--unit=test.service', '--no-pager',
  ];
  const result = spawnSync(command, args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/', SYSTEMD_UNIT_PATH: unit.path, SYSTEMD_LOG_COLOR: '0' },
  });
  if (result.error) {
    throw result.error;
  }
  const stdout = result.stdout.toString('utf8');
  const stderr = result.stderr.toString('utf8');
  if (result.status !== 0) {
    throw new Error(`systemd --test failed (${result.status}): ${stderr}`);
  }
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line === '\t-> Unit test.service:');
  if (start === -1) {
    throw new Error(`systemd --test did not dump test.service:\n${stdout.slice(0, 2000)}`);
  }
  const end = lines.findIndex((line, index) => index > start && line.startsWith('\t-> Unit '));
  const block = lines.slice(start, end === -1 ? undefined : end);
  const environment = block.filter((line) => line.startsWith('\t\tEnvironment: ')).map((line) => line.slice('\t\tEnvironment: '.length));
  const warnings = stderr.split('\n').filter((line) => line.includes(unit.path));
  return { environment, warnings };
}
