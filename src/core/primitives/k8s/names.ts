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

/** Characters of a Secret or ConfigMap data key (the API server's `IsConfigMapKey`). */
const DATA_KEY = /^[-._a-zA-Z0-9]+$/;

/** Throw a field-naming error unless `value` is a key the API server accepts in a Secret's or ConfigMap's data. */
export function assertDataKey(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 253 || !DATA_KEY.test(value) || value === '.' || value === '..' || value.startsWith('..')) {
    throw invalidValue(field, value, 'must be a data key: letters, digits, "-", "_" and ".", at most 253 characters, not "." or starting with ".."');
  }
  return value;
}

/**
 * Serialize with object keys sorted at every level, so equal content always hashes the same
 * regardless of the order properties were assigned in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value);
  }
  let out = '';
  writeCanonicalJson(value, (text) => { out += text; }, new Map());
  return out;
}

/**
 * The canonical JSON of `value`, piece by piece: a hash takes the pieces without the whole text
 * being built (a node files hash covers a fleet's long NO_PROXY several times), and a string met
 * again (the same drop-in under two keys) is serialized once.
 */
function writeCanonicalJson(value: unknown, write: (text: string) => void, strings: Map<string, string>): void {
  if (Array.isArray(value)) {
    write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) write(',');
      // as Array.prototype.join writes them: a value JSON cannot represent becomes nothing
      if (value[i] !== null && typeof value[i] === 'object') writeCanonicalJson(value[i], write, strings);
      else write(JSON.stringify(value[i]) ?? '');
    }
    write(']');
  } else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    let first = true;
    write('{');
    for (const key of Object.keys(object).sort()) { // code unit order
      const v = object[key];
      if (v !== undefined) {
        write(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        writeCanonicalJson(v, write, strings);
      }
    }
    write('}');
  } else if (typeof value === 'string') {
    let json = strings.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      strings.set(value, json);
    }
    write(json);
  } else {
    // as a template literal writes it: a member JSON cannot represent (a function) reads `undefined`
    write(`${JSON.stringify(value)}`);
  }
}

/** First `length` hex characters of the SHA-256 of the canonical JSON of `content`. */
export function contentHash(content: unknown, length = 10): string {
  if (content === null || typeof content !== 'object') {
    return cryptoLib().createHash('sha256').update(canonicalJson(content)).digest('hex').slice(0, length);
  }
  const hash = cryptoLib().createHash('sha256');
  // short pieces gathered into one update (each call has a cost), long ones hashed as they come
  let pending = '';
  writeCanonicalJson(content, (text) => {
    if (text.length < 4096) {
      pending += text;
    } else {
      hash.update(pending).update(text);
      pending = '';
    }
  }, new Map());
  return hash.update(pending).digest('hex').slice(0, length);
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
