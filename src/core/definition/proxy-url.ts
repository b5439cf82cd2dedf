import { inspect } from 'node:util';
import { certainPasswordEnd, redactCredentials } from '../primitives/credential-mask';
import { callerFieldName, invalidValue, ProxyConfigError } from '../primitives/errors';
import { lockProperties } from '../primitives/frozen';
import { isDnsName } from '../primitives/host';
import { parseIpLiteral } from '../primitives/ip';
import { joinText, LaterCredentials, Text, userinfoSlots } from '../primitives/secret-text';
import { assertPrintable, hasControlCharacter } from '../primitives/text';
import { assertCredentialText, encodeUserinfoComponent, parseUserinfo } from '../primitives/userinfo';

/**
 * Proxy URL parsing with a small explicit parser.
 *
 * WHATWG `new URL()` is not used for validation: it silently accepts and rewrites input
 * (`http:host`, backslashes, tabs, numeric IPv4 forms, unencoded spaces in userinfo), so what it
 * validates is not what curl, Go or containerd read. Everything not plainly valid is refused here.
 */

/** Proxy schemes every consumer (containerd, kubelet, Go, curl, Node agents) understands. */
export type ProxyScheme = 'http' | 'https';

const DEFAULT_PORTS: Record<ProxyScheme, number> = { http: 80, https: 443 };

/** Parts of a proxy URL, decoded. */
interface ProxyUrlParts {
  readonly scheme: ProxyScheme;
  readonly host: string;
  readonly hostKind: 'dns' | 'ipv4' | 'ipv6';
  readonly port: number;
  /** Whether the URL as given wrote its port (else it is the scheme's default). */
  readonly portWritten: boolean;
  readonly username?: string;
  readonly password?: string;
  /** Credentials known only to their source: slots in the URL's text (see `SecretText`). */
  readonly credentialSlots?: CredentialSlots;
}

/** Slots for credentials a source keeps (`source`), or known later (their later values). */
type CredentialSlots = 'source' | LaterCredentials;

/**
 * A validated HTTP(S) proxy URL.
 *
 * Canonical form ({@link ProxyUrl.href}): lower-case scheme and host, compressed IPv6 in brackets,
 * the port always written out (also when it is the scheme's default, because proxy clients disagree
 * on the default: curl assumes 1080), credentials percent-encoded by one encoder, no trailing slash.
 * Equal inputs up to these differences give the same `href`.
 *
 * The password is held in a private field: `toString()`, `toJSON()`, `util.inspect` and object
 * spreading never show it. Only {@link ProxyUrl.href} and {@link ProxyUrl.password} do.
 */
export class ProxyUrl {
  /**
   * Parse and validate a proxy URL such as `http://user:p%40ss@proxy.corp:3128`.
   *
   * - scheme `http` or `https` (required);
   * - host: DNS name, dotted-decimal IPv4 or bracketed IPv6 (no zone id);
   * - port 1-65535, default 80/443 from the scheme; required with a password;
   * - optional RFC 3986 userinfo, already percent-encoded (never encoded again), one `@` at most;
   * - no path other than `/`, no query, no fragment.
   *
   * Surrounding spaces are trimmed. Errors name `field` and quote the value with the password masked.
   */
  public static parse(field: string, raw: string): ProxyUrl {
    // From JavaScript, `ProxyUrl.parse(url)` passes the URL as the field name, which every error
    // would print first: never echo it, and mask a password in any field name.
    if (raw === undefined && typeof field === 'string' && field.includes('://')) {
      throw new ProxyConfigError('url', 'is missing: parse takes the field name first, then the URL');
    }
    const name = callerFieldName(field);
    if (typeof raw !== 'string' || hasControlCharacter(raw)) {
      // the raw value is checked, the masked one quoted (masking may hide a control character)
      assertPrintable(name, raw);
    }
    const text = raw.trim();
    const shown = redactCredentials(text);
    const fail = (reason: string): ProxyConfigError => invalidValue(name, shown, reason);

    if (text === '') {
      throw fail('must be a proxy URL such as http://proxy.corp:3128');
    }
    const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
    if (!schemeMatch) {
      throw fail('is missing a scheme; write it as http://host:port (or https://host:port for a TLS proxy)');
    }
    const scheme = schemeMatch[1].toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      throw fail(`has unsupported scheme "${scheme}"; supported schemes are http and https`);
    }
    const rest = text.slice(schemeMatch[0].length);

    // Userinfo runs to the *last* `@`: a raw `/` or `#` inside a password must be reported as an
    // unencoded character, not mistaken for the start of the path.
    const at = rest.lastIndexOf('@');
    if (rest.indexOf('@') !== at) {
      // curl ends the userinfo at the first "@", Go and WHATWG URL at the last: they would not agree
      // on the password, nor on the host.
      throw fail('has more than one "@"; write an "@" inside the user name or password as %40');
    }
    const userinfo = at === -1 ? undefined : rest.slice(0, at);
    const afterUserinfo = at === -1 ? rest : rest.slice(at + 1);
    const credentials = userinfo === undefined ? undefined : parseUserinfo(name, userinfo, shown);
    if (credentials?.password !== undefined && !certainPasswordEnd(rest, userinfo!.indexOf(':') + 1)) {
      // A password with a raw "@" and the host forgotten (an unset variable) reads as user:pass@host:
      // only the written port tells a host from the password's tail, so a password needs one. It
      // also settles the default, which clients disagree on (curl assumes 1080).
      throw fail('has a password but no port; write it as http://user:password@host:port'
        + ' (an "@" in the password as %40, and the host and port after the one "@")');
    }

    const authorityEnd = afterUserinfo.search(/[/?#]/);
    const authority = authorityEnd === -1 ? afterUserinfo : afterUserinfo.slice(0, authorityEnd);
    const tail = authorityEnd === -1 ? '' : afterUserinfo.slice(authorityEnd);
    checkTail(tail, fail);

    const { host, hostKind, port } = parseAuthority(authority, fail);
    return new ProxyUrl({
      scheme,
      host,
      hostKind,
      port: port ?? DEFAULT_PORTS[scheme],
      portWritten: port !== undefined,
      username: credentials?.username,
      password: credentials?.password,
    });
  }

  /** `http` or `https` (the scheme used to talk to the proxy itself). */
  public readonly scheme: ProxyScheme;
  /** Host name (lower case) or IP address (IPv6 compressed, without brackets). */
  public readonly host: string;
  /** Port, from the URL or the scheme's default (80 for http, 443 for https). */
  public readonly port: number;
  /** Whether the URL as given wrote its port; when false, {@link ProxyUrl.port} is the scheme's default. */
  public readonly portWritten: boolean;
  /**
   * Decoded user name.
   *
   * @default - no credentials
   */
  public readonly username?: string;
  readonly #password?: string;
  readonly #hostKind: 'dns' | 'ipv4' | 'ipv6';
  readonly #credentialSlots?: CredentialSlots;
  // Computed on first use: the settings of a fleet are shared, and every cluster's environment reads them.
  #href?: string;
  #withoutCredentials?: ProxyUrl;

  private constructor(parts: ProxyUrlParts) {
    MADE.add(this);
    this.scheme = parts.scheme;
    this.host = parts.host;
    this.port = parts.port;
    this.portWritten = parts.portWritten;
    this.#hostKind = parts.hostKind;
    this.username = parts.username;
    this.#password = parts.password;
    this.#credentialSlots = parts.credentialSlots;
    lockProperties(this);
  }

  /**
   * Decoded password. Treat as secret.
   *
   * @default - no password
   */
  public get password(): string | undefined {
    return this.#password;
  }

  /** True when the URL carries a user name (with or without password). */
  public get hasCredentials(): boolean {
    return this.username !== undefined || this.#credentialSlots !== undefined;
  }

  /** The kind of {@link ProxyUrl.host}: a DNS name, an IPv4 or an IPv6 address. */
  public get hostKind(): 'dns' | 'ipv4' | 'ipv6' {
    return this.#hostKind;
  }

  /** `host:port`, with the IPv6 host in brackets. */
  public get authority(): string {
    return `${this.#hostKind === 'ipv6' ? `[${this.host}]` : this.host}:${this.port}`;
  }

  /** The canonical URL including percent-encoded credentials. Secret when credentials are set. */
  public get href(): string {
    if (this.#credentialSlots !== undefined) {
      throw new ProxyConfigError('href', 'holds credentials known only to their source (externalSecret, existingSecret or a Pulumi Output): '
        + 'the whole URL exists only in Secret data; use redacted or withoutCredentials');
    }
    this.#href ??= this.render(this.#password === undefined ? undefined : encodeUserinfoComponent(this.#password));
    return this.#href;
  }

  /** The canonical URL with the password replaced by `***`, safe for logs: `http://user:***@host:port`. */
  public get redacted(): string {
    if (this.#credentialSlots !== undefined) {
      return `${this.scheme}://${this.#credentialSlots !== 'source' && this.#credentialSlots.password === undefined ? '***' : '***:***'}@${this.authority}`;
    }
    return this.render(this.#password === undefined ? undefined : '***');
  }

  /**
   * The canonical URL as renderers take it: {@link ProxyUrl.href}, or with credentials known only
   * to their source, the text with their slots.
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public get hrefText(): Text {
    return this.#credentialSlots === undefined ? this.href : this.hrefTextWith(this.authority);
  }

  /**
   * The same proxy with slots for credentials known only to their source, or, given `later`, for
   * those credentials known only later.
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public withCredentialSlots(field: string, later?: LaterCredentials): ProxyUrl {
    this.refuseSecondCredentials(field);
    return new ProxyUrl({ ...this.address, credentialSlots: later ?? 'source' });
  }

  /** The same proxy without user name and password. */
  public get withoutCredentials(): ProxyUrl {
    this.#withoutCredentials ??= new ProxyUrl(this.address);
    return this.#withoutCredentials;
  }

  /**
   * The same proxy with credentials added (checked as the settings' `username` and `password`
   * are); a URL that has credentials refuses new ones.
   *
   * @param field the field this URL came from, for the error message
   */
  public withCredentials(field: string, username: string, password?: string): ProxyUrl {
    this.refuseSecondCredentials(field);
    return new ProxyUrl({
      ...this.address,
      username: assertCredentialText('username', username),
      password: password === undefined ? undefined : assertCredentialText('password', password),
    });
  }

  /** The redacted URL. */
  public toString(): string {
    return this.redacted;
  }

  /** The redacted URL, so `JSON.stringify` never writes the password. */
  public toJSON(): string {
    return this.redacted;
  }

  /**
   * The redacted URL, for `console.log` and `util.inspect`.
   *
   * @jsii ignore Node.js only (a symbol-named hook other languages cannot call)
   */
  public [inspect.custom](): string {
    return `ProxyUrl <${this.redacted}>`;
  }

  /**
   * {@link ProxyUrl.hrefText} with the port left out where the URL as given left it out: the URL
   * a system wrote, for node files that must keep its bytes.
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public get hrefTextAsGiven(): Text {
    return this.portWritten ? this.hrefText : this.hrefTextWith(this.#hostKind === 'ipv6' ? `[${this.host}]` : this.host);
  }

  /** The URL as renderers take it (credentials, or slots for them), with this authority. */
  private hrefTextWith(authority: string): Text {
    if (this.#credentialSlots === undefined) {
      return this.render(this.#password === undefined ? undefined : encodeUserinfoComponent(this.#password), authority);
    }
    const later = this.#credentialSlots === 'source' ? undefined : this.#credentialSlots;
    return joinText(`${this.scheme}://`, userinfoSlots(later), `@${authority}`);
  }

  /** Everything but the credentials. */
  private get address(): ProxyUrlParts {
    return { scheme: this.scheme, host: this.host, hostKind: this.#hostKind, port: this.port, portWritten: this.portWritten };
  }

  private refuseSecondCredentials(field: string): void {
    if (this.hasCredentials) {
      throw new ProxyConfigError(callerFieldName(field), `has credentials inside the URL (${this.redacted}) and username/password are also set;`
        + ' give credentials in one place only');
    }
  }

  private render(encodedPassword: string | undefined, authority = this.authority): string {
    const user = this.username === undefined ? '' : encodeUserinfoComponent(this.username);
    const userinfo = user === '' ? '' : `${user}${encodedPassword === undefined ? '' : `:${encodedPassword}`}@`;
    return `${this.scheme}://${userinfo}${authority}`;
  }
}

/** Only an empty path or a lone `/` may follow the authority: a proxy URL addresses a host, nothing more. */
function checkTail(tail: string, fail: (reason: string) => ProxyConfigError): void {
  if (tail === '' || tail === '/') {
    return;
  }
  if (tail.includes('#')) {
    throw fail('must not have a fragment (#...)');
  }
  if (tail.includes('?')) {
    throw fail('must not have a query string (?...)');
  }
  throw fail('must not have a path; a proxy URL is scheme://host:port');
}

/** Split and validate `host[:port]` or `[ipv6][:port]`. */
function parseAuthority(authority: string, fail: (reason: string) => ProxyConfigError):
{ host: string; hostKind: 'dns' | 'ipv4' | 'ipv6'; port?: number } {
  if (authority === '') {
    throw fail('has no host');
  }
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close === -1) {
      throw fail('has an IPv6 address without its closing "]"');
    }
    const literal = authority.slice(1, close);
    if (literal.includes('%')) {
      throw fail('has an IPv6 zone id (%...), which proxy clients do not support');
    }
    const address = literal.includes(':') ? parseIpLiteral(literal.toLowerCase()) : undefined;
    if (!address || address.family !== 'IPv6') {
      throw fail('has an invalid IPv6 address between [ and ]');
    }
    return { host: address.text, hostKind: 'ipv6', port: parsePort(authority.slice(close + 1), fail) };
  }
  const colon = authority.indexOf(':');
  if (colon !== authority.lastIndexOf(':')) {
    throw fail('has an IPv6 address without brackets; write it as http://[fd00::1]:3128');
  }
  const hostText = (colon === -1 ? authority : authority.slice(0, colon)).toLowerCase();
  const port = parsePort(colon === -1 ? '' : authority.slice(colon), fail);
  if (hostText === '') {
    throw fail('has no host');
  }
  const address = parseIpLiteral(hostText);
  if (address) {
    return { host: address.text, hostKind: 'ipv4', port };
  }
  if (/^[0-9.]+$/.test(hostText)) {
    throw fail('has an invalid IPv4 address; use four decimal octets without leading zeros');
  }
  if (/[^\x20-\x7e]/.test(hostText)) {
    throw fail('has a non-ASCII host name; use its punycode (xn--) form');
  }
  if (!isDnsName(hostText)) {
    throw fail('has an invalid host name');
  }
  return { host: hostText, hostKind: 'dns', port };
}

/** Parse `:port` (or nothing). */
function parsePort(text: string, fail: (reason: string) => ProxyConfigError): number | undefined {
  if (text === '') {
    return undefined;
  }
  const match = /^:(\d{1,5})$/.exec(text);
  const port = match ? Number(match[1]) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw fail('has an invalid port; it must be a number from 1 to 65535');
  }
  return port;
}

/** Every ProxyUrl made (a Proxy wrapping one is not among them: its private fields are out of any method's reach). */
const MADE = new WeakSet<object>();

/** Whether `value` is a ProxyUrl itself. */
export function isProxyUrl(value: unknown): value is ProxyUrl {
  return typeof value === 'object' && value !== null && MADE.has(value);
}
