import { ProxyConfigError } from '../errors';
import { KubeObject } from './manifest';
import { LIMITS } from '../limits';

/**
 * The API server's size limits on what the library emits, checked at synth time so a too-large
 * object is a clear error naming its origin instead of a refused apply (or, for annotations, a
 * client-side `kubectl apply` whose last-applied annotation no longer fits).
 */

/** Secret data, all keys together (Kubernetes `MaxSecretSize`). */
export const MAX_SECRET_BYTES = LIMITS.secretData.value;
/** ConfigMap `data` and `binaryData`, all keys together. */
export const MAX_CONFIGMAP_BYTES = LIMITS.configMapData.value;
/** All annotations of one object together, keys and values (`TotalAnnotationSizeLimitB`). */
export const MAX_ANNOTATION_BYTES = LIMITS.annotations.value;

/** The input that usually fills a key, for the error message. */
function originOf(key: string): string {
  if (/(^|[-_.])(ca|crt|pem|certificates?)([-_.]|$)/i.test(key)) {
    return ' (from trustedCaPem)';
  }
  if (key === 'manifests.yaml') {
    return ' (from manifests)';
  }
  return '';
}

type Encoded = [entries: Record<string, unknown> | undefined, encoding: 'utf8' | 'base64'];

function sizeOf([entries, encoding]: Encoded): Array<[string, number]> {
  return Object.entries(entries ?? {}).map(([key, value]) => [key, typeof value === 'string' ? Buffer.byteLength(value, encoding) : 0]);
}

/** A bound the size never exceeds, without a pass over the text (a fleet's values are long): UTF-8 takes at most 3 bytes per UTF-16 code unit. */
function boundOf([entries, encoding]: Encoded, countKeys: boolean): number {
  let bound = 0;
  for (const [key, value] of Object.entries(entries ?? {})) {
    bound += (typeof value !== 'string' ? 0 : encoding === 'utf8' ? 3 * value.length : Buffer.byteLength(value, encoding)) + (countKeys ? 3 * key.length : 0);
  }
  return bound;
}

function check(object: KubeObject, what: string, parts: Encoded[], limit: number, countKeys: boolean): void {
  if (parts.reduce((sum, part) => sum + boundOf(part, countKeys), 0) <= limit) {
    return;
  }
  const sizes = parts.flatMap(sizeOf);
  const total = sizes.reduce((sum, [key, size]) => sum + size + (countKeys ? Buffer.byteLength(key) : 0), 0);
  if (total <= limit) {
    return;
  }
  const [largest] = [...sizes].sort((a, b) => b[1] - a[1]);
  const name = `${object.kind}/${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`;
  throw new ProxyConfigError(`${name}: ${what}`, `totals ${total} bytes, more than the API server accepts (${limit / 1024} KiB); `
    + `the largest entry is ${largest[0]}${originOf(largest[0])} with ${largest[1]} bytes`);
}

/** Throw a {@link ProxyConfigError} when `object` exceeds a limit the API server enforces. */
export function checkObjectSize(object: KubeObject): void {
  const annotations = object.metadata.annotations as Record<string, unknown> | undefined;
  check(object, 'metadata.annotations', [[annotations, 'utf8']], MAX_ANNOTATION_BYTES, true);
  if (object.apiVersion !== 'v1') {
    return;
  }
  const body = object as { data?: Record<string, unknown>; stringData?: Record<string, unknown>; binaryData?: Record<string, unknown> };
  if (object.kind === 'Secret') {
    check(object, 'data', [[body.data, 'base64'], [body.stringData, 'utf8']], MAX_SECRET_BYTES, false);
  } else if (object.kind === 'ConfigMap') {
    check(object, 'data', [[body.data, 'utf8'], [body.binaryData, 'base64']], MAX_CONFIGMAP_BYTES, false);
  }
}
