import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.join(__dirname, '..', '..');

/** Every `.ts` file under `directory`, at any depth. */
export function typeScriptFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    return entry.isDirectory() ? typeScriptFiles(file) : entry.name.endsWith('.ts') ? [file] : [];
  });
}
const tsNodeRegister = require.resolve('ts-node/register/transpile-only');

/**
 * Files loaded by requiring `entry` (a source file) in a fresh node process: how the tests prove
 * that an entry point never loads an optional peer it does not need.
 */
export function modulesLoadedBy(entry: string): string[] {
  const script = `require(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const result = spawnSync(process.execPath, ['-r', tsNodeRegister, '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.stdout);
}
