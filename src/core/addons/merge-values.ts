import { invalidValue, ProxyConfigError } from '../errors';
import { fieldPath } from '../validation/strict-props';

/** A plain, JSON-like values object (Helm values, ytt data values). */
export type ValuesObject = { [key: string]: unknown };

/** True for a plain object (not an array, not null). */
export function isValuesObject(value: unknown): value is ValuesObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Deep-merge user-supplied values under the library's proxy values. The proxy keys must come from
 * the one definition, so a user value at the same path is refused (naming the path) instead of
 * silently winning or losing. Objects merge key by key; anything else at a shared path conflicts.
 *
 * @param field the prop the extra values came from, for error messages
 */
export function mergeValues(field: string, proxyValues: ValuesObject, extra: unknown): ValuesObject {
  if (extra === undefined) {
    return proxyValues;
  }
  if (!isValuesObject(extra)) {
    throw invalidValue(field, extra, 'must be an object of values');
  }
  return mergeAt(field, proxyValues, extra);
}

function mergeAt(path: string, base: ValuesObject, extra: ValuesObject): ValuesObject {
  const merged: ValuesObject = { ...structuredClone(extra) };
  for (const [key, value] of Object.entries(base)) {
    const here = fieldPath(path, key);
    if (!(key in extra)) {
      merged[key] = value;
    } else if (isValuesObject(value) && isValuesObject(extra[key])) {
      merged[key] = mergeAt(here, value, extra[key] as ValuesObject);
    } else {
      throw new ProxyConfigError(here, 'is set by the proxy definition; remove it from the extra values (proxy settings come from ClusterProxyConfig only)');
    }
  }
  return merged;
}
