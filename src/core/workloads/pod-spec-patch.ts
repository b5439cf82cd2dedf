import { ContainerEnvGroup } from './container-env';
import { JsonPatchAdd, jsonPointer } from './json-patch';
import { TrustBundlePlan } from './trust-bundle';
import { isRecord } from '../primitives/validation/json-data';

/** The container lists of a pod spec, in the order kubelet starts them. */
export const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** One of {@link CONTAINER_LISTS}. */
export type ContainerList = typeof CONTAINER_LISTS[number];

/** Everything injection may add to a pod spec (a {@link ProxyInjection} has it). */
export interface PodSpecAdditions {
  /** Variable groups, each added to a container only when it sets none of the group's names. */
  readonly envGroups: ContainerEnvGroup[];
  /** The containers left alone, by name. */
  readonly exclusions: { readonly containers: string[] };
  /** The CA volume and where it is mounted, when the CA is distributed. */
  readonly trust?: TrustBundlePlan;
}

type Json = Record<string, unknown>;

/**
 * The `add` operations that give every container of `podSpec` the missing proxy variables (and
 * the CA mount), addressed from `specPointer` (e.g. `/spec/template/spec`). A variable group the
 * container already sets, in either spelling, is skipped; a mount path already in use is skipped;
 * nothing is replaced. Running the result through {@link planPodSpecAdditions} again yields `[]`.
 */
export function planPodSpecAdditions(podSpec: unknown, specPath: readonly string[], additions: PodSpecAdditions): JsonPatchAdd[] {
  if (!isRecord(podSpec)) {
    return [];
  }
  const operations: JsonPatchAdd[] = [];
  const ca = additions.trust;
  if (ca) {
    const volume = { name: ca.volumeName, configMap: { name: ca.configMapName } };
    operations.push(...appendToList(podSpec.volumes, [...specPath, 'volumes'], [volume],
      (existing) => existing.name === ca.volumeName));
  }
  for (const list of CONTAINER_LISTS) {
    const containers = podSpec[list];
    if (!Array.isArray(containers)) {
      continue;
    }
    containers.forEach((container: unknown, index) => {
      // a name is compared as it is: converting whatever a manifest holds there to a string can throw
      if (!isRecord(container) || (typeof container.name === 'string' && additions.exclusions.containers.includes(container.name))) {
        return;
      }
      const containerPath = [...specPath, list, index];
      const present = new Set(asList(container.env).map((variable) => variable.name));
      const missing = additions.envGroups
        .filter((group) => group.names.every((name) => !present.has(name)))
        .flatMap((group) => group.variables);
      operations.push(...appendToList(container.env, [...containerPath, 'env'], missing, () => false));
      if (ca) {
        operations.push(...appendToList(container.volumeMounts, [...containerPath, 'volumeMounts'],
          [{ name: ca.volumeName, mountPath: ca.mountPath, readOnly: true }],
          (mount) => mount.mountPath === ca.mountPath || mount.name === ca.volumeName));
      }
    });
  }
  return operations;
}

/**
 * Operations appending `items` to the list at `path`: one `add` of the whole list when it does
 * not exist yet, otherwise one `add .../-` per item. Items for which `alreadyThere` holds for an
 * existing element are left out.
 */
function appendToList(current: unknown, path: ReadonlyArray<string | number>, items: unknown[],
  alreadyThere: (existing: Json) => boolean): JsonPatchAdd[] {
  const existing = asList(current);
  const wanted = existing.some(alreadyThere) ? [] : items;
  if (wanted.length === 0) {
    return [];
  }
  if (!Array.isArray(current)) {
    return [{ op: 'add', path: jsonPointer(path), value: [...wanted] }];
  }
  return wanted.map((value) => ({ op: 'add', path: jsonPointer([...path, '-']), value }));
}

function asList(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
