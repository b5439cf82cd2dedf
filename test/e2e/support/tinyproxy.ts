import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../support/free-port';

/**
 * A real tinyproxy (Debian package) on 127.0.0.1 for the `cluster-proxy check` tests, which run
 * in-process in jest rather than in the namespace: every endpoint they use is 127.0.0.1, and
 * tinyproxy only connects where a test asks it to. It accepts clients from 127.0.0.1 only and
 * one Basic account. Its BasicAuth line takes only [-A-Za-z0-9._] (tinyproxy 1.11.1's parser),
 * so test passwords stay in that set here; the end-to-end suite covers the hard characters with squid.
 */

/** A running tinyproxy. */
export interface RunningTinyproxy {
  readonly port: number;
  /** Its log so far. */
  log(): string;
  /** Kill it (SIGKILL: nothing to flush). */
  stop(): void;
}

/** Resolve once 127.0.0.1:port accepts connections; reject after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

/** Start tinyproxy in `directory` with one Basic account, plus any `extraConfig` lines. */
export async function startTinyproxy(
  directory: string,
  username: string,
  password: string,
  extraConfig: readonly string[] = [],
): Promise<RunningTinyproxy> {
  const port = await freePort();
  chmodSync(directory, 0o777); // tinyproxy drops root and writes its log here
  const asRoot = process.getuid?.() === 0;
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 30',
    'MaxClients 20',
    `LogFile "${join(directory, 'tinyproxy.log')}"`,
    'LogLevel Info',
    `PidFile "${join(directory, 'tinyproxy.pid')}"`,
    'Allow 127.0.0.1',
    `BasicAuth ${username} ${password}`,
    ...(asRoot ? ['User nobody', 'Group nogroup'] : []),
    ...extraConfig,
  ];
  writeFileSync(join(directory, 'tinyproxy.conf'), `${config.join('\n')}\n`, { mode: 0o644 });
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', join(directory, 'tinyproxy.conf')], { stdio: 'ignore' });
  try {
    await waitForPort(port);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    log: () => {
      try {
        return readFileSync(join(directory, 'tinyproxy.log'), 'utf8');
      } catch {
        return '';
      }
    },
    stop: () => {
      child.kill('SIGKILL');
    },
  };
}
