import { ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';

/**
 * The one RFC 6902 operation injection needs: `add`. Injection only ever adds (a variable, a
 * mount, a volume, an empty list to append to); it never replaces or removes, which is how it
 * guarantees that nothing a workload sets is overwritten.
 */
export interface JsonPatchAdd {
  /** Always `add`. */
  readonly op: 'add';
  /** JSON Pointer (RFC 6901) of the new member or array element; `-` appends. */
  readonly path: string;
  /** The value added. */
  readonly value: unknown;
}

/** Build a JSON Pointer from reference tokens, each escaped (`~` as `~0`, `/` as `~1`). */
export function jsonPointer(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Apply `add` operations to `document` without modifying it: only the objects and arrays on each
 * operation's path are copied, everything else is shared with the input (so values the patch does
 * not touch, such as a Pulumi Output elsewhere in a manifest, are kept as they are). Added values
 * are copied as plain JSON. Parents must exist, as RFC 6902 requires; a missing one throws, since it
 * means the patch was planned for a different document.
 */
export function applyJsonPatch<T>(document: T, operations: JsonPatchAdd[]): T {
  const copies = new Set<unknown>();
  const own = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || copies.has(value)) {
      return value;
    }
    const copy = Array.isArray(value) ? [...value] : { ...value };
    copies.add(copy);
    return copy;
  };
  const result = own(document) as T;
  for (const operation of operations) {
    const tokens = operation.path.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = tokens.pop();
    if (last === undefined) {
      throw new ProxyConfigError('patch', `cannot replace the whole document (path "${operation.path}")`);
    }
    let parent: unknown = result;
    for (const token of tokens) {
      if (parent === null || typeof parent !== 'object') {
        break;
      }
      const container = parent as Record<string, unknown>;
      container[token] = own(container[token]);
      parent = container[token];
    }
    const value = copyJson(operation.value);
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length) {
        throw new ProxyConfigError('patch', `array index "${last}" is out of range at "${operation.path}"`);
      }
      parent.splice(index, 0, value);
    } else if (parent !== null && typeof parent === 'object') {
      (parent as Record<string, unknown>)[last] = value;
    } else {
      throw new ProxyConfigError('patch', `the parent of "${operation.path}" does not exist`);
    }
  }
  return result;
}
