import { CONTAINER_LISTS } from './pod-spec-patch';
import { podMetadataPath } from './workload-kinds';
import { isPlainObject } from '../primitives/validation/json-data';

/**
 * Visit every value `ProxyInjection.plan` reads in a manifest whose pod spec is at `specPath`:
 * names, namespace, annotations, the container lists and each container's name, env and volume
 * mounts, and the volume names. An adapter whose values may not be known yet (Pulumi Outputs in a
 * preview) checks these before planning; nothing else in the manifest needs to be known.
 *
 * `deep` is true when the plan reads everything inside the value. A value that is not a plain
 * object or array is not looked into (an adapter's placeholder for a value still to come).
 */
export function visitInjectionReads(manifest: unknown, specPath: readonly string[], visit: (value: unknown, deep: boolean) => void): void {
  const walk = (path: readonly string[]): unknown => path.reduce<unknown>((node, key) => {
    const next = isPlainObject(node) ? node[key] : undefined;
    visit(next, false);
    return next;
  }, manifest);
  const list = (items: unknown, keys: readonly string[]): void => {
    visit(items, false);
    for (const item of Array.isArray(items) ? items : []) {
      visit(item, false);
      if (isPlainObject(item)) {
        keys.forEach((key) => visit(item[key], true));
      }
    }
  };
  const metadata = walk(['metadata']);
  if (isPlainObject(metadata)) {
    [metadata.name, metadata.namespace, metadata.annotations].forEach((value) => visit(value, true));
  }
  const spec = walk(specPath);
  const podMetadata = walk(podMetadataPath(specPath));
  if (isPlainObject(podMetadata)) {
    visit(podMetadata.annotations, true);
  }
  if (isPlainObject(spec)) {
    list(spec.volumes, ['name']);
    for (const containers of CONTAINER_LISTS) {
      list(spec[containers], ['name']);
      for (const container of Array.isArray(spec[containers]) ? spec[containers] as unknown[] : []) {
        if (isPlainObject(container)) {
          list(container.env, ['name']);
          list(container.volumeMounts, ['name', 'mountPath']);
        }
      }
    }
  }
}
