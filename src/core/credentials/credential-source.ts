import { parsePreviousSealedSecrets, parseReuseKey, parseSealingCertificate, SealingKey } from './sealed-secret';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { lockProperties } from '../primitives/frozen';
import { assertObjectName } from '../primitives/k8s/names';
import { fieldPath } from '../primitives/validation/strict-props';

/**
 * Where the proxy credentials live. `literal` (the default, with `username`/`password` in the
 * settings): the library writes them into the Secrets it emits. `externalSecret`: the library never
 * sees them; every Secret that would carry them is emitted as an External Secrets Operator
 * `ExternalSecret` whose template builds byte for byte the same data from the remote values, so a
 * synthesized `dist/` committed to git holds no credential at all.
 */
export enum CredentialSourceKind {
  /** The credentials are given to the library and written into Secrets. */
  LITERAL = 'literal',
  /** The credentials are fetched by External Secrets Operator from a secret store. */
  EXTERNAL_SECRET = 'externalSecret',
  /**
   * The Secrets that carry the credentials are written by the user's own pipeline; the library
   * emits a credential-free template of each (`cluster-proxy render-secret` renders them).
   */
  EXISTING_SECRET = 'existingSecret',
  /**
   * The credentials are given to the library (`username`/`password`), and every Secret that
   * carries them is emitted as a Sealed Secrets `SealedSecret` sealed for the controller's key.
   */
  SEALED_SECRET = 'sealedSecret',
}

/** Props of {@link CredentialSource.sealedSecret}. */
export interface SealedSecretCredentialsProps {
  /**
   * The Sealed Secrets controller's certificate, PEM (`kubeseal --fetch-cert`): not secret, commit
   * it next to the definition.
   */
  readonly certificatePem: string;
  /**
   * A secret of at least 32 characters, kept out of git (your CI's secret store), that keys the
   * digest deciding whether an earlier sealed value can be reused. Needed for quiet diffs.
   *
   * @default - no reuse: every synth seals afresh (new ciphertext, same content)
   */
  readonly reuseKey?: string;
  /**
   * The manifests of the previous synth (the text of the committed `dist/` file, YAML or JSON).
   * A SealedSecret in it is reused, unchanged, when its keyed digest shows that the certificate,
   * the Secret and the sealed values are the ones this synth would seal. Requires `reuseKey`.
   *
   * @default - nothing to reuse
   */
  readonly previousManifests?: string;
}

/** A value in an external secret store (ExternalSecret `spec.data[].remoteRef`). */
export interface RemoteSecretRef {
  /** The key (path) of the secret in the store, e.g. `infra/proxy`. */
  readonly key: string;
  /**
   * The property inside the secret (for JSON secrets), e.g. `password`.
   *
   * @default - the whole secret value
   */
  readonly property?: string;
  /**
   * A version of the secret, where the store has versions.
   *
   * @default - the latest
   */
  readonly version?: string;
}

/** Props of {@link CredentialSource.externalSecret}. */
export interface ExternalSecretCredentialsProps {
  /** Name of the SecretStore (or ClusterSecretStore) that holds the credentials. */
  readonly storeName: string;
  /**
   * `SecretStore` (namespaced, in each object's namespace) or `ClusterSecretStore`.
   *
   * @default 'ClusterSecretStore'
   */
  readonly storeKind?: string;
  /** Where the proxy user name is. */
  readonly username: RemoteSecretRef;
  /** Where the proxy password is. */
  readonly password: RemoteSecretRef;
  /**
   * How often the operator re-reads the store (a Go duration such as `1h`); rotated credentials
   * reach the Secrets at the next refresh.
   *
   * @default '1h'
   */
  readonly refreshInterval?: string;
}

const STORE_KINDS = ['SecretStore', 'ClusterSecretStore'];
const DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

/** Where the proxy credentials come from; see {@link CredentialSourceKind}. */
export class CredentialSource {
  /** Credentials given to the library (`username`/`password` in the settings). */
  public static literal(): CredentialSource {
    return new CredentialSource(CredentialSourceKind.LITERAL);
  }

  /** Credentials fetched by External Secrets Operator; the library never sees them. */
  public static externalSecret(props: ExternalSecretCredentialsProps): CredentialSource {
    return new CredentialSource(CredentialSourceKind.EXTERNAL_SECRET, parseExternalSecretProps('credentialSource', props));
  }

  /**
   * Credentials in Secrets your own pipeline writes (from Vault, SOPS, a CI secret...). The library
   * emits no Secret that would carry them; everything references those Secrets by the names and
   * keys the literal source would have written, and each one is described by a credential-free
   * ConfigMap (label `cluster-proxy-constructs/secret-template`) holding the Secret as a template.
   * `cluster-proxy render-secret` renders the templates with the user name and password read from
   * stdin into exactly the Secrets the literal source writes.
   */
  public static existingSecret(): CredentialSource {
    return new CredentialSource(CredentialSourceKind.EXISTING_SECRET);
  }

  /**
   * Credentials given to the library (`username`/`password` in the settings), emitted sealed:
   * every Secret that would carry them becomes a strict-scope `SealedSecret`
   * (bitnami.com/v1alpha1) sealed with the controller's certificate, which only that controller can
   * open. Give `reuseKey` and `previousManifests` for quiet GitOps diffs.
   */
  public static sealedSecret(props: SealedSecretCredentialsProps): CredentialSource {
    return new CredentialSource(CredentialSourceKind.SEALED_SECRET, undefined, parseSealedSecretProps('credentialSource', props));
  }

  /** The kind of source. */
  public readonly kind: CredentialSourceKind;
  /**
   * The External Secrets settings (kind `externalSecret`).
   *
   * @default - none
   */
  public readonly externalSecretProps?: ExternalSecretCredentialsProps;

  /** The parsed sealing settings (kind `sealedSecret`); a private field, so the reuse key never shows. */
  readonly #sealing?: SealingKey;

  private constructor(kind: CredentialSourceKind, externalSecret?: ExternalSecretCredentialsProps, sealing?: SealingKey) {
    this.kind = kind;
    if (externalSecret) {
      this.externalSecretProps = externalSecret;
    }
    this.#sealing = sealing;
    lockProperties(this);
  }

  /** True when the library writes the credentials into plain Secrets. */
  public get isLiteral(): boolean {
    return this.kind === CredentialSourceKind.LITERAL;
  }

  /** True when the credentials are given to the library (`username`/`password`): literal or sealed. */
  public get receivesCredentials(): boolean {
    return this.kind === CredentialSourceKind.LITERAL || this.kind === CredentialSourceKind.SEALED_SECRET;
  }

  /**
   * The sealing settings (kind `sealedSecret`).
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public get sealing(): SealingKey | undefined {
    return this.#sealing;
  }

  /** A credential-free description. */
  public toString(): string {
    if (this.externalSecretProps) {
      return `ExternalSecret(${this.externalSecretProps.storeKind}/${this.externalSecretProps.storeName})`;
    }
    if (this.#sealing) {
      return `SealedSecret(${this.#sealing.certificate.fingerprint256.slice(0, 23)}...)`;
    }
    return this.kind === CredentialSourceKind.EXISTING_SECRET ? 'existingSecret' : 'literal';
  }
}

/**
 * `props` as an object of `fields` only; errors say what the object must hold (`holding`) and which
 * fields a `what` may be.
 */
function fieldsOf<T>(field: string, props: unknown, holding: string, what: string, fields: ReadonlyArray<keyof T & string>): T {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw invalidValue(field, props, `must be an object with ${holding}`);
  }
  const extra = Object.keys(props).find((key) => !(fields as readonly string[]).includes(key));
  if (extra !== undefined) {
    throw new ProxyConfigError(fieldPath(field, extra), `is not ${what}; expected ${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]}`);
  }
  return props as T;
}

function parseSealedSecretProps(field: string, props: unknown): SealingKey {
  const { certificatePem, reuseKey, previousManifests } = fieldsOf<SealedSecretCredentialsProps>(field, props,
    'certificatePem (and optionally reuseKey, previousManifests)', 'a Sealed Secrets setting', ['certificatePem', 'reuseKey', 'previousManifests']);
  if (previousManifests !== undefined && reuseKey === undefined) {
    throw new ProxyConfigError(`${field}.previousManifests`, 'needs reuseKey: without the keyed digest nothing shows that an earlier sealed value still seals the same content');
  }
  return Object.freeze({
    certificate: parseSealingCertificate(`${field}.certificatePem`, certificatePem),
    ...(reuseKey === undefined ? {} : { reuseKey: parseReuseKey(`${field}.reuseKey`, reuseKey) }),
    previous: previousManifests === undefined ? new Map() : parsePreviousSealedSecrets(`${field}.previousManifests`, previousManifests),
  });
}

function parseRemoteRef(field: string, value: unknown): RemoteSecretRef {
  const { key, property, version } = fieldsOf<RemoteSecretRef>(field, value,
    'key (and optionally property, version)', 'a remote reference field', ['key', 'property', 'version']);
  const text = (name: string, item: unknown): string => {
    if (typeof item !== 'string' || item === '' || item.length > 1024 || /[\u0000-\u001f\u007f]/.test(item)) {
      throw invalidValue(`${field}.${name}`, item, 'must be a non-empty string without control characters');
    }
    return item;
  };
  if (key === undefined) {
    throw new ProxyConfigError(`${field}.key`, 'is required');
  }
  // checked in this order, and only the fields given are kept
  return {
    key: text('key', key),
    ...(property === undefined ? {} : { property: text('property', property) }),
    ...(version === undefined ? {} : { version: text('version', version) }),
  };
}

function parseExternalSecretProps(field: string, props: unknown): ExternalSecretCredentialsProps {
  const { storeName, storeKind, username, password, refreshInterval } = fieldsOf<ExternalSecretCredentialsProps>(field, props,
    'storeName, username and password', 'an External Secrets setting', ['storeName', 'storeKind', 'username', 'password', 'refreshInterval']);
  const kind = storeKind ?? 'ClusterSecretStore';
  if (!STORE_KINDS.includes(kind)) {
    throw invalidValue(`${field}.storeKind`, kind, `must be one of ${STORE_KINDS.join(', ')}`);
  }
  const interval = refreshInterval ?? '1h';
  if (typeof interval !== 'string' || !DURATION.test(interval)) {
    throw invalidValue(`${field}.refreshInterval`, interval, 'must be a Go duration such as 1h or 15m');
  }
  return Object.freeze({
    storeName: assertObjectName(`${field}.storeName`, storeName),
    storeKind: kind,
    username: parseRemoteRef(`${field}.username`, username),
    password: parseRemoteRef(`${field}.password`, password),
    refreshInterval: interval,
  });
}
