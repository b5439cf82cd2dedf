import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFORMANCE_DIR } from './toolchain';

/**
 * Runs a command in a fresh network, mount and PID namespace whose only network device is `lo`
 * (checked by `conformance/namespace/inside.sh` before the command starts). Clients inside can
 * reach listeners on 127.0.0.1 and ::1 only: a connection to any other address fails locally with
 * "network unreachable", so no packet ever leaves the machine. When the command exits, the kernel
 * kills whatever it left running (PID namespace), and `--kill-child` plus the time limit end the
 * command itself if the test gives up on it.
 */

/** /etc/hosts inside the namespace unless a test gives its own. */
export const LOOPBACK_HOSTS = '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n';

/** What a namespaced command printed and how it ended. */
export interface NamespaceRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run `command` inside the loopback-only namespace, with `hosts` as its /etc/hosts, and wait for it
 * (at most `timeoutMs`, then it is killed). As root the namespace is created directly; otherwise
 * inside a user namespace (`--map-root-user`), where the kernel allows it.
 */
export function runInNamespace(command: readonly string[], timeoutMs: number, hosts: string = LOOPBACK_HOSTS): NamespaceRun {
  const directory = mkdtempSync(join(tmpdir(), 'proxy-netns-'));
  try {
    const hostsFile = join(directory, 'hosts');
    writeFileSync(hostsFile, hosts, { mode: 0o644 });
    const asRoot = process.getuid?.() === 0;
    const args = [
      ...(asRoot ? [] : ['--map-root-user']),
      '--net', '--mount', '--pid', '--fork', '--kill-child', '--',
      'bash', join(CONFORMANCE_DIR, 'namespace', 'inside.sh'), hostsFile, ...command,
    ];
    const run = spawnSync('unshare', args, { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
    if (run.error) {
      throw new Error(`unshare failed: ${run.error.message}`);
    }
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
