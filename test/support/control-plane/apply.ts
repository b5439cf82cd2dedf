import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Yaml } from 'cdk8s';
import { ControlPlane } from './control-plane';

/**
 * Applying manifests as a GitOps tool does (server-side apply with a field manager, kubectl's
 * strict field validation), reading back what the API server keeps, and telling where that differs
 * from what was sent.
 */

/** The field manager the suites apply as (as Argo CD or Flux apply under their own). */
export const FIELD_MANAGER = 'cluster-proxy-e2e';

/** Options of {@link serverSideApply}. */
export interface ApplyOptions {
  /**
   * Apply as an ApplySet with this parent (a Secret `<namespace>/<name>`) and prune what an earlier
   * apply of the same set held and this one does not (`kubectl apply --applyset --prune`).
   *
   * @default - a plain apply, nothing pruned
   */
  readonly applySet?: { readonly name: string; readonly namespace: string };
  /** @default FIELD_MANAGER */
  readonly fieldManager?: string;
}

/** What one apply did: kubectl's line per object (`<kind>/<name> serverside-applied`, `... pruned`). */
export interface ApplyOutcome {
  readonly lines: string[];
}

/**
 * The manifests as `cdk8s synth` writes them (YAML 1.1, as kubectl reads it: `yes` or `on` stay
 * strings), the text a GitOps tool applies.
 */
export function manifestsText(manifests: readonly any[]): string {
  return Yaml.stringify(...manifests);
}

/** Every namespace the manifests name, created first (server-side apply does not create namespaces). */
function namespacesOf(manifests: readonly any[]): string[] {
  return manifests.map((manifest) => manifest.metadata?.namespace).filter((namespace): namespace is string => typeof namespace === 'string');
}

function withManifestsFile<T>(manifests: readonly any[], use: (file: string) => T): T {
  const directory = mkdtempSync(join('/tmp', 'apply-'));
  try {
    const file = join(directory, 'manifests.yaml');
    writeFileSync(file, manifestsText(manifests));
    return use(file);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** `kubectl apply --server-side` of the manifests; a refused object fails with the API server's message. */
export function serverSideApply(controlPlane: ControlPlane, manifests: readonly any[], options: ApplyOptions = {}): ApplyOutcome {
  controlPlane.ensureNamespaces([...namespacesOf(manifests), ...(options.applySet ? [options.applySet.namespace] : [])]);
  return withManifestsFile(manifests, (file) => {
    const args = ['apply', '--server-side', `--field-manager=${options.fieldManager ?? FIELD_MANAGER}`, '-f', file];
    if (options.applySet) {
      args.push(`--applyset=${options.applySet.name}`, '-n', options.applySet.namespace, '--prune');
    }
    const result = controlPlane.kubectl(args, { env: options.applySet ? { KUBECTL_APPLYSET: 'true' } : {} });
    return { lines: result.stdout.split('\n').filter(Boolean) };
  });
}

/**
 * The objects as the API server holds them, in the order of `manifests`, each read in the API
 * version it was written in (`kubectl get -f` would read the preferred version, which for Cluster
 * API's deprecated v1beta1 is another schema). An object that does not exist is `undefined`.
 */
export function liveObjects(controlPlane: ControlPlane, manifests: readonly any[]): any[] {
  const byNamespace = new Map<string, string[]>();
  const keyOf = (apiVersion: string, kind: string, namespace: string, name: string) => `${apiVersion}|${kind}|${namespace}|${name}`;
  const keys = manifests.map((manifest) => {
    const { plural, namespaced } = controlPlane.resource(manifest.apiVersion, manifest.kind);
    const namespace = namespaced ? manifest.metadata.namespace ?? 'default' : '';
    const [group, version] = manifest.apiVersion.includes('/') ? manifest.apiVersion.split('/') : ['', manifest.apiVersion];
    const names = byNamespace.get(namespace) ?? [];
    // `plural.version.group` pins the version; the core group has only v1, named by its plural
    names.push(`${group ? `${plural}.${version}.${group}` : plural}/${manifest.metadata.name}`);
    byNamespace.set(namespace, names);
    return keyOf(manifest.apiVersion, manifest.kind, namespace, manifest.metadata.name);
  });
  const found = new Map<string, any>();
  for (const [namespace, names] of byNamespace) {
    const args = ['get', ...names, '-o', 'json', '--ignore-not-found', ...(namespace ? ['-n', namespace] : [])];
    const stdout = controlPlane.kubectl(args).stdout.trim();
    const list = stdout ? JSON.parse(stdout) : { kind: 'List', items: [] };
    for (const item of list.kind === 'List' ? list.items : [list]) {
      if (!item?.metadata) {
        throw new Error(`kubectl ${args.join(' ')} printed what is not an object: ${stdout.slice(0, 500)}`);
      }
      found.set(keyOf(item.apiVersion, item.kind, namespace, item.metadata.name), item);
    }
  }
  return keys.map((key) => found.get(key));
}

/** Delete the manifests' objects (namespaces stay: no namespace controller runs to empty them). */
export function deleteObjects(controlPlane: ControlPlane, manifests: readonly any[]): void {
  const deletable = manifests.filter((manifest) => manifest.kind !== 'Namespace');
  if (deletable.length > 0) {
    withManifestsFile(deletable, (file) => controlPlane.kubectl(['delete', '--ignore-not-found', '--wait=true', '-f', file]));
  }
}

/** A Secret as the API server stores it: `stringData` merged into `data`, base64-encoded. */
function asStored(manifest: any): any {
  if (manifest.kind !== 'Secret' || manifest.apiVersion !== 'v1' || !manifest.stringData) {
    return manifest;
  }
  const { stringData, ...rest } = manifest;
  const data = { ...rest.data };
  for (const [key, value] of Object.entries<string>(stringData)) {
    data[key] = Buffer.from(value, 'utf8').toString('base64');
  }
  return { ...rest, data };
}

function isZeroValue(value: unknown): boolean {
  return value === false || value === 0 || value === '';
}

/** A Kubernetes quantity's value (`2048Mi`, `1000m`, `1.5`, `2e3`), or undefined for any other text. */
function quantityValue(text: unknown): number | undefined {
  const match = typeof text === 'string' ? /^([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?$/.exec(text) : null;
  if (!match) {
    return undefined;
  }
  const factors: Record<string, number> = {
    '': 1,
    'm': 1e-3,
    'k': 1e3,
    'M': 1e6,
    'G': 1e9,
    'T': 1e12,
    'P': 1e15,
    'E': 1e18,
    'Ki': 2 ** 10,
    'Mi': 2 ** 20,
    'Gi': 2 ** 30,
    'Ti': 2 ** 40,
    'Pi': 2 ** 50,
    'Ei': 2 ** 60,
  };
  return Number(match[1]) * factors[match[2] ?? ''];
}

/** Two spellings of one quantity: the API server writes quantities in their canonical form (`2048Mi` as `2Gi`). */
function sameQuantity(want: unknown, got: unknown): boolean {
  const [a, b] = [quantityValue(want), quantityValue(got)];
  return a !== undefined && b !== undefined && Math.abs(a - b) <= Math.abs(a) * 1e-12;
}

/**
 * Where the live object does not hold what was sent: every field the manifest sets must come back
 * with the same value (the API server may add defaults, but must not drop, prune or rewrite what
 * the library wrote). Paths like `spec.template.spec.containers[0].env`.
 */
export function notKept(sent: any, live: any): string[] {
  const differences: string[] = [];
  const walk = (want: unknown, got: unknown, path: string): void => {
    if (Array.isArray(want)) {
      if (!Array.isArray(got) || got.length !== want.length) {
        differences.push(`${path}: sent ${JSON.stringify(want)}, kept ${JSON.stringify(got)}`);
        return;
      }
      want.forEach((item, index) => walk(item, got[index], `${path}[${index}]`));
    } else if (want !== null && typeof want === 'object') {
      if (got === null || typeof got !== 'object' || Array.isArray(got)) {
        differences.push(`${path}: sent an object, kept ${JSON.stringify(got)}`);
        return;
      }
      for (const [key, value] of Object.entries(want)) {
        walk(value, (got as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      }
    } else if (got === undefined && isZeroValue(want)) {
      // the API server leaves out an `omitempty` field at its zero value (cdk8s-plus writes
      // `hostNetwork: false`, `minReadySeconds: 0`)
    } else if (want !== got && !sameQuantity(want, got)) {
      differences.push(`${path}: sent ${JSON.stringify(want)}, kept ${JSON.stringify(got)}`);
    }
  };
  walk(asStored(sent), live, '');
  return differences;
}

/** One applied object: what was sent and what the API server kept. */
export interface AppliedObject {
  readonly sent: any;
  readonly live: any;
}

/** A readable name for an object: `Kind namespace/name`. */
export function objectName(manifest: any): string {
  return `${manifest.kind} ${manifest.metadata.namespace ? `${manifest.metadata.namespace}/` : ''}${manifest.metadata.name}`;
}

/** What {@link applyAndReadBack} found. */
export interface ReadBack {
  readonly applied: AppliedObject[];
  readonly differences: string[];
}

/**
 * Apply the manifests, read them back and list every field the API server did not keep as sent
 * (`Kind ns/name: path: sent ..., kept ...`); then delete them again, so the next case starts
 * from an empty store. Throws with the API server's message when it refuses an object.
 */
export function applyAndReadBack(controlPlane: ControlPlane, manifests: readonly any[]): ReadBack {
  if (manifests.length === 0) {
    return { applied: [], differences: [] };
  }
  try {
    serverSideApply(controlPlane, manifests);
    const live = liveObjects(controlPlane, manifests);
    const applied = manifests.map((sent, index) => ({ sent, live: live[index] }));
    const differences = applied.flatMap(({ sent, live: kept }) => notKept(sent, kept).map((difference) => `${objectName(sent)}: ${difference}`));
    return { applied, differences };
  } finally {
    deleteObjects(controlPlane, manifests);
  }
}
