import { KubeadmEnvironment } from './options';
import { TrustStore } from './os-family';
import type { SystemProxyCommands } from './system-commands';
import { invalidValue } from '../primitives/errors';
import { quoteShellValue } from '../render/shell';

/**
 * The preKubeadmCommands that activate the proxy files on a node.
 *
 * How Cluster API runs them decides how they are written:
 *  - cloud-config: the commands become `runcmd` items; cloud-init writes them, one per line, into a
 *    single script run by `/bin/sh` (dash on Debian and Ubuntu), followed by the kubeadm command.
 *  - Ignition: the commands become lines of `/etc/kubeadm.sh` (`#!/bin/bash`, `set -e`), followed by
 *    the kubeadm command, run once by `kubeadm.service`.
 * Either way the commands and kubeadm share one shell process, so variables the commands export
 * reach kubeadm, and kubeadm copies every `*_proxy` variable of its environment into the
 * kube-apiserver, controller-manager and scheduler static pods. So every command is POSIX sh, and
 * none fails by accident: under `set -e` a failing command stops the bootstrap.
 *
 * Values never appear in the commands: the proxy is sourced from the env file, so in delivery
 * `secret` no credential lands in the KubeadmControlPlane or KubeadmConfigTemplate.
 */

/**
 * Trailing shell comment on every command the library adds. It marks them as the library's, so
 * applying the proxy again replaces them instead of adding a second copy.
 */
export const PROXY_COMMAND_MARKER = '# cluster-proxy-constructs';

/** The start of the no-op command that carries a revision of the node files. */
export const REVISION_COMMAND_PREFIX = ': node proxy files revision ';

/** An `export` line of a proxy variable, whoever wrote it (the library, a system's commands, a system). */
export const PROXY_EXPORT = /^export (HTTP_PROXY|HTTPS_PROXY|NO_PROXY|http_proxy|https_proxy|no_proxy)=/;

/** Default seconds to wait (one retry per second) for containerd to answer after its restart. */
export const DEFAULT_CONTAINERD_WAIT_SECONDS = 60;

/** Inputs of {@link nodeProxyCommands}. */
export interface NodeProxyCommandOptions {
  /** The env file with the `export` lines. */
  readonly envFilePath: string;
  /**
   * Trust store to rebuild after the proxy CA was written.
   *
   * @default - no proxy CA
   */
  readonly trustStore?: TrustStore;
  /** Seconds to wait (one retry per second) for containerd to answer before the bootstrap fails. */
  readonly containerdWaitSeconds: number;
  /** How kubeadm gets the proxy: source the env file, run `exportLines`, or nothing. */
  readonly kubeadmEnvironment: KubeadmEnvironment;
  /**
   * The `export NAME='value'` commands (kubeadmEnvironment `exports`).
   *
   * @default - none
   */
  readonly exportLines?: string[];
  /**
   * A revision of the node files, written into a no-op command so that a change of the files
   * changes the KubeadmConfigSpec when nothing else would (a Secret with a fixed name).
   *
   * @default - none
   */
  readonly revision?: string;
  /**
   * The commands of a profile's system, in place of the library's restart and wait, unmarked.
   *
   * @default - the library's
   */
  readonly system?: Pick<SystemProxyCommands, 'before' | 'after'>;
}

/** True for a command the library added (it ends with {@link PROXY_COMMAND_MARKER}). */
export function isProxyCommand(command: unknown): boolean {
  return typeof command === 'string' && command.endsWith(` ${PROXY_COMMAND_MARKER}`);
}

/** Validate the containerd wait bound: a whole number of seconds, 1 to 600. */
export function parseContainerdWaitSeconds(field: string, value: unknown): number {
  if (value === undefined) {
    return DEFAULT_CONTAINERD_WAIT_SECONDS;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 600) {
    throw invalidValue(field, value, 'must be a whole number of seconds from 1 to 600');
  }
  return value;
}

/**
 * The commands, in order:
 *  1. `systemctl daemon-reload`: cloud-init writes the drop-ins while systemd already runs, and
 *     systemd reads drop-ins only on a reload;
 *  2. with a proxy CA, the trust store update, so the restarted containerd trusts the proxy;
 *  3. `systemctl restart containerd`, so it runs with the proxy (kubeadm starts the kubelet later,
 *     after the reload, so the kubelet needs no restart);
 *  4. a bounded wait until containerd answers (`ctr version`, retried once a second, each try capped
 *     at 5 s by `timeout`): kubeadm's preflight fails on a containerd still starting. When the time
 *     is up the script exits 1 with a message: the node fails visibly, before kubeadm runs;
 *  5. sourcing the env file, exporting the proxy to kubeadm (and to later preKubeadmCommands); or,
 *     in kubeadmEnvironment `exports`, the `export` lines themselves; or nothing (`none`).
 * With a `revision`, a no-op `:` command carrying it comes first.
 */
export function nodeProxyCommands(options: NodeProxyCommandOptions): string[] {
  const kubeadm = [
    ...(options.kubeadmEnvironment === KubeadmEnvironment.ENV_FILE ? [`. ${quoteShellValue(options.envFilePath)}`] : []),
    ...(options.kubeadmEnvironment === KubeadmEnvironment.EXPORTS ? options.exportLines ?? [] : []),
  ];
  const revision = options.revision !== undefined ? [`${REVISION_COMMAND_PREFIX}${options.revision}`] : [];
  const trust = options.trustStore ? [options.trustStore.updateCommand] : [];
  if (options.system) {
    // the system's own commands: the trust store first, so its containerd restart reads the CA
    return [...revision, ...trust, ...options.system.before, ...kubeadm, ...options.system.after];
  }
  const marked = (command: string): string => `${command} ${PROXY_COMMAND_MARKER}`;
  const wait = options.containerdWaitSeconds;
  const waitLoop = 'cluster_proxy_tries=0; '
    + 'until timeout 5 ctr version >/dev/null 2>&1; do '
    + `if [ "$cluster_proxy_tries" -ge ${wait} ]; then echo 'cluster-proxy-constructs: containerd did not answer within ${wait}s' >&2; exit 1; fi; `
    + 'cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; '
    + 'done';
  return [
    ...revision,
    'systemctl daemon-reload',
    ...trust,
    'systemctl restart containerd',
    waitLoop,
    ...kubeadm,
  ].map(marked);
}
