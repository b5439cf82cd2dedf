import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { checkJsonData, isRecord } from '../primitives/validation/json-data';
import { fieldPath } from '../primitives/validation/strict-props';

/** A plain, JSON-like values object (Helm values, ytt data values). */
export type ValuesObject = { [key: string]: unknown };

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
  if (!isRecord(extra)) {
    throw invalidValue(field, extra, 'must be an object of values');
  }
  checkJsonData(field, extra);
  refuseNul(field, extra);
  return mergeAt(field, proxyValues, extra);
}

/** A NUL character in a value ends a C string in the tools that read values files; refused at its path. */
function refuseNul(path: string, value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new ProxyConfigError(path, 'must not contain a NUL character');
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => refuseNul(`${path}[${index}]`, item));
  } else if (isRecord(value)) {
    Object.entries(value).forEach(([key, item]) => refuseNul(fieldPath(path, key), item));
  }
}

function mergeAt(path: string, base: ValuesObject, extra: ValuesObject): ValuesObject {
  const merged: ValuesObject = { ...copyJson(extra) };
  for (const [key, value] of Object.entries(base)) {
    const here = fieldPath(path, key);
    if (!(key in extra)) {
      merged[key] = value;
    } else if (isRecord(value) && isRecord(extra[key])) {
      merged[key] = mergeAt(here, value, extra[key] as ValuesObject);
    } else {
      throw new ProxyConfigError(here, 'is set by the proxy definition; remove it from the extra values (proxy settings come from ClusterProxyConfig only)');
    }
  }
  return merged;
}
