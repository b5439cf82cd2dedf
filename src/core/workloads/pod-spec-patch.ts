import { JsonPatchAdd, jsonPointer } from './json-patch';
import type { ProxyInjection } from './proxy-injection';
import { isRecord } from '../primitives/validation/json-data';

/** The container lists of a pod spec, in the order kubelet starts them. */
export const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** One of {@link CONTAINER_LISTS}. */
export type ContainerList = typeof CONTAINER_LISTS[number];

type Json = Record<string, unknown>;

/**
 * The `add` operations that give every container of `podSpec` but the ones `injection` excludes
 * its missing variable groups (and the CA volume and mount, when it distributes the CA), addressed
 * from `specPath` (e.g. `['spec', 'template', 'spec']`). A variable group the
 * container already sets, in either spelling, is skipped; a mount path already in use is skipped;
 * nothing is replaced. Running the result through {@link planPodSpecAdditions} again yields `[]`.
 */
export function planPodSpecAdditions(podSpec: unknown, specPath: readonly string[], injection: ProxyInjection): JsonPatchAdd[] {
  if (!isRecord(podSpec)) {
    return [];
  }
  const operations: JsonPatchAdd[] = [];
  const ca = injection.trust;
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
      if (!isRecord(container) || (typeof container.name === 'string' && injection.exclusions.containers.includes(container.name))) {
        return;
      }
      const containerPath = [...specPath, list, index];
      const present = new Set(asList(container.env).map((variable) => variable.name));
      const missing = injection.envGroups
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
