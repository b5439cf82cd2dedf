import { addProxyToObjects } from '../capi/add-proxy-to-objects';
import { kubeadmConfigSpecOf, kubeadmConfigSpecPath } from '../capi/kubeadm-config-spec';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { isProxyCommand, PROXY_EXPORT } from '../node-files/commands';
import { NodeProxyCommands, NodeProxyFileOptions } from '../node-files/options';
import { redactCredentials } from '../primitives/credential-mask';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { KubeObject } from '../primitives/k8s/manifest';
import { checkJsonData, isRecord } from '../primitives/validation/json-data';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/**
 * "What changes on my nodes": the KubeadmControlPlane, KubeadmConfigTemplates and KubeadmConfigs a
 * system renders today, against what the library would render for the same objects, as a diff of
 * each node file (line by line) and of the preKubeadmCommands. The system's own proxy entries are
 * recognised and replaced (drop-ins of `*.service.d/`, CAREN's restart script, the `export` and
 * `systemctl` proxy commands), so the report shows the rollout a team plans for. No password is
 * ever shown: any `scheme://user:password@` in a line is masked.
 */

/** One file that differs. */
export interface NodeFileChange {
  /** Path on the node. */
  readonly path: string;
  /** `added`, `removed` or `changed`. */
  readonly change: 'added' | 'removed' | 'changed';
  /** Differences of owner, permissions, encoding or source (`owner: root -> root:root`). */
  readonly attributes: string[];
  /** Content lines only in the current file (masked). */
  readonly removedLines: string[];
  /** Content lines only in the library's file (masked). */
  readonly addedLines: string[];
}

/** The changes of one kubeadm object. */
export interface NodeObjectChanges {
  /** `Kind/name`. */
  readonly object: string;
  /** The files that differ. */
  readonly files: NodeFileChange[];
  /** Commands only in the current object (masked). */
  readonly removedCommands: string[];
  /** Commands only in the library's object (masked). */
  readonly addedCommands: string[];
  /**
   * The fields of the KubeadmConfigSpec that differ, byte for byte, as paths into the object
   * (`spec.kubeadmConfigSpec.preKubeadmCommands[3]`): a KubeadmControlPlane whose spec changes
   * rolls its machines, and a changed KubeadmConfigTemplate is written under a new name, which
   * rolls its MachineDeployments. Empty: adopting the cluster rolls nothing.
   */
  readonly rollingFields: string[];
}

/** Options of `nodeChanges`. */
export interface NodeChangesOptions {
  /** Name of the Cluster (names the node-proxy Secret). */
  readonly clusterName: string;
  /**
   * Node-file layout (e.g. the importer's profile).
   *
   * @default - the library's own
   */
  readonly files?: NodeProxyFileOptions;
}

const NODE_CHANGES_KEYS = propKeys<NodeChangesOptions>({ clusterName: true, files: true });

type Json = Record<string, any>;

/** Paths of the proxy files other systems write. */
const SYSTEM_PROXY_FILE = /(\.service\.d\/[^/]*proxy[^/]*\.conf|\/etc\/caren\/containerd\/restart\.sh|\/etc\/cluster-proxy\/proxy-env\.sh)$/;
/** The service commands other systems run for their proxy (their `export` lines match PROXY_EXPORT). */
const SYSTEM_PROXY_SERVICE_COMMAND = /^(systemctl (daemon-reload|restart containerd|stop containerd|start containerd)|\/bin\/bash \/etc\/caren\/containerd\/restart\.sh)$/;

/** The current kubeadm objects against the library's version of them. */
export function nodeChanges(current: KubeObject[], proxy: ClusterProxyConfig, options: NodeChangesOptions): NodeObjectChanges[] {
  if (!Array.isArray(current)) {
    throw invalidValue('nodes', current, 'must be an array of Kubernetes objects');
  }
  checkJsonData('nodes', current);
  checkProps('options', options, NODE_CHANGES_KEYS, 'node changes option');
  const kubeadm = current.filter((object) => object && typeof object === 'object' && kubeadmConfigSpecPath(object) !== undefined);
  if (kubeadm.length === 0) {
    throw new ProxyConfigError('nodes', 'hold no KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig');
  }
  // Adopting with the system's commands (files `commands: 'system'`), the system's proxy stays for
  // the merge to replace: its files in place (same paths), its commands by their text.
  const adopting = options.files?.commands === NodeProxyCommands.SYSTEM;
  const stripped = adopting ? kubeadm : kubeadm.map(withoutSystemProxy);
  const proposed = addProxyToObjects(stripped, proxy, { clusterName: options.clusterName, files: options.files, renameTemplates: false });
  const secretData = proposed.secret?.stringData ?? {};
  return kubeadm.map((object, index) => {
    const before = kubeadmConfigSpecOf(object);
    const after = kubeadmConfigSpecOf(proposed.inputResults[index]!);
    return {
      object: `${object.kind}/${object.metadata?.name}`,
      files: fileChanges(before.files ?? [], after.files ?? [], secretData),
      ...commandChanges(before.preKubeadmCommands ?? [], after.preKubeadmCommands ?? []),
      rollingFields: differingPaths(before, after, kubeadmConfigSpecPath(object)!.join('.')),
    };
  });
}

/** Whether adopting with these changes rolls no machine. */
export function rollsNothing(changes: readonly NodeObjectChanges[]): boolean {
  return changes.every((object) => object.rollingFields.length === 0);
}

/** The paths under `path` where two JSON values differ (a whole subtree when its type differs). */
export function differingPaths(before: unknown, after: unknown, path: string): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => differingPaths(before[index], after[index], `${path}[${index}]`)).flat();
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => differingPaths(before[key], after[key], `${path}.${key}`));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [path];
}

function withoutSystemProxy(object: KubeObject): KubeObject {
  const copy = copyJson(object) as Json;
  const spec = kubeadmConfigSpecOf(copy as KubeObject);
  if (Array.isArray(spec.files)) {
    spec.files = spec.files.filter((file: Json) => !SYSTEM_PROXY_FILE.test(String(file?.path ?? '')));
  }
  if (Array.isArray(spec.preKubeadmCommands)) {
    const systemProxyCommand = (command: unknown): boolean => {
      const text = String(command).trim().replace(/^sudo /, '');
      return isProxyCommand(command) || PROXY_EXPORT.test(text) || SYSTEM_PROXY_SERVICE_COMMAND.test(text);
    };
    spec.preKubeadmCommands = spec.preKubeadmCommands.filter((command: unknown) => !systemProxyCommand(command));
  }
  return copy as KubeObject;
}

/** The text a file puts on the node (decoded), or a description of where it comes from. */
function contentOf(file: Json, secretData: { readonly [key: string]: string }): string {
  if (file.contentFrom?.secret) {
    const { name, key } = file.contentFrom.secret;
    return secretData[key] ?? `(from Secret ${name}, key ${key})`;
  }
  const content = String(file.content ?? '');
  return file.encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
}

function fileChanges(before: Json[], after: Json[], secretData: { readonly [key: string]: string }): NodeFileChange[] {
  const byPath = (files: Json[]): Map<string, Json> => new Map(files.map((file) => [String(file.path), file]));
  const old = byPath(before);
  const now = byPath(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  return paths.flatMap((path): NodeFileChange[] => {
    const a = old.get(path);
    const b = now.get(path);
    const aLines = a ? contentOf(a, {}).split('\n') : [];
    const bLines = b ? contentOf(b, secretData).split('\n') : [];
    const attribute = (key: string): string[] => (a![key] !== b![key] ? [`${key}: ${a![key] ?? '(unset)'} -> ${b![key] ?? '(unset)'}`] : []);
    const attributes = a && b ? ['owner', 'permissions', 'encoding'].flatMap(attribute) : [];
    if (a && b && Boolean(a.contentFrom) !== Boolean(b.contentFrom)) {
      attributes.push(b.contentFrom ? `content: inline -> Secret ${b.contentFrom.secret.name}` : 'content: Secret -> inline');
    }
    const removedLines = aLines.filter((line) => line !== '' && !bLines.includes(line)).map(redactCredentials);
    const addedLines = bLines.filter((line) => line !== '' && !aLines.includes(line)).map(redactCredentials);
    if (a && b && attributes.length === 0 && removedLines.length === 0 && addedLines.length === 0) {
      return [];
    }
    return [{ path, change: !a ? 'added' : !b ? 'removed' : 'changed', attributes, removedLines, addedLines }];
  });
}

function commandChanges(before: unknown[], after: unknown[]): { removedCommands: string[]; addedCommands: string[] } {
  const a = before.map(String);
  const b = after.map(String);
  return {
    removedCommands: a.filter((command) => !b.includes(command)).map(redactCredentials),
    addedCommands: b.filter((command) => !a.includes(command)).map(redactCredentials),
  };
}
