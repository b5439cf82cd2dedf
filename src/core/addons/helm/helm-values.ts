import { HELM_PRESETS, HelmPreset, HelmPresetName, HelmProxyKeys } from './helm-presets';
import { checkProxyConfig, ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../../primitives/errors';
import { copyJson } from '../../primitives/k8s/copy-json';
import { KubeObject, SecretObject } from '../../primitives/k8s/manifest';
import { parseFlag } from '../../primitives/validation/one-of';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';
import { ContainerEnvVar, proxyContainerEnv, proxyEnvUsesSecret, proxySecretManifest } from '../../workloads/container-env';
import { TrustBundleOptions, trustBundleConfigMap, trustBundlePlan } from '../../workloads/trust-bundle';
import { addonProxyValues } from '../addon-proxy';
import { renderYaml } from '../yaml-text';

/**
 * Helm values: a plain object, assignable to cdk8s `Helm`'s `values` and Pulumi
 * `helm.v3.Release`'s `values`.
 */
export type HelmValues = { [key: string]: any };

/** Options shared by the Helm values renderers. */
export interface HelmProxyValuesOptions {
  /**
   * Namespace of the release: the Secret the env refers to is created there.
   *
   * @default - none set (the namespace applied at deploy time)
   */
  readonly namespace?: string;
  /**
   * Name of the Secret holding the proxy URLs when they carry credentials (the same Secret and
   * keys the workload injection uses).
   *
   * @default 'cluster-proxy-env'
   */
  readonly secretName?: string;
  /**
   * Write proxy URLs with credentials as literal values. They then appear in the Helm values, in
   * Helm's release Secret, in the rendered manifests and in `kubectl describe`: accept that
   * explicitly. Required for charts that take the proxy only as literal strings.
   *
   * @default false
   */
  readonly allowCredentialsInValues?: boolean;
  /**
   * How the corporate CA is distributed (public roots, ConfigMap name, mount path, trust-manager),
   * for presets that mount it: the same options as the workload injection's.
   *
   * @default - the injection's defaults: the ConfigMap `cluster-proxy-ca` whose `ca-bundle.crt`
   * (read by `SSL_CERT_FILE`, `REQUESTS_CA_BUNDLE`, `CURL_CA_BUNDLE`) holds the corporate CA and the
   * Mozilla roots of the Node.js that runs the synth
   */
  readonly trustBundle?: TrustBundleOptions;
}

const HELM_PRESET_KEYS = propKeys<HelmPreset>({ chart: true, source: true, envLists: true, proxyKeys: true, caMounts: true });

const HELM_VALUES_KEYS = propKeys<HelmProxyValuesOptions>({
  namespace: true, secretName: true, allowCredentialsInValues: true, trustBundle: true,
});

/** Values for one chart, with the objects they need. */
export interface HelmProxyValues {
  /** The values object (for cdk8s `Helm` / Pulumi `Release`). */
  readonly values: HelmValues;
  /** The same values as a YAML file. */
  readonly yaml: string;
  /** The Secret the env refers to (empty when the URLs carry no credentials or are literal). */
  readonly secrets: SecretObject[];
  /**
   * The CA ConfigMap the chart's CA volume reads (or the trust-manager object that writes it):
   * with `trustedCaPem` and a preset that knows where the CA goes; otherwise empty.
   */
  readonly trustObjects: KubeObject[];
}

/**
 * An env list at `path` (e.g. `['defaults', 'env']`, `['extraEnv']`): the six proxy variables,
 * URLs from the proxy Secret by `secretKeyRef` when they carry credentials. Only for charts that
 * write the list with `toYaml` (otherwise `valueFrom` is lost); see {@link HELM_PRESETS}.
 */
export function helmEnvValues(proxy: ClusterProxyConfig, path: string[], options: HelmProxyValuesOptions = {}): HelmProxyValues {
  return helmValues(proxy, [path], undefined, options, { env: () => 'path', keys: 'keys' });
}

/**
 * A literal proxy block, by default `proxy: {httpProxy, httpsProxy, noProxy}`. Literal strings
 * only: with credentials it needs `allowCredentialsInValues`.
 */
export function helmProxyBlockValues(
  proxy: ClusterProxyConfig,
  keys: HelmProxyKeys = { path: ['proxy'], http: 'httpProxy', https: 'httpsProxy', noProxy: 'noProxy' },
  options: HelmProxyValuesOptions = {},
): HelmProxyValues {
  return helmValues(proxy, [], keys, options, { env: () => 'path', keys: 'keys' });
}

/**
 * Values for a chart from a preset (a name of {@link HELM_PRESETS} or your own entry). The chart's
 * literal keys are used when the URLs carry no credentials (or `allowCredentialsInValues`);
 * otherwise its env lists with `secretKeyRef`; a chart with only literal keys and credentials
 * without the opt-in is refused.
 */
export function helmPresetValues(
  proxy: ClusterProxyConfig,
  preset: HelmPresetName | HelmPreset,
  options: HelmProxyValuesOptions = {},
): HelmProxyValues {
  const entry = typeof preset === 'string' ? (Object.hasOwn(HELM_PRESETS, preset) ? HELM_PRESETS[preset as HelmPresetName] : undefined) : preset;
  if (!entry || typeof entry !== 'object') {
    throw invalidValue('preset', preset, `must be one of ${Object.keys(HELM_PRESETS).join(', ')} or a HelmPreset`);
  }
  // a misspelled key (`envList`) would leave the chart without the proxy, silently
  checkProps('preset', entry, HELM_PRESET_KEYS, 'HelmPreset field');
  if (entry.envLists !== undefined && !Array.isArray(entry.envLists)) {
    throw invalidValue('preset.envLists', entry.envLists, 'must be an array of key paths, e.g. [["extraEnv"]]');
  }
  // read before helmValues checks the options: a null `options` is refused there, with its name
  const literalAllowed = !checkProxyConfig('proxy', proxy).hasCredentials || options?.allowCredentialsInValues === true;
  if (entry.proxyKeys && (literalAllowed || !entry.envLists?.length)) {
    return withCorporateCa(proxy, entry, helmValues(proxy, [], entry.proxyKeys, options, PRESET_FIELDS, entry.chart), options);
  }
  if (entry.envLists?.length) {
    return withCorporateCa(proxy, entry, helmValues(proxy, entry.envLists, undefined, options, PRESET_FIELDS, entry.chart), options);
  }
  throw invalidValue('preset', entry.chart, 'has neither envLists nor proxyKeys');
}

/**
 * The preset's values with the corporate CA mounted where the chart takes volumes, and the trust
 * variables (`SSL_CERT_FILE`...) added to the same container's env: the containers that talk TLS
 * through a TLS-intercepting proxy trust it as injected pods do.
 */
function withCorporateCa(proxy: ClusterProxyConfig, preset: HelmPreset, result: HelmProxyValues, options: HelmProxyValuesOptions): HelmProxyValues {
  const plan = trustBundlePlan(proxy, options.trustBundle);
  if (!plan || !preset.caMounts?.length) {
    return result;
  }
  const values = copyJson(result.values);
  const trustEnv = plan.envGroups.flatMap((group) => group.variables);
  preset.caMounts.forEach((mount, i) => {
    const field = `preset.caMounts[${i}]`;
    appendAt(values, mount.volumes, [{ name: plan.volumeName, configMap: { name: plan.configMapName } }], `${field}.volumes`);
    appendAt(values, mount.volumeMounts, [{ name: plan.volumeName, mountPath: plan.mountPath, readOnly: true }], `${field}.volumeMounts`);
    appendAt(values, mount.env, copyJson(trustEnv), `${field}.env`);
  });
  const trustObjects = [plan.trustManager ?? trustBundleConfigMap(plan, options.namespace)];
  return { values, yaml: renderYaml(values), secrets: result.secrets, trustObjects };
}

/** Append `items` to the list at `path`, creating it (and objects on the way) when missing. */
function appendAt(target: HelmValues, path: readonly string[], items: unknown[], field: string): void {
  checkValuesPath(field, path);
  const existing = path.reduce<any>((node, key) => (node && typeof node === 'object' && Object.hasOwn(node, key) ? node[key] : undefined), target);
  setAt(target, path, [...(Array.isArray(existing) ? existing : []), ...items], field);
}

/**
 * Keys that would reach an object's prototype instead of a values key: a path through them would
 * change every object of the process (prototype pollution), so they are refused, never written.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A values path: a list of non-empty keys, none of them a prototype key. */
function checkValuesPath(field: string, path: readonly string[]): void {
  if (!Array.isArray(path) || path.some((key) => typeof key !== 'string' || key === '')) {
    throw invalidValue(field, path, 'must be an array of non-empty keys, e.g. ["defaults", "env"]');
  }
  path.forEach((key, index) => checkValuesKey(`${field}[${index}]`, key));
}

/** One values key: a non-empty string that is not a prototype key. */
function checkValuesKey(field: string, key: unknown): void {
  if (typeof key !== 'string' || key === '') {
    throw invalidValue(field, key, 'must be a non-empty key');
  }
  if (PROTOTYPE_KEYS.has(key)) {
    throw invalidValue(field, key, 'is a JavaScript prototype key, not a values key');
  }
}

/** Where the paths of a values call came from, for errors: the env paths and the literal keys. */
interface ValuesFields {
  readonly env: (index: number) => string;
  readonly keys: string;
}

const PRESET_FIELDS: ValuesFields = { env: (index) => `preset.envLists[${index}]`, keys: 'preset.proxyKeys' };

function helmValues(
  proxy: ClusterProxyConfig,
  envPaths: ReadonlyArray<readonly string[]>,
  keys: HelmProxyKeys | undefined,
  options: HelmProxyValuesOptions,
  fields: ValuesFields,
  chart = 'this chart',
): HelmProxyValues {
  checkProxyConfig('proxy', proxy, '');
  checkProps('options', options, HELM_VALUES_KEYS, 'Helm values option');
  const allowCredentials = parseFlag('allowCredentialsInValues', options.allowCredentialsInValues);
  const values: HelmValues = {};
  let secrets: SecretObject[] = [];
  if (keys) {
    if (proxy.hasCredentials && !allowCredentials) {
      throw new ProxyConfigError('allowCredentialsInValues',
        `${chart} takes the proxy only as literal strings (${[...keys.path, keys.http].join('.')}, ...): the proxy password would be in the Helm values and release; set allowCredentialsInValues: true to accept that`);
    }
    (['http', 'https', 'noProxy'] as const).forEach((name) => checkValuesKey(`${fields.keys}.${name}`, keys[name]));
    setAt(values, keys.path, literalBlock(proxy, keys, chart), `${fields.keys}.path`);
  }
  if (envPaths.length > 0) {
    const envOptions = { secretName: options.secretName, literalCredentials: allowCredentials };
    const env: ContainerEnvVar[] = proxyContainerEnv(proxy, envOptions);
    envPaths.forEach((path, index) => setAt(values, path, copyJson(env), fields.env(index)));
    if (proxyEnvUsesSecret(proxy, envOptions)) {
      secrets = [proxySecretManifest(proxy, options.namespace, { secretName: options.secretName })];
    }
  }
  return { values, yaml: renderYaml(values), secrets, trustObjects: [] };
}

/** The three literal keys; only those whose proxy is set, unless the chart needs all three. */
function literalBlock(proxy: ClusterProxyConfig, keys: HelmProxyKeys, chart: string): HelmValues {
  if (keys.requiresAll) {
    const values = addonProxyValues(proxy, chart);
    return { [keys.http]: values.httpProxy, [keys.https]: values.httpsProxy, [keys.noProxy]: values.noProxy };
  }
  const env = proxy.renderEnvironment;
  return {
    ...(env.httpProxy ? { [keys.http]: env.httpProxy } : {}),
    ...(env.httpsProxy ? { [keys.https]: env.httpsProxy } : {}),
    [keys.noProxy]: env.noProxy,
  };
}

/** Put `value` at `path`, creating objects on the way (own properties only). */
function setAt(target: HelmValues, path: readonly string[], value: unknown, field: string): void {
  checkValuesPath(field, path);
  if (path.length === 0) {
    Object.assign(target, value);
    return;
  }
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!Object.hasOwn(node, key)) {
      node[key] = {};
    }
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}
