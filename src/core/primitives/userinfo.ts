import { invalidValue, ProxyConfigError } from './errors';
import { hasControlCharacter } from './text';

/**
 * Credentials in the userinfo part of a proxy URL (RFC 3986 section 3.2.1).
 *
 * Two directions meet here:
 *  - raw `username`/`password` given separately are percent-encoded by {@link encodeUserinfoComponent};
 *  - userinfo already inside a URL is validated and decoded by {@link parseUserinfo}.
 * Both end in the same decoded values, and `ProxyUrl` re-encodes those with the one encoder, so a
 * credential has exactly one rendered form wherever it came from (and is never encoded twice).
 *
 * Secrets never reach an error message: a bad password is described, never quoted.
 */

/** RFC 3986 `unreserved`: the only characters {@link encodeUserinfoComponent} leaves as they are. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 `unreserved` / `sub-delims`: characters allowed unencoded in a URL's userinfo. */
const USERINFO_LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=]$/;

/** A lone UTF-16 surrogate has no UTF-8 encoding; `Buffer` would silently turn it into U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The decoded credentials of a proxy URL. */
export interface Userinfo {
  /** Decoded user name; never empty. */
  readonly username: string;
  /**
   * Decoded password.
   *
   * @default - no password (the URL has `user@host`)
   */
  readonly password?: string;
}

/**
 * Percent-encode a raw user name or password for URL userinfo: every UTF-8 byte except RFC 3986
 * `unreserved` (`A-Za-z0-9-._~`) becomes `%XX` with upper-case hex.
 *
 * Sub-delims such as `!`, `$`, `&` and `'` would be legal unencoded, but encoding them too keeps
 * the rendered URL inert in shells, YAML and systemd files even before those renderers quote it.
 * Call {@link assertCredentialText} first; this function assumes well-formed text.
 */
export function encodeUserinfoComponent(raw: string): string {
  let encoded = '';
  for (const character of raw) {
    if (UNRESERVED.test(character)) {
      encoded += character;
    } else {
      for (const byte of Buffer.from(character, 'utf8')) {
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
    }
  }
  return encoded;
}

/**
 * Check a raw (unencoded) user name or password given as its own field. The password is never
 * quoted in the error, even when it is the invalid part.
 */
export function assertCredentialText(field: 'username' | 'password', value: unknown): string {
  const secret = field === 'password';
  if (typeof value !== 'string') {
    throw secret
      ? new ProxyConfigError(field, `must be a string (got ${value === null ? 'null' : typeof value})`)
      : invalidValue(field, value, 'must be a string');
  }
  if (value === '') {
    throw new ProxyConfigError(field, secret
      ? 'must not be empty; omit it for a user name without password'
      : 'must not be empty; omit username and password for a proxy without authentication');
  }
  const problem = credentialProblem(value);
  if (problem) {
    throw secret ? new ProxyConfigError(field, problem) : invalidValue(field, value, problem);
  }
  return value;
}

/**
 * Validate and decode userinfo taken verbatim from a URL (between `//` and the last `@`).
 *
 * Accepted: `unreserved`, `sub-delims` and `%XX` escapes of valid UTF-8; the first `:` separates
 * user and password. A second raw `:`, a raw `@`, `/`, `?`, `#` or space, a broken `%` escape, or a
 * decoded control character is refused; URL parsers disagree on all of them.
 *
 * @param field the input field, for error messages
 * @param redactedUrl the whole URL with the password already masked, quoted in errors
 */
export function parseUserinfo(field: string, userinfo: string, redactedUrl: string): Userinfo {
  const colon = userinfo.indexOf(':');
  const rawUser = colon === -1 ? userinfo : userinfo.slice(0, colon);
  const rawPassword = colon === -1 ? undefined : userinfo.slice(colon + 1);

  if (rawUser === '') {
    throw invalidValue(field, redactedUrl, 'has credentials without a user name; use http://user:password@host:port');
  }
  const username = decodeComponent(rawUser, false);
  if (typeof username !== 'string') {
    throw invalidValue(field, redactedUrl, `user name ${username.problem}`);
  }
  if (rawPassword === undefined) {
    return { username };
  }
  if (rawPassword === '') {
    throw invalidValue(field, redactedUrl, 'has an empty password after ":"; remove the ":" for a user name without password');
  }
  const password = decodeComponent(rawPassword, true);
  if (typeof password !== 'string') {
    // The message describes the problem; only the redacted URL is quoted.
    throw invalidValue(field, redactedUrl, `password ${password.problem}`);
  }
  return { username, password };
}

/** Why decoded credential text is unusable, or undefined when it is fine. */
function credentialProblem(decoded: string): string | undefined {
  if (hasControlCharacter(decoded)) {
    return 'must not contain newlines or control characters';
  }
  if (LONE_SURROGATE.test(decoded)) {
    return 'must be valid Unicode (it contains a lone UTF-16 surrogate)';
  }
  return undefined;
}

/** Decode one userinfo component, or describe (without quoting it) what is wrong with it. */
function decodeComponent(encoded: string, isPassword: boolean): string | { problem: string } {
  const bytes: number[] = [];
  for (let index = 0; index < encoded.length; index++) {
    const character = encoded[index];
    if (character === '%') {
      const hex = encoded.slice(index + 1, index + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
        return { problem: 'has a "%" that does not start a %XX escape; write a literal "%" as %25' };
      }
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else if (USERINFO_LITERAL.test(character)) {
      bytes.push(character.charCodeAt(0));
    } else {
      // The offending character of a password is not named: it would reveal part of the secret.
      const which = isPassword ? 'a character' : JSON.stringify(character);
      return {
        problem: `contains ${which} that must be percent-encoded in a URL`
          + ' (for example @ as %40, : as %3A, / as %2F, space as %20); or give username and password separately',
      };
    }
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return { problem: 'has %XX escapes that are not valid UTF-8' };
  }
  const problem = credentialProblem(decoded);
  return problem ? { problem: `${problem} (after percent-decoding)` } : decoded;
}
