import type { X509Certificate } from 'node:crypto';
import { ProxyConfigError } from '../primitives/errors';
import { KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { canonicalJson } from '../primitives/k8s/names';
import { cryptoLib, yamlLib } from '../primitives/lazy-modules';

/**
 * The Sealed Secrets form of a Secret (bitnami.com/v1alpha1 `SealedSecret`, strict scope): each
 * value sealed for the controller's public key exactly as `kubeseal` seals it
 * (sealed-secrets `pkg/crypto.HybridEncrypt`): a random 32-byte AES-256 session key encrypted with
 * RSA-OAEP (SHA-256) whose label is `<namespace>/<name>` (strict scope), then
 * `uint16 big-endian length of the RSA ciphertext || RSA ciphertext || AES-256-GCM(value) with an
 * all-zero 12-byte nonce (the key is used once) and the 16-byte tag appended`, base64.
 *
 * Sealing is randomized, so a re-synth would rewrite every ciphertext. To keep GitOps diffs quiet,
 * earlier sealed values are reused when nothing they seal has changed. That is decided with a keyed
 * digest, HMAC-SHA256 under a `reuseKey` the user keeps out of git, over the certificate's
 * fingerprint and the Secret (identity, type, labels, annotations, every value): without the key a
 * reader of git can neither test a guessed password against the digest nor link two revisions.
 */

/** Annotation on a SealedSecret: the keyed digest of what it seals. */
export const SEALED_DIGEST_ANNOTATION = 'cluster-proxy-constructs/sealed-digest';
const DIGEST_PREFIX = 'hmac-sha256:';
/** The least reuse key length: 32 characters, as many bits as the digest's key should carry. */
const MIN_REUSE_KEY_LENGTH = 32;

/** Everything sealing needs, parsed. */
export interface SealingKey {
  /** The controller's certificate. */
  readonly certificate: X509Certificate;
  /**
   * The HMAC key of the reuse digest.
   *
   * @default - no reuse
   */
  readonly reuseKey?: Buffer;
  /**
   * SealedSecrets of an earlier synth, by `<namespace>/<name>`.
   *
   * @default - none
   */
  readonly previous: ReadonlyMap<string, KubeObject>;
}

/** The controller's certificate, checked: one PEM certificate with an RSA key. */
export function parseSealingCertificate(field: string, pem: unknown): X509Certificate {
  if (typeof pem !== 'string' || (pem.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length !== 1) {
    throw new ProxyConfigError(field, 'must be one PEM CERTIFICATE block: the Sealed Secrets controller\'s certificate (kubeseal --fetch-cert)');
  }
  let certificate: X509Certificate;
  try {
    certificate = new (cryptoLib().X509Certificate)(pem);
  } catch (error) {
    throw new ProxyConfigError(field, `is not a readable certificate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (certificate.publicKey.asymmetricKeyType !== 'rsa') {
    throw new ProxyConfigError(field, `holds a ${certificate.publicKey.asymmetricKeyType} key; Sealed Secrets seals with RSA`);
  }
  return certificate;
}

/** The reuse key, checked. */
export function parseReuseKey(field: string, key: unknown): Buffer {
  if (typeof key !== 'string' || key.length < MIN_REUSE_KEY_LENGTH) {
    // never quote it: it is a secret
    throw new ProxyConfigError(field, `must be a secret string of at least ${MIN_REUSE_KEY_LENGTH} characters, kept out of git (e.g. openssl rand -base64 32 in your CI's secret store)`);
  }
  return Buffer.from(key, 'utf8');
}

/** The SealedSecrets among earlier manifests (YAML or JSON text, one or more documents). */
export function parsePreviousSealedSecrets(field: string, text: unknown): Map<string, KubeObject> {
  if (typeof text !== 'string') {
    throw new ProxyConfigError(field, 'must be the text of earlier synthesized manifests (YAML or JSON)');
  }
  const found = new Map<string, KubeObject>();
  yamlLib().parseAllDocuments(text).forEach((document, index) => {
    if (document.errors.length > 0) {
      throw new ProxyConfigError(`${field}#${index + 1}`, `is not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
    }
    const object = document.toJS({ maxAliasCount: 100 }) as KubeObject | null;
    if (object?.kind === 'SealedSecret' && typeof object.metadata?.name === 'string') {
      found.set(`${object.metadata.namespace ?? ''}/${object.metadata.name}`, object);
    }
  });
  return found;
}

/** kubeseal's hybrid encryption of `plaintext` for `certificate` with the RSA-OAEP `label`. */
export function hybridEncrypt(certificate: X509Certificate, plaintext: Buffer, label: Buffer): Buffer {
  const crypto = cryptoLib();
  const sessionKey = crypto.randomBytes(32);
  const rsaCiphertext = crypto.publicEncrypt({ key: certificate.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: label }, sessionKey);
  const cipher = crypto.createCipheriv('aes-256-gcm', sessionKey, Buffer.alloc(12));
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(rsaCiphertext.length);
  return Buffer.concat([length, rsaCiphertext, sealed]);
}

function digestOf(key: Buffer, certificate: X509Certificate, secret: SecretObject, encryptedData: unknown): string {
  const content = canonicalJson({ certificate: certificate.fingerprint256, secret, encryptedData });
  return `${DIGEST_PREFIX}${cryptoLib().createHmac('sha256', key).update(content).digest('base64url')}`;
}

function sameDigest(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.length === b.length && cryptoLib().timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The SealedSecret that makes the controller write `secret`; earlier sealed values reused when the digest matches. */
export function sealedSecretFor(secret: SecretObject, key: SealingKey): KubeObject {
  const { name, namespace, labels, annotations } = secret.metadata;
  if (!namespace) {
    throw new ProxyConfigError(`${secret.kind}/${name}`, 'has no namespace; a strict-scope SealedSecret is sealed for its namespace, so give the construct one');
  }
  const previous = key.previous.get(`${namespace}/${name}`);
  const previousData = (previous?.spec as { encryptedData?: unknown } | undefined)?.encryptedData;
  // the digest covers the ciphertext too, so sealed values cannot be swapped under a copied digest
  const reusable = key.reuseKey !== undefined && previousData !== null && typeof previousData === 'object'
    && sameDigest(previous?.metadata.annotations?.[SEALED_DIGEST_ANNOTATION], digestOf(key.reuseKey, key.certificate, secret, previousData));
  const label = Buffer.from(`${namespace}/${name}`, 'utf8');
  const encryptedData = reusable
    ? previousData as { [key: string]: string }
    : Object.fromEntries(Object.entries<string>(secret.stringData).map(([item, value]) => [item, hybridEncrypt(key.certificate, Buffer.from(value, 'utf8'), label).toString('base64')]));
  const digest = key.reuseKey ? digestOf(key.reuseKey, key.certificate, secret, encryptedData) : undefined;
  return {
    apiVersion: 'bitnami.com/v1alpha1',
    kind: 'SealedSecret',
    metadata: {
      name,
      namespace,
      ...(labels ? { labels: { ...labels } } : {}),
      ...(digest ? { annotations: { [SEALED_DIGEST_ANNOTATION]: digest } } : {}),
    },
    spec: {
      encryptedData,
      template: {
        metadata: { name, namespace, ...(labels ? { labels: { ...labels } } : {}), ...(annotations ? { annotations: { ...annotations } } : {}) },
        ...(secret.type ? { type: secret.type } : {}),
        ...(secret.immutable === true ? { immutable: true } : {}),
      },
    },
  };
}
