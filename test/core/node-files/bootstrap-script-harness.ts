import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs preKubeadmCommands the way Cluster API's kubeadm bootstrap provider does, in real shells:
 *
 *  - cloud-config: cloud-init writes the `runcmd` items (preKubeadmCommands, then the kubeadm
 *    command) one per line into a script and runs it with `/bin/sh`: dash here, as on Debian and
 *    Ubuntu. No `set -e`.
 *  - Ignition: the commands become lines of `/etc/kubeadm.sh`, `#!/bin/bash` with `set -e`,
 *    followed by the kubeadm command (bootstrap/kubeadm/internal/ignition, clc and butane templates).
 *
 * The node's programs are stubs on PATH that log their calls: systemctl, ctr (answers after a set
 * number of failures), sleep (instant), the trust store tools, and kubeadm, which records the
 * environment it was started with, NUL-separated, so any byte of a password survives.
 */

/** What one run saw. */
export interface BootstrapRun {
  readonly status: number | null;
  readonly stderr: string;
  /** Stub calls in order, e.g. `systemctl daemon-reload` (trailing blanks trimmed). */
  readonly calls: string[];
  /** The environment kubeadm was started with, or `undefined` when kubeadm never ran. */
  readonly kubeadmEnvironment?: Record<string, string>;
}

/** A scratch node: a directory for the env file and the stubs. */
export interface ScratchNode {
  /** Directory to put node files in (use it for `files.envFilePath`). */
  readonly path: string;
  /** Write a node file. */
  writeFile(path: string, content: string): void;
  /**
   * Run the commands as Cluster API would for `format`; `ctrFailures` calls to ctr fail first.
   * `environment` is what the unit that runs them starts with (its drop-ins' variables).
   */
  run(format: 'cloud-config' | 'ignition', commands: readonly string[], ctrFailures?: number, environment?: Record<string, string>): BootstrapRun;
  remove(): void;
}

const TOOLS = ['systemctl', 'update-ca-certificates', 'update-ca-trust', 'rehash_ca_certificates.sh'];

/** Create a scratch node with its stubs. */
export function createScratchNode(): ScratchNode {
  const path = mkdtempSync(join(tmpdir(), 'proxy-capi-node-'));
  const bin = join(path, 'bin');
  const log = join(path, 'calls.log');
  const counter = join(path, 'ctr-count');
  const failures = join(path, 'ctr-failures');
  const kubeadmEnv = join(path, 'kubeadm-env');
  mkdirSync(bin);
  const stub = (name: string, body: string): void => {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> '${log}'\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  TOOLS.forEach((tool) => stub(tool, 'exit 0'));
  stub('sleep', 'exit 0');
  stub('ctr', `n=$(cat '${counter}'); n=$((n + 1)); echo "$n" > '${counter}'; [ "$n" -gt "$(cat '${failures}')" ]`);
  stub('kubeadm', `/usr/bin/env -0 > '${kubeadmEnv}'`);

  return {
    path,
    writeFile: (file, content) => writeFileSync(file, content),
    run: (format, commands, ctrFailures = 0, environment = {}) => {
      writeFileSync(counter, '0');
      writeFileSync(failures, String(ctrFailures));
      rmSync(log, { force: true });
      rmSync(kubeadmEnv, { force: true });
      const header = format === 'ignition' ? '#!/bin/bash\nset -e\n' : '#!/bin/sh\n';
      const kubeadm = format === 'ignition' ? 'kubeadm join --config /etc/kubeadm.yml' : 'kubeadm join --config /run/kubeadm/kubeadm-join-config.yaml';
      const script = join(path, 'bootstrap.sh');
      writeFileSync(script, `${header}${commands.join('\n')}\n${kubeadm}\n`);
      const shell = format === 'ignition' ? ['/bin/bash', '--norc', '--noprofile'] : ['/bin/dash'];
      const result = spawnSync(shell[0], [...shell.slice(1), script], { env: { ...environment, PATH: `${bin}:/usr/bin:/bin` }, encoding: 'utf8' });
      if (result.error) {
        throw result.error;
      }
      return {
        status: result.status,
        stderr: result.stderr,
        calls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((call) => call.trimEnd()) : [],
        kubeadmEnvironment: existsSync(kubeadmEnv) ? parseEnv(readFileSync(kubeadmEnv, 'utf8')) : undefined,
      };
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/**
 * kubeadm's rule: what ends up in the kube-apiserver, kube-controller-manager and kube-scheduler
 * static pod specs. kubeadm copies every variable of its own environment whose lower-cased name
 * ends in `_proxy` and whose value is not empty (`GetProxyEnvVars`, cmd/kubeadm/app/util/env.go).
 */
export function copiedIntoStaticPods(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).filter(([name, value]) => name.toLowerCase().endsWith('_proxy') && value !== ''));
}

/** `env -0` output as a map. */
function parseEnv(text: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const entry of text.split('\0').filter(Boolean)) {
    const equals = entry.indexOf('=');
    environment[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return environment;
}

/** `sh -n`: parse a command without running it; returns the shell's complaint, empty when fine. */
export function syntaxErrors(shell: string, command: string): string {
  const result = spawnSync(shell, ['-n', '-c', command], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
  return result.status === 0 ? '' : `${result.stderr}(status ${result.status})`;
}
