import { PROXY_ENV_KEY_SET, ProxyEnvOptions } from './container-env';
import { DEFAULT_OPT_OUT_ANNOTATION, OPT_OUT_VALUE } from './defaults';
import { checkNamePatterns } from './name-patterns';
import { TrustBundleOptions } from './trust-bundle';
import { invalidValue } from '../primitives/errors';
import { assertDnsLabel } from '../primitives/k8s/names';
import { optionalList, propKeys, PropKeys } from '../primitives/validation/strict-props';
import { QUALIFIED_NAME } from '../product/metadata';

/** What injection leaves alone. Every path (synth time, Kyverno, admission policy) honours the same set. */
export interface InjectionExclusions {
  /**
   * Namespaces whose workloads are not touched.
   *
   * @default - none (the cluster policies always add `kube-system`)
   */
  readonly excludeNamespaces?: string[];
  /**
   * Workload or pod name patterns (`*` and `?` wildcards) that are not touched. Pods created by
   * controllers are matched on their `generateName` (e.g. `capi-*` matches `capi-controller-7d9f-`).
   *
   * @default - none
   */
  readonly excludeNames?: string[];
  /**
   * Container names (in `containers`, `initContainers` and `ephemeralContainers`) that are not touched.
   *
   * @default - none
   */
  readonly excludeContainers?: string[];
  /**
   * Annotation key that opts a pod out when its value is {@link InjectionExclusions.optOutValue}.
   * Checked on the pod, the pod template, and (at synth time) the workload itself. Keep another
   * policy's key (e.g. Giant Swarm's `policies.kyverno.io/inject-proxy-env`) so pods opted out of
   * it stay opted out.
   *
   * @default 'cluster-proxy-constructs/inject'
   */
  readonly optOutAnnotation?: string;
  /**
   * The value of `optOutAnnotation` that opts out (e.g. Giant Swarm's `exclude`).
   *
   * @default 'false'
   */
  readonly optOutValue?: string;
}

/** Options of every injection path. */
export interface ProxyInjectionOptions extends ProxyEnvOptions, InjectionExclusions {
  /**
   * How pods trust the corporate CA, when `ProxySettings.trustedCaPem` is set: which public roots
   * join it, the ConfigMap's name and mount, or trust-manager. `SSL_CERT_FILE`,
   * `REQUESTS_CA_BUNDLE` and `CURL_CA_BUNDLE` replace a runtime's bundle with the ConfigMap's
   * `ca-bundle.crt`; `NODE_EXTRA_CA_CERTS` adds its `corporate-ca.crt` to Node's roots.
   *
   * @default - the ConfigMap `cluster-proxy-ca` mounted at `/etc/cluster-proxy/ca`; its
   * `ca-bundle.crt` holds the corporate CA and the Mozilla roots of the Node.js that runs the synth
   * (`SystemRoots.NODE_MOZILLA`), its `corporate-ca.crt` the corporate CA alone
   */
  readonly trustBundle?: TrustBundleOptions;
}

const EXCLUSION_KEY_SET: PropKeys<InjectionExclusions> = {
  excludeNamespaces: true, excludeNames: true, excludeContainers: true, optOutAnnotation: true, optOutValue: true,
};
/** The keys of {@link ProxyInjectionOptions}, for the policy options that extend it. */
export const PROXY_INJECTION_KEY_SET: PropKeys<ProxyInjectionOptions> = { ...PROXY_ENV_KEY_SET, ...EXCLUSION_KEY_SET, trustBundle: true };
export const PROXY_INJECTION_KEYS = propKeys<ProxyInjectionOptions>(PROXY_INJECTION_KEY_SET);

/** The injection's own options, out of a policy's (which the policy checked against its keys). */
export function injectionOptionsOf(options: ProxyInjectionOptions): ProxyInjectionOptions {
  return Object.fromEntries(Object.entries(options).filter(([key]) => PROXY_INJECTION_KEYS.includes(key)));
}

/** The exclusions, validated. */
export interface ResolvedExclusions {
  /** Excluded namespaces. */
  readonly namespaces: string[];
  /** Excluded name patterns. */
  readonly names: string[];
  /** Excluded container names. */
  readonly containers: string[];
  /** Opt-out annotation key. */
  readonly optOutAnnotation: string;
  /** Opt-out annotation value. */
  readonly optOutValue: string;
}

/**
 * Validate the exclusion options, naming the offending option and item; `alwaysExcluded` are
 * namespaces the caller validated.
 */
export function resolveExclusions(options: InjectionExclusions, alwaysExcluded: string[]): ResolvedExclusions {
  const namespaces = [...alwaysExcluded, ...optionalList('excludeNamespaces', options.excludeNamespaces)
    .map((namespace, index) => assertDnsLabel(`excludeNamespaces[${index}]`, namespace))];
  const containers = optionalList('excludeContainers', options.excludeContainers)
    .map((container, index) => assertDnsLabel(`excludeContainers[${index}]`, container));
  const optOutAnnotation = options.optOutAnnotation ?? DEFAULT_OPT_OUT_ANNOTATION;
  if (typeof optOutAnnotation !== 'string' || optOutAnnotation.length > 316 || !QUALIFIED_NAME.test(optOutAnnotation)) {
    throw invalidValue('optOutAnnotation', optOutAnnotation, 'must be an annotation key such as example.com/inject-proxy');
  }
  const optOutValue = options.optOutValue ?? OPT_OUT_VALUE;
  // Printable and short: the value is compared literally in Kyverno, CEL and at synth time.
  if (typeof optOutValue !== 'string' || optOutValue.length === 0 || optOutValue.length > 253 || !/^[\x21-\x7e]+$/.test(optOutValue)) {
    throw invalidValue('optOutValue', optOutValue, 'must be a non-empty annotation value of printable ASCII characters without spaces (at most 253)');
  }
  return {
    namespaces: [...new Set(namespaces)],
    names: checkNamePatterns('excludeNames', options.excludeNames),
    containers: [...new Set(containers)],
    optOutAnnotation,
    optOutValue,
  };
}

/**
 * The injection options of one named Deployment (`proxyOptions`): name and namespace exclusions
 * would switch its whole purpose off, so only containers can be excluded.
 */
export function deploymentInjectionOptions(proxyOptions: ProxyInjectionOptions | undefined): ProxyInjectionOptions {
  if (proxyOptions !== undefined && (proxyOptions === null || typeof proxyOptions !== 'object' || Array.isArray(proxyOptions))) {
    throw invalidValue('proxyOptions', proxyOptions, 'must be an object of proxy injection options');
  }
  return { ...proxyOptions, excludeNames: [], excludeNamespaces: [] };
}
