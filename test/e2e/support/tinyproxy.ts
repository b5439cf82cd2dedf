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

/**
 * Start tinyproxy in `directory` with one Basic account, plus any `extraConfig` lines. The port is
 * free when chosen, but another process may take it before tinyproxy binds it (tinyproxy then
 * exits): a start whose tinyproxy exits before it listens is tried again on another port. It may
 * take seconds to listen on a loaded machine.
 */
export async function startTinyproxy(
  directory: string,
  username: string,
  password: string,
  extraConfig: readonly string[] = [],
): Promise<RunningTinyproxy> {
  chmodSync(directory, 0o777); // tinyproxy drops root and writes its log here
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawnTinyproxy(directory, port, username, password, extraConfig);
    const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
    const listening = waitForPort(port, 30_000).then(() => 'listening' as const);
    listening.catch(() => undefined); // still polling when tinyproxy exits first: its timeout is not an error then
    try {
      if (await Promise.race([listening, exited]) === 'listening') {
        return running(directory, port, child);
      }
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    if (attempt === 3) {
      throw new Error(`tinyproxy exited before listening, three times; its log:\n${logOf(directory)}`);
    }
  }
}

function spawnTinyproxy(directory: string, port: number, username: string, password: string, extraConfig: readonly string[]): ChildProcess {
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
  return spawn('tinyproxy', ['-d', '-c', join(directory, 'tinyproxy.conf')], { stdio: 'ignore' });
}

function logOf(directory: string): string {
  try {
    return readFileSync(join(directory, 'tinyproxy.log'), 'utf8');
  } catch {
    return '';
  }
}

function running(directory: string, port: number, child: ChildProcess): RunningTinyproxy {
  return {
    port,
    log: () => logOf(directory),
    stop: () => {
      child.kill('SIGKILL');
    },
  };
}
