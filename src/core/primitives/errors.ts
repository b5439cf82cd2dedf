import { redactCredentials } from './credential-mask';

/**
 * Errors raised for invalid input. Every message names the field and the offending value, with
 * credentials redacted, so a bad definition fails at construction time instead of producing bad YAML.
 */

/**
 * Thrown for any invalid proxy definition, cluster network or NO_PROXY entry.
 *
 * @jsii ignore Other languages receive it as their jsii runtime error (the same message).
 */
export class ProxyConfigError extends Error {
  /** The input field (or CLI flag) the error is about, e.g. `httpProxy` or `noProxy[3]`. */
  public readonly field: string;

  constructor(field: string, message: string) {
    // Untyped callers can pass anything: converting a symbol throws, and a deeply nested array
    // overflows the stack, so anything but a string is described instead.
    const name = typeof field === 'string' ? field : describeValue(field);
    super(`${name}: ${typeof message === 'string' ? message : describeValue(message)}`);
    this.name = 'ProxyConfigError';
    this.field = name;
  }
}

/**
 * The field name a caller gives a public function to name its input in errors
 * (`NoProxyEngine.normalize(value, field)`, `ProxyUrl.parse(field, url)`): a non-empty line of
 * printable text, any password in it masked. Anything else is refused naming `field` itself.
 */
export function callerFieldName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_FIELD_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) {
    throw invalidValue('field', value, `must name the input in errors: a non-empty line of at most ${MAX_FIELD_NAME_LENGTH} printable characters`);
  }
  return redactCredentials(value);
}

/** Longest field name a caller may give (a path of a few dozen segments). */
const MAX_FIELD_NAME_LENGTH = 500;

/**
 * Run `fn`, which validates a value the user nested under `parent` (settings props inside a
 * cluster's props, injection options inside `proxyOptions`); its errors then name the field as the
 * user wrote it (`parent.field`). The validators stay unaware of where their input sits.
 */
export function withinField<T>(parent: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof ProxyConfigError)) {
      throw error;
    }
    throw new ProxyConfigError(nestedFieldPath(parent, error.field), error.message.slice(error.field.length + 2));
  }
}

/** `field` (as a validator of top-level props names it: `props` for the whole value) under `parent`. */
function nestedFieldPath(parent: string, field: string): string {
  if (field === 'props') {
    return parent;
  }
  if (field.startsWith('props[')) {
    return `${parent}${field.slice('props'.length)}`;
  }
  return field.startsWith('[') ? `${parent}${field}` : `${parent}.${field}`;
}

/**
 * Build a {@link ProxyConfigError} that quotes the value (redacted and JSON-escaped so control
 * characters stay visible) after the reason.
 */
export function invalidValue(field: string, value: unknown, reason: string): ProxyConfigError {
  return new ProxyConfigError(field, `${reason} (got ${describeValue(value)})`);
}

/**
 * What an error quotes for an object of the wrong kind: its `apiVersion kind` when both are
 * strings, else the value itself (which {@link describeValue} summarizes without quoting it).
 */
export function kindForError(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    const { apiVersion, kind } = value as { apiVersion?: unknown; kind?: unknown };
    if (typeof apiVersion === 'string' && typeof kind === 'string') {
      return `${apiVersion} ${kind}`;
    }
  }
  return value;
}

/** Longest quoted string in an error message; the rest is elided (after redaction). */
const MAX_QUOTED_LENGTH = 200;
/** How many items of an array, or keys of an object, a message names. */
const MAX_LISTED = 5;

/**
 * A short, credential-free, single-line rendering of any input value for error messages.
 *
 * Strings are redacted ({@link redactCredentials}), JSON-escaped and cut short. Objects are never
 * quoted, only summarized (their class, or the names of a few keys): an object passed where
 * another was expected (settings props instead of a computed configuration, a Secret instead of
 * its name) may hold a password anywhere inside.
 */
export function describeValue(value: unknown): string {
  return describe(value, true);
}

function describe(value: unknown, top: boolean): string {
  switch (typeof value) {
    case 'string': {
      const redacted = redactCredentials(value);
      return JSON.stringify(redacted.length > MAX_QUOTED_LENGTH
        ? `${redacted.slice(0, MAX_QUOTED_LENGTH)}... (${redacted.length} characters)`
        : redacted);
    }
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      break;
  }
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    const simple = value.every((item) => item === null || typeof item !== 'object');
    if (top && simple && value.length <= MAX_LISTED) {
      return `[${value.map((item) => describe(item, false)).join(',')}]`;
    }
    return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? `a ${name}` : 'an object';
  }
  // Only identifier-like key names: a key is the user's text too, and could be anything.
  const keys = Object.keys(value as object).filter((key) => /^[A-Za-z_$][\w$]{0,39}$/.test(key));
  if (keys.length === 0) {
    return 'an object';
  }
  const listed = keys.slice(0, MAX_LISTED).join(', ');
  return `an object with keys ${listed}${keys.length > MAX_LISTED ? ', ...' : ''}`;
}
