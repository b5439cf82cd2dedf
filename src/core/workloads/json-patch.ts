import { ProxyConfigError } from '../errors';

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

/** Escape one JSON Pointer reference token (`~` as `~0`, `/` as `~1`). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Build a JSON Pointer from reference tokens. */
export function jsonPointer(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/**
 * Apply `add` operations to a deep copy of `document` (the input is never modified). Parents must
 * exist, as RFC 6902 requires; a missing one throws, since it means the patch was planned for a
 * different document.
 */
export function applyJsonPatch<T>(document: T, operations: readonly JsonPatchAdd[]): T {
  const result = structuredClone(document);
  for (const operation of operations) {
    const tokens = operation.path.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = tokens.pop();
    if (last === undefined) {
      throw new ProxyConfigError('patch', `cannot replace the whole document (path "${operation.path}")`);
    }
    let parent: unknown = result;
    for (const token of tokens) {
      parent = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[token] : undefined;
    }
    const value = structuredClone(operation.value);
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
