import { inspect } from 'node:util';
import { CaBundle, parseTrustAnchors } from './ca-bundle';
import { isProxyUrl, ProxyUrl } from './proxy-url';
import { CredentialSource } from '../credentials/credential-source';
import { formatNoProxyEntry } from '../noproxy/format';
import { InstallationNoProxy } from '../noproxy/installation-part';
import { parseNoProxyList } from '../noproxy/parse';
import { NoProxyEntry } from '../noproxy/types';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { frozen, lockProperties } from '../primitives/frozen';
import { isLaterValue, whenKnown } from '../primitives/later-value';
import { LaterCredentials } from '../primitives/secret-text';
import { assertCredentialText } from '../primitives/userinfo';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/** Input for {@link ProxySettings}: the installation-wide proxy definition. */
export interface ProxySettingsProps {
  /**
   * Proxy for plain HTTP requests (`HTTP_PROXY`), e.g. `http://proxy.corp:3128`. Credentials may be
   * inside, percent-encoded and with the port written out (`http://user:p%40ss@proxy.corp:3128`), or
   * given as `username`/`password`.
   *
   * @default - no HTTP proxy
   */
  readonly httpProxy?: string;
  /**
   * Proxy for HTTPS requests (`HTTPS_PROXY`). Usually the same URL as `httpProxy` (still `http://`:
   * the scheme is how clients talk to the proxy, not to the destination).
   *
   * @default - no HTTPS proxy
   */
  readonly httpsProxy?: string;
  /**
   * Proxy user name, raw (not percent-encoded); added to every proxy URL. Must not be combined with
   * credentials inside a URL.
   *
   * @default - credentials only from the URLs, if any
   */
  readonly username?: string;
  /**
   * Proxy password, raw (not percent-encoded): any character except control characters. Requires
   * `username`. Never shown in errors, logs, `toString()` or `toJSON()`.
   *
   * @default - no password (a user name alone is allowed)
   */
  readonly password?: string;
  /**
   * Installation-wide NO_PROXY entries (internal registries, corporate networks), one entry per
   * item (split a NO_PROXY value at its commas). Cluster-specific entries (pod/service CIDRs,
   * cluster domain) are added elsewhere.
   *
   * @default - no installation-wide entries
   */
  readonly noProxy?: string[];
  /**
   * PEM bundle of `CERTIFICATE` blocks to trust, for TLS-intercepting proxies. Nodes add each
   * certificate to the OS trust store (one file each); pods get it from the workload injection
   * (`trustBundle`), by default together with public roots.
   *
   * @default - no extra CA certificates
   */
  readonly trustedCaPem?: string;
  /**
   * A non-secret label of the credentials in use (e.g. `2026-11` or `3`): change it when you rotate
   * the password. Nothing the library emits outside Secret data depends on the credentials, so
   * this revision is what renames the node-proxy Secret and the worker templates (which rolls the
   * machines) and what restarts workloads after a rotation. Letters, digits, `.`, `_` and `-`.
   *
   * @default - no revision: a password change updates Secret data only
   */
  readonly credentialsRevision?: string;
  /**
   * Where the credentials live: `CredentialSource.literal()` (`username`/`password` here, written
   * into the Secrets the library emits) or `CredentialSource.externalSecret(...)` (fetched by
   * External Secrets Operator: the library never sees them, and emits ExternalSecrets instead of
   * Secrets). With an external source, leave `username`/`password` unset.
   *
   * @default - literal
   */
  readonly credentialSource?: CredentialSource;
}

/** Keys of {@link ProxySettingsProps}, to catch misspelled props from untyped callers. */
const KNOWN_PROPS = propKeys<ProxySettingsProps>({
  httpProxy: true,
  httpsProxy: true,
  username: true,
  password: true,
  noProxy: true,
  trustedCaPem: true,
  credentialsRevision: true,
  credentialSource: true,
});

/**
 * The CA bundle as errors raised after construction name it (a bundle too large for what consumes
 * it): the `trustedCaPem` of the settings the user wrote it into, whether they passed the settings
 * or a configuration computed from them.
 */
export const TRUSTED_CA_SETTING = 'settings.trustedCaPem';

/** What a credentials revision may contain: it ends up in object names and annotations. */
const REVISION = /^[A-Za-z0-9._-]{1,63}$/;

/**
 * A validated proxy definition. Construction fails with a {@link ProxyConfigError} naming the field
 * for anything that would render a broken or unsafe node or pod configuration.
 *
 * Safe to log: `toString()`, `toJSON()` (thus `JSON.stringify`) and `util.inspect` (thus
 * `console.log`) show `user:***@host:port`, never a password.
 */
export class ProxySettings {
  /**
   * The parsed HTTP proxy, with credentials from `username`/`password` applied.
   *
   * @default - no HTTP proxy
   */
  public readonly httpProxy?: ProxyUrl;
  /**
   * The parsed HTTPS proxy, with credentials from `username`/`password` applied.
   *
   * @default - no HTTPS proxy
   */
  public readonly httpsProxy?: ProxyUrl;
  /**
   * Installation-wide NO_PROXY entries, parsed and normalized by the NO_PROXY engine
   * (`parseNoProxyList`), in input order. Only the parsed form is kept: `formatNoProxyEntry` gives
   * each entry's canonical text, and the rendered NO_PROXY value is computed per cluster elsewhere.
   */
  public readonly noProxy: NoProxyEntry[];
  /**
   * Extra CA certificates to trust.
   *
   * @default - none
   */
  public readonly trustedCa?: CaBundle;
  /**
   * The non-secret label of the credentials in use (see `ProxySettingsProps.credentialsRevision`).
   *
   * @default - none
   */
  public readonly credentialsRevision?: string;
  /** Where the credentials live (literal unless an external source was given). */
  public readonly credentialSource: CredentialSource;
  #installationNoProxy?: InstallationNoProxy;
  readonly #laterCredentials?: LaterCredentials;

  constructor(props: ProxySettingsProps) {
    checkProps('', props, KNOWN_PROPS, 'proxy setting');
    if (props.httpProxy === undefined && props.httpsProxy === undefined) {
      throw new ProxyConfigError('httpProxy', 'at least one of httpProxy and httpsProxy must be set');
    }

    this.credentialSource = parseCredentialSource(props);
    const given = this.credentialSource.receivesCredentials ? separateCredentials(props) : undefined;
    const httpProxy = props.httpProxy === undefined ? undefined : ProxyUrl.parse('httpProxy', props.httpProxy);
    const httpsProxy = props.httpsProxy === undefined ? undefined : ProxyUrl.parse('httpsProxy', props.httpsProxy);
    this.noProxy = frozen(parseNoProxyList(props.noProxy ?? [], 'noProxy'));
    if (props.trustedCaPem !== undefined) {
      this.trustedCa = parseTrustAnchors('trustedCaPem', props.trustedCaPem);
    }
    if (props.credentialsRevision !== undefined) {
      if (typeof props.credentialsRevision !== 'string' || !REVISION.test(props.credentialsRevision)) {
        throw invalidValue('credentialsRevision', props.credentialsRevision,
          'must be 1-63 letters, digits, ".", "_" or "-" (it is not secret: it names objects)');
      }
      this.credentialsRevision = props.credentialsRevision;
    }
    // credentials a source keeps, or known only later (a Pulumi Output), leave slots where they go
    const later = given !== undefined && (isLaterValue(given.username) || isLaterValue(given.password));
    if (later) {
      this.#laterCredentials = Object.freeze({ ...given });
    }
    const withCredentials = (field: string, url: ProxyUrl): ProxyUrl => {
      if (!this.credentialSource.receivesCredentials || later) {
        return url.withCredentialSlots(field, later ? this.#laterCredentials : undefined);
      }
      return given ? url.withCredentials(field, given.username as string, given.password as string | undefined) : url;
    };
    if (httpProxy) {
      this.httpProxy = withCredentials('httpProxy', httpProxy);
    }
    if (httpsProxy) {
      this.httpsProxy = withCredentials('httpsProxy', httpsProxy);
    }
    lockProperties(this);
  }

  /**
   * The installation-wide part of every cluster's NO_PROXY (`noProxy`, normalized and rendered),
   * computed on first use: the clusters of a fleet share these settings, and so this part.
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public get installationNoProxy(): InstallationNoProxy {
    // A caller's Proxy around these settings reads as them, but has none of their private fields:
    // it gets the same part, computed for it.
    const { noProxy } = this;
    if (!(#installationNoProxy in this)) return new InstallationNoProxy(noProxy);
    this.#installationNoProxy ??= new InstallationNoProxy(noProxy);
    return this.#installationNoProxy;
  }

  /**
   * The credentials when one of them is known only later (a Pulumi Output, as a later value that
   * checks the real value as `username` and `password` are checked): what fills the slots of the
   * Secret data rendered from these settings.
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public get laterCredentials(): LaterCredentials | undefined {
    if (!(#laterCredentials in this)) {
      throw new ProxyConfigError('settings', 'a Proxy around ProxySettings hides the credentials known only later: pass the ProxySettings instance itself');
    }
    return this.#laterCredentials;
  }

  /** True when either proxy URL carries credentials (so rendered output holds a secret). */
  public get hasCredentials(): boolean {
    return Boolean(this.httpProxy?.hasCredentials || this.httpsProxy?.hasCredentials);
  }

  /** One line, passwords masked. */
  public toString(): string {
    const parts = [
      this.httpProxy && `httpProxy=${this.redactedUrl(this.httpProxy)}`,
      this.httpsProxy && `httpsProxy=${this.redactedUrl(this.httpsProxy)}`,
      this.noProxy.length > 0 && `noProxy=${this.noProxy.map(formatNoProxyEntry).join(',')}`,
      this.trustedCa && `trustedCa=${this.trustedCa.certificates.length} certificate(s)`,
      this.credentialsRevision && `credentialsRevision=${this.credentialsRevision}`,
      !this.credentialSource.isLiteral && `credentials=${this.credentialSource.toString()}`,
    ];
    return `ProxySettings(${parts.filter(Boolean).join(' ')})`;
  }

  /** A plain, password-free summary, so `JSON.stringify(settings)` is safe to log. */
  public toJSON(): Record<string, unknown> {
    return {
      httpProxy: this.httpProxy && this.redactedUrl(this.httpProxy),
      httpsProxy: this.httpsProxy && this.redactedUrl(this.httpsProxy),
      noProxy: this.noProxy.map(formatNoProxyEntry),
      trustedCa: this.trustedCa?.certificates.map(({ subject, fingerprint256 }) => ({ subject, fingerprint256 })),
      credentialsRevision: this.credentialsRevision,
      credentialSource: this.credentialSource.toString(),
    };
  }

  /**
   * The password-free summary, for `console.log` and `util.inspect`.
   *
   * @jsii ignore Node.js only (a symbol-named hook other languages cannot call)
   */
  public [inspect.custom](): string {
    return this.toString();
  }

  /**
   * A URL safe to show: the password masked, or with an external credential source (whose
   * credentials it never sees) no credentials at all.
   */
  public redactedUrl(url: ProxyUrl): string {
    if (!isProxyUrl(url)) {
      throw invalidValue('url', url, 'must be a ProxyUrl (httpProxy or httpsProxy of these settings)');
    }
    return this.credentialSource.receivesCredentials ? url.redacted : url.withoutCredentials.href;
  }
}

/** The credential source of the props; an external one excludes credentials given here. */
function parseCredentialSource(props: ProxySettingsProps): CredentialSource {
  const source = props.credentialSource ?? CredentialSource.literal();
  if (!(source instanceof CredentialSource)) {
    throw invalidValue('credentialSource', source, 'must be a CredentialSource (CredentialSource.literal(), .externalSecret(...), .existingSecret() or .sealedSecret(...))');
  }
  if (!source.receivesCredentials) {
    const given = (['username', 'password'] as const).find((key) => props[key] !== undefined);
    if (given) {
      throw new ProxyConfigError(given, `must not be set with credentialSource ${source.toString()}: the credentials are not given to the library`);
    }
  }
  return source;
}

/** Validated `username`/`password` props, or undefined when neither is given. */
function separateCredentials(props: ProxySettingsProps): LaterCredentials | undefined {
  if (props.username === undefined && props.password === undefined) {
    return undefined;
  }
  // Check the password first: its error must never be preceded by one that could quote it.
  const password = props.password === undefined ? undefined : whenKnown(props.password, (value) => assertCredentialText('password', value));
  if (props.username === undefined) {
    throw new ProxyConfigError('password', 'is set without username; a proxy password needs a user name');
  }
  return { username: whenKnown(props.username, (value) => assertCredentialText('username', value)), ...(password === undefined ? {} : { password }) };
}


