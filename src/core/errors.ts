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
    super(`${field}: ${message}`);
    this.name = 'ProxyConfigError';
    this.field = field;
  }
}

/**
 * Build a {@link ProxyConfigError} that quotes the value (redacted and JSON-escaped so control
 * characters stay visible) after the reason.
 */
export function invalidValue(field: string, value: unknown, reason: string): ProxyConfigError {
  return new ProxyConfigError(field, `${reason} (got ${describeValue(value)})`);
}

/** A short, credential-free, single-line rendering of any input value for error messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(redactCredentials(value));
  }
  if (value === undefined) {
    return 'undefined';
  }
  try {
    return redactCredentials(JSON.stringify(value) ?? String(value));
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * Replace the password in `scheme://user:password@host` (or a scheme-less `user:password@host`)
 * with `***`, keeping the user name: it helps to debug which account is configured.
 *
 * Input reaching an error message may be malformed (a raw `@`, `/` or space inside the password), so
 * the userinfo runs up to the *last* `@` of the text: an unusual string can be over-redacted, but
 * no part of a password leaks.
 */
export function redactCredentials(text: string): string {
  // Only a known URL scheme at the start counts: in a scheme-less `user:pass@host`, a raw password
  // may start with "//" (`jdoe://x@host`), which must not pass for scheme `jdoe`. An unknown scheme
  // is read as a user name, which over-redacts (`gopher:***@host`) but never leaks.
  const scheme = /^\s*(?:https?|socks[45]?h?|ftp|wss?):\/\//i.exec(text);
  const start = scheme ? scheme[0].length : 0;
  const at = text.lastIndexOf('@');
  if (at < start) {
    return text;
  }
  const userinfo = text.slice(start, at);
  const colon = userinfo.indexOf(':');
  return colon === -1 ? text : `${text.slice(0, start)}${userinfo.slice(0, colon)}:***${text.slice(at)}`;
}
