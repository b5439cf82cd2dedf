import { invalidValue } from '../errors';
import { cryptoLib } from '../lazy-modules';

/**
 * Deterministic names. GitOps diffs must be quiet, so names never contain timestamps or random
 * parts; where a name must change with content (CAPI does not watch referenced Secrets), it carries
 * a hash of that content.
 */

/** DNS-1123 label: lower-case alphanumerics and `-`, at most 63 characters. */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** DNS-1123 subdomain: dot-separated labels, at most 253 characters. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Throw a field-naming error unless `value` is a DNS-1123 label (cluster, pool, namespace names). */
export function assertDnsLabel(field: string, value: unknown): string {
  if (typeof value !== 'string' || !DNS_LABEL.test(value)) {
    throw invalidValue(field, value, 'must be a DNS-1123 label: lower-case letters, digits and "-", at most 63 characters, starting and ending alphanumeric');
  }
  return value;
}

/** Throw a field-naming error unless `value` is a DNS-1123 subdomain (most object names). */
export function assertObjectName(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 253 || !DNS_SUBDOMAIN.test(value)) {
    throw invalidValue(field, value, 'must be a DNS-1123 subdomain: lower-case letters, digits, "-" and ".", at most 253 characters');
  }
  return value;
}

/**
 * Serialize with object keys sorted at every level, so equal content always hashes the same
 * regardless of the order properties were assigned in.
 */
export function canonicalJson(value: unknown): string {
  // Hashes of every node file and template go through here: string building, no intermediate arrays.
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      // as Array.prototype.join writes them: a value JSON cannot represent becomes nothing
      out += `${i === 0 ? '' : ','}${canonicalJson(value[i]) ?? ''}`;
    }
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort(); // code unit order
    let out = '{';
    for (const key of keys) {
      const v = object[key];
      if (v !== undefined) {
        out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
      }
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

/** First `length` hex characters of the SHA-256 of the canonical JSON of `content`. */
export function contentHash(content: unknown, length = 10): string {
  return cryptoLib().createHash('sha256').update(canonicalJson(content)).digest('hex').slice(0, length);
}

/**
 * `<base>-<suffix>`, shortening `base` (never the suffix) so the result fits `maxLength`; a
 * shortened base ends alphanumeric, so the name stays a valid DNS label or subdomain.
 */
export function joinName(base: string, suffix: string, maxLength = 63): string {
  const room = maxLength - suffix.length - 1;
  const trimmed = base.length > room ? base.slice(0, room).replace(/[-.]+$/, '') : base;
  return `${trimmed}-${suffix}`;
}
