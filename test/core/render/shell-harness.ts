import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real shells the rendered files are sourced by (Debian: `dash` as /bin/sh, and `bash`). */
export const SHELLS = ['/bin/dash', '/bin/bash'] as const;

/** What a shell saw after sourcing a file. */
export interface ShellResult {
  /** `printf '%s\0'` of each requested variable, in request order (unset prints as empty). */
  readonly values: string[];
  /** `env -0` of the shell's exported environment. */
  readonly exported: Record<string, string>;
  readonly stderr: string;
}

/**
 * Source `content` from a file in a real shell with an empty environment, then print the listed
 * variables NUL-separated (so any byte except NUL survives) and the exported environment.
 */
export function sourceInShell(shell: string, content: string, names: readonly string[]): ShellResult {
  const directory = mkdtempSync(join(tmpdir(), 'proxy-shell-'));
  try {
    const file = join(directory, 'proxy.sh');
    writeFileSync(file, content);
    // The variable names are fixed identifiers from the renderer, safe to splice into the script.
    const printValues = names.map((name) => `"$${name}"`).join(' ');
    const script = `set -e; . '${file}'; printf '%s\\0' ${printValues}; printf '\\n--ENV--\\n'; env -0`;
    // --norc: bash sources ~/.bashrc even for -c when stdin looks like a network socket.
    const flags = shell.endsWith('bash') ? ['--norc', '--noprofile'] : [];
    const result = spawnSync(shell, [...flags, '-c', script], { env: { PATH: '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.error) {
      throw result.error;
    }
    const stdout = result.stdout.toString('utf8');
    const stderr = result.stderr.toString('utf8');
    if (result.status !== 0) {
      throw new Error(`${shell} exited ${result.status}: ${stderr}`);
    }
    const separator = stdout.indexOf('\n--ENV--\n');
    const values = stdout.slice(0, separator).split('\0').slice(0, names.length);
    const exported: Record<string, string> = {};
    for (const entry of stdout.slice(separator + '\n--ENV--\n'.length).split('\0').filter(Boolean)) {
      const equals = entry.indexOf('=');
      exported[entry.slice(0, equals)] = entry.slice(equals + 1);
    }
    return { values, exported, stderr };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
