import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD_MANAGER, liveObjects, manifestsText, objectName } from './apply';
import { ControlPlane, KUBERNETES_VERSION } from './control-plane';

/**
 * A GitOps applier, as Argo CD or Flux applies a directory of manifests: server-side apply under
 * one field manager, with pruning of what the previous revision held and this one does not (an
 * ApplySet, `kubectl apply --applyset --prune`). Each step reports what it did to every object,
 * read from the API server before and after.
 */

/** What one step changed, object by object (`Kind namespace/name`, hash suffixes shown as `<hash>`). */
export interface StepChanges {
  /** Objects that did not exist before. */
  readonly created: string[];
  /** Objects whose content changed, with the fields that did (`data.proxyEnv`, `spec.template.spec.bootstrap.configRef.name`). */
  readonly changed: Record<string, string[]>;
  /** Objects the previous revision held that were deleted. */
  readonly pruned: string[];
  /** Objects applied again without a change. */
  readonly unchanged: string[];
}

/** Metadata the API server, kubectl's ApplySet or pruning keep up to date: never a change of content. */
const BOOKKEEPING = new Set(['resourceVersion', 'managedFields', 'generation', 'uid', 'creationTimestamp']);
const APPLYSET_LABEL = 'applyset.kubernetes.io/part-of';

/** The object without bookkeeping, for comparing two reads of it. */
function content(object: any): any {
  const metadata = Object.fromEntries(Object.entries(object.metadata).filter(([key]) => !BOOKKEEPING.has(key)));
  if (metadata.labels) {
    const { [APPLYSET_LABEL]: _, ...labels } = metadata.labels as Record<string, string>;
    metadata.labels = Object.keys(labels).length > 0 ? labels : undefined;
  }
  return { ...object, metadata, status: undefined };
}

/** The leaf paths where two values differ (`spec.files[2].content`). */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (before === after) {
    return [];
  }
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) {
      return [path];
    }
    return before.flatMap((item, index) => changedPaths(item, after[index], `${path}[${index}]`));
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedPaths(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [path];
}

/** `Kind namespace/name`, with the library's 10-hex-digit content hashes shown as `<hash>`. */
export function displayName(manifest: any): string {
  return objectName(manifest).replace(/-[0-9a-f]{10}(?=$|\.)/, '-<hash>');
}

/** Options of {@link GitOpsApplier}. */
export interface GitOpsOptions {
  /** The ApplySet's name. */
  readonly name: string;
}

/**
 * The ApplySet parent type: cluster-scoped, so one set can hold objects of every namespace and
 * cluster-scoped ones (kubectl's Secret or ConfigMap parents hold one namespace only).
 */
const PARENT_GROUP = 'gitops.cluster-proxy-constructs.test';
const PARENT_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `applysets.${PARENT_GROUP}`, labels: { 'applyset.kubernetes.io/is-parent-type': 'true' } },
  spec: {
    group: PARENT_GROUP,
    scope: 'Cluster',
    names: { plural: 'applysets', singular: 'applyset', kind: 'ApplySet' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

/** An ApplySet parent as kubectl requires it to exist already: its ID label (the KEP's hash of its identity) and kubectl's annotations. */
function applySetParent(name: string): any {
  const id = `applyset-${createHash('sha256').update(`${name}..ApplySet.${PARENT_GROUP}`).digest('base64url')}-v1`;
  return {
    apiVersion: `${PARENT_GROUP}/v1`,
    kind: 'ApplySet',
    metadata: {
      name,
      labels: { 'applyset.kubernetes.io/id': id },
      annotations: { 'applyset.kubernetes.io/tooling': `kubectl/${KUBERNETES_VERSION}`, 'applyset.kubernetes.io/contains-group-kinds': '' },
    },
  };
}

/** One GitOps source (a directory of manifests, one ApplySet) applied revision after revision. */
export class GitOpsApplier {
  private previous: any[] = [];

  constructor(private readonly controlPlane: ControlPlane, private readonly options: GitOpsOptions) {
    if (!controlPlane.get('crd', PARENT_CRD.metadata.name)) {
      controlPlane.kubectl(['apply', '--server-side', '-f', '-'], { input: manifestsText([PARENT_CRD]) });
      controlPlane.kubectl(['wait', '--for', 'condition=Established', `crd/${PARENT_CRD.metadata.name}`, '--timeout', '60s']);
    }
    controlPlane.kubectl(['apply', '--server-side', '--field-manager=kubectl', '-f', '-'], { input: manifestsText([applySetParent(options.name)]) });
  }

  /** Apply a revision (server-side, pruning) and report what changed, object by object. */
  public apply(manifests: readonly any[], extraArgs: readonly string[] = []): StepChanges {
    const key = (manifest: any) => objectName(manifest);
    const before = new Map<string, any>();
    const candidates = [...this.previous, ...manifests];
    liveObjects(this.controlPlane, candidates).forEach((live, index) => {
      if (live) {
        before.set(key(candidates[index]), live);
      }
    });
    this.controlPlane.ensureNamespaces(manifests.map((m) => m.metadata.namespace).filter(Boolean));
    const directory = mkdtempSync('/tmp/gitops-');
    try {
      const file = join(directory, 'revision.yaml');
      writeFileSync(file, manifestsText(manifests));
      this.controlPlane.kubectl([
        'apply', '--server-side', `--field-manager=${FIELD_MANAGER}`, `--applyset=applysets.${PARENT_GROUP}/${this.options.name}`, '--prune',
        ...extraArgs, '-f', file,
      ], { env: { KUBECTL_APPLYSET: 'true' } });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const after = liveObjects(this.controlPlane, manifests);
    const current = new Set(manifests.map(key));
    const gone = this.previous.filter((manifest) => !current.has(key(manifest)));
    const stillThere = liveObjects(this.controlPlane, gone).map((live, index) => (live ? key(gone[index]) : undefined)).filter(Boolean);
    if (stillThere.length > 0) {
      throw new Error(`not pruned: ${stillThere.join(', ')}`);
    }
    const changes: StepChanges = { created: [], changed: {}, pruned: gone.map(displayName), unchanged: [] };
    manifests.forEach((manifest, index) => {
      const earlier = before.get(key(manifest));
      if (!after[index]) {
        throw new Error(`${key(manifest)} was applied but is not there`);
      }
      if (!earlier) {
        changes.created.push(displayName(manifest));
        return;
      }
      const paths = changedPaths(content(earlier), content(after[index]));
      if (paths.length === 0) {
        changes.unchanged.push(displayName(manifest));
      } else {
        changes.changed[displayName(manifest)] = paths;
      }
    });
    this.previous = [...manifests];
    return changes;
  }
}
