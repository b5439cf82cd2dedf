import { ContainerEnvGroup, ContainerEnvVar } from './container-env';
import { CA_BUNDLE_KEY, CA_VOLUME_NAME, CORPORATE_CA_KEY, DEFAULT_CA_CONFIGMAP_NAME, DEFAULT_CA_MOUNT_PATH } from './defaults';
import { CaBundle, CaCertificate, parseCaBundle } from '../definition/ca-bundle';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { TRUSTED_CA_SETTING } from '../definition/proxy-settings';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { frozen } from '../primitives/frozen';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { rootCertificates } from '../primitives/lazy-modules';
import { LIMITS } from '../primitives/limits';
import { parseEither, parseOneOf } from '../primitives/validation/one-of';
import { checkProps, propKeys } from '../primitives/validation/strict-props';
import { configMapObject } from '../product/data-objects';

/**
 * Which public roots join the corporate CA in `ca-bundle.crt`, the file that replacing variables
 * (`SSL_CERT_FILE`, `REQUESTS_CA_BUNDLE`, `CURL_CA_BUNDLE`) point at.
 *
 * A replacing variable makes the runtime trust that file *instead of* its own bundle, so a file
 * with the corporate CA alone breaks TLS to every destination the proxy does not intercept (NO_PROXY
 * hosts with public certificates, the proxy's own bypass list). The default therefore adds public
 * roots; trusting the corporate CA alone is a choice the user states.
 *
 * - `node-mozilla` (the default): the Mozilla root store compiled into the Node.js that runs the
 *   synth (`tls.rootCertificates`): about 140 certificates, some 210 KB in every namespace's
 *   ConfigMap. Output is byte-identical for the same input and the same Node.js version; another
 *   Node.js release may ship another root store and so another ConfigMap (pin Node.js where the
 *   output is compared).
 * - `none`: the corporate CA alone. Go, OpenSSL (Python `ssl`, Ruby, PHP), .NET, curl, Python
 *   requests and rustls then trust the corporate CA and no public root from the file (only what the
 *   image's certificate directory may still provide, see docs/workloads.md, "Trusting the corporate
 *   CA"); right only when the proxy intercepts every TLS connection that leaves the cluster.
 */
export enum SystemRoots {
  /** The corporate CA plus the Mozilla roots of the Node.js that runs the synth (the default). */
  NODE_MOZILLA = 'node-mozilla',
  /** The corporate CA alone: runtimes reading a replacing variable trust nothing else from it. */
  NONE = 'none',
}

/** The roots that join the corporate CA when `systemRoots` is not given. */
export const DEFAULT_SYSTEM_ROOTS = SystemRoots.NODE_MOZILLA;

/** The trust-manager resource that builds the bundle. */
export enum TrustManagerResource {
  /** `trust.cert-manager.io/v1alpha1` `Bundle` (trust-manager up to 0.x releases). */
  BUNDLE = 'Bundle',
  /** `trust-manager.io/v1alpha2` `ClusterBundle` (its successor). */
  CLUSTER_BUNDLE = 'ClusterBundle',
}

/** How pods get the corporate CA (only used when `ProxySettings.trustedCaPem` is set). */
export interface TrustBundleOptions {
  /**
   * Public roots bundled with the corporate CA in `ca-bundle.crt`, the file `SSL_CERT_FILE`,
   * `REQUESTS_CA_BUNDLE` and `CURL_CA_BUNDLE` point at (they replace the runtime's own bundle).
   * `NODE_EXTRA_CA_CERTS` reads the corporate CA alone either way (it extends Node's roots).
   * `SystemRoots.NONE` leaves those runtimes trusting the corporate CA and no public root from the
   * file: TLS to destinations the proxy does not intercept then fails. Not used with `trustManager`.
   *
   * @default SystemRoots.NODE_MOZILLA - the Mozilla roots of the Node.js that runs the synth
   */
  readonly systemRoots?: SystemRoots;
  /**
   * Let cert-manager's trust-manager build and distribute the bundle: the library emits one
   * cluster-scoped `Bundle` (`trust.cert-manager.io/v1alpha1`) or `ClusterBundle`
   * (`trust-manager.io/v1alpha2`) with trust-manager's default CAs and the corporate CA as sources,
   * instead of a ConfigMap per namespace; every trust variable then points at its one key, which
   * holds the public roots of trust-manager's default CA package and the corporate CA.
   * `systemRoots` does not apply.
   *
   * @default - no trust-manager: the library writes the ConfigMaps
   */
  readonly trustManager?: TrustManagerResource;
  /**
   * Name of the ConfigMap holding the bundle (the same name in every namespace).
   *
   * @default 'cluster-proxy-ca'
   */
  readonly configMapName?: string;
  /**
   * Directory the ConfigMap is mounted at in every container.
   *
   * @default '/etc/cluster-proxy/ca'
   */
  readonly mountPath?: string;
}

const TRUST_BUNDLE_KEYS = propKeys<TrustBundleOptions>({ systemRoots: true, trustManager: true, configMapName: true, mountPath: true });

/** What one runtime reads, and how, so users can tell which of their clients are covered. */
export interface CaTrustVariable {
  /** The environment variable. */
  readonly name: string;
  /** The ConfigMap key it points at. */
  readonly key: string;
  /**
   * `extends` the runtime's own roots, or `replaces` its default bundle file with this one (a
   * certificate directory of the image may still be read, see docs/workloads.md, "Trusting the
   * corporate CA").
   */
  readonly semantics: 'extends' | 'replaces';
  /** The runtimes that read it. */
  readonly readBy: string;
}

/**
 * The variables set in every container, and what reads them (checked against each runtime's
 * documentation, see docs/workloads.md). Java reads none of them: it needs a truststore
 * (`-Djavax.net.ssl.trustStore`) and is not covered.
 */
export const CA_TRUST_VARIABLES: CaTrustVariable[] = frozen([
  { name: 'SSL_CERT_FILE', key: CA_BUNDLE_KEY, semantics: 'replaces', readBy: 'Go crypto/x509 on Linux, OpenSSL default paths (Python ssl, Ruby, PHP), curl CLI without CURL_CA_BUNDLE, .NET on Linux, rustls-native-certs' },
  { name: 'NODE_EXTRA_CA_CERTS', key: CORPORATE_CA_KEY, semantics: 'extends', readBy: 'Node.js (read once at process start)' },
  { name: 'REQUESTS_CA_BUNDLE', key: CA_BUNDLE_KEY, semantics: 'replaces', readBy: 'Python requests (instead of certifi)' },
  { name: 'CURL_CA_BUNDLE', key: CA_BUNDLE_KEY, semantics: 'replaces', readBy: 'curl CLI; Python requests as a fallback' },
]);

/** The resolved trust settings of an injection. */
export interface TrustBundlePlan {
  /** ConfigMap name. */
  readonly configMapName: string;
  /** Mount directory. */
  readonly mountPath: string;
  /** Pod volume name. */
  readonly volumeName: string;
  /** The ConfigMap `data`: the full bundle and the corporate CA alone (unless trust-manager writes it). */
  readonly data: { readonly [key: string]: string };
  /**
   * The trust-manager resource that writes the ConfigMaps instead of the library.
   *
   * @default - none
   */
  readonly trustManager?: KubeObject;
  /** One group per trust variable (each skipped when the container sets it). */
  readonly envGroups: ContainerEnvGroup[];
}

/**
 * Resolve the trust settings for `config`, or `undefined` when no `trustedCaPem` is set. Throws
 * a {@link ProxyConfigError} naming the option for a bad name, path or roots choice.
 */
export function trustBundlePlan(config: ClusterProxyConfig, options: TrustBundleOptions = {}): TrustBundlePlan | undefined {
  checkProps('trustBundle', options, TRUST_BUNDLE_KEYS, 'trust bundle option');
  const systemRoots = parseEither('trustBundle.systemRoots', options.systemRoots ?? DEFAULT_SYSTEM_ROOTS, Object.values(SystemRoots));
  const configMapName = assertObjectName('trustBundle.configMapName', options.configMapName ?? DEFAULT_CA_CONFIGMAP_NAME);
  const mountPath = checkMountPath(options.mountPath ?? DEFAULT_CA_MOUNT_PATH);
  const corporate = config.settings.trustedCa;
  if (!corporate) {
    return undefined;
  }
  const trustManager = options.trustManager === undefined
    ? undefined : parseOneOf('trustBundle.trustManager', options.trustManager, Object.values(TrustManagerResource));
  // trust-manager writes one key: the variables that would read the corporate CA alone read the
  // whole bundle (extending variables then add the public roots again, which is harmless)
  const env: ContainerEnvVar[] = CA_TRUST_VARIABLES.map(({ name, key }) => ({ name, value: `${mountPath}/${trustManager ? CA_BUNDLE_KEY : key}` }));
  const data = { [CA_BUNDLE_KEY]: bundlePem(corporate, trustManager ? SystemRoots.NONE : systemRoots), [CORPORATE_CA_KEY]: corporate.pem };
  if (!trustManager) {
    checkConfigMapSize(configMapName, data, systemRoots);
  }
  return {
    configMapName,
    mountPath,
    volumeName: CA_VOLUME_NAME,
    data,
    ...(trustManager ? { trustManager: trustManagerObject(trustManager, configMapName, corporate) } : {}),
    envGroups: env.map((variable) => ({ names: [variable.name], variables: [variable] })),
  };
}

/**
 * The cluster-scoped trust-manager object that writes ConfigMap `name` (key `ca-bundle.crt`) into
 * every namespace: its default CAs (the public roots it ships) and the corporate CA.
 */
function trustManagerObject(kind: TrustManagerResource, name: string, corporate: CaBundle): KubeObject {
  const metadata = { name, labels: { [MANAGED_BY_LABEL]: MANAGED_BY } };
  if (kind === TrustManagerResource.BUNDLE) {
    return {
      apiVersion: 'trust.cert-manager.io/v1alpha1',
      kind,
      metadata,
      spec: { sources: [{ useDefaultCAs: true }, { inLine: corporate.pem }], target: { configMap: { key: CA_BUNDLE_KEY } } },
    };
  }
  return {
    apiVersion: 'trust-manager.io/v1alpha2',
    kind,
    metadata,
    spec: { defaultCAs: { provider: 'System' }, inLineCAs: corporate.pem, target: { configMap: { data: [{ key: CA_BUNDLE_KEY }] }, namespaceSelector: {} } },
  };
}

/** The ConfigMap pods mount, for one namespace (or the adapter's default namespace). */
export function trustBundleConfigMap(plan: TrustBundlePlan, namespace?: string): KubeObject {
  return configMapObject({
    name: plan.configMapName,
    ...(namespace !== undefined ? { namespace: assertDnsLabel('namespace', namespace) } : {}),
    labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
  }, { ...plan.data });
}

/** Corporate certificates first (they are what the proxy presents), then the public roots not already listed. */
function bundlePem(corporate: CaBundle, systemRoots: SystemRoots): string {
  if (systemRoots === SystemRoots.NONE) {
    return corporate.pem;
  }
  const known = new Set(corporate.certificates.map((certificate) => certificate.fingerprint256));
  return corporate.pem + nodeMozillaRoots().filter((certificate) => !known.has(certificate.fingerprint256)).map((certificate) => certificate.pem).join('');
}

let mozillaRoots: CaCertificate[] | undefined;
/** This Node.js's root store, parsed once per process (it cannot change while the process runs). */
function nodeMozillaRoots(): CaCertificate[] {
  return (mozillaRoots ??= parseCaBundle('trustBundle.systemRoots', rootCertificates().join('\n')).certificates);
}

/**
 * The ConfigMap holds the corporate CA twice (bundle and corporate key) besides the public roots;
 * refused here, naming the setting the size comes from, before the API server refuses the object.
 */
function checkConfigMapSize(name: string, data: Record<string, string>, systemRoots: SystemRoots): void {
  const { value, unit, reason } = LIMITS.configMapData;
  const total = Object.values(data).reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
  if (total <= value) {
    return;
  }
  const corporate = Buffer.byteLength(data[CORPORATE_CA_KEY], 'utf8');
  const roots = total - 2 * corporate;
  throw new ProxyConfigError(TRUSTED_CA_SETTING, `makes the CA ConfigMap ${name} ${total} bytes (the corporate CA, ${corporate} bytes, in both keys`
    + `${roots > 0 ? `, and ${roots} bytes of public roots from trustBundle.systemRoots "${systemRoots}"` : ''}), more than the API server accepts `
    + `(${value} ${unit}: ${reason}); trust only the CAs that sign the proxy's certificates, or let trust-manager build the bundle (trustBundle.trustManager)`);
}

/** An absolute, normalized directory without characters that would need quoting anywhere. */
function checkMountPath(path: unknown): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9._-]+)+$/.test(path) || path.split('/').some((part) => part === '.' || part === '..')) {
    throw invalidValue('trustBundle.mountPath', path, 'must be an absolute directory such as /etc/cluster-proxy/ca (letters, digits, ".", "_", "-"; no "." or ".." parts)');
  }
  if (TRUST_STORES.includes(path)) {
    throw new ProxyConfigError('trustBundle.mountPath', `"${path}" would hide the image's own trust store; mount the bundle in a directory of its own`);
  }
  if (SYSTEM_DIRECTORIES.includes(path)) {
    throw new ProxyConfigError('trustBundle.mountPath', `"${path}" would hide a system directory of every container's image; mount the bundle in a directory of its own`);
  }
  if (path === SERVICE_ACCOUNT_DIRECTORY || SERVICE_ACCOUNT_DIRECTORY.startsWith(`${path}/`) || path.startsWith(`${SERVICE_ACCOUNT_DIRECTORY}/`)) {
    throw new ProxyConfigError('trustBundle.mountPath', `"${path}" would hide or sit inside the ServiceAccount token mount (${SERVICE_ACCOUNT_DIRECTORY}); mount the bundle in a directory of its own`);
  }
  return path;
}

/** Directories of the images' own trust stores: a mount there replaces the public roots. */
const TRUST_STORES = ['/etc/ssl', '/etc/ssl/certs', '/etc/pki', '/usr/share/ca-certificates'];
/** Directories whose contents a container needs: a volume mounted on one hides them. */
const SYSTEM_DIRECTORIES = ['/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/opt', '/proc', '/root', '/run',
  '/sbin', '/srv', '/sys', '/tmp', '/usr', '/usr/bin', '/usr/lib', '/usr/local', '/usr/sbin', '/usr/share', '/var', '/var/lib', '/var/run'];
/** Where Kubernetes mounts a pod's ServiceAccount token. */
const SERVICE_ACCOUNT_DIRECTORY = '/var/run/secrets/kubernetes.io/serviceaccount';
