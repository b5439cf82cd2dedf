import { ClusterProxyConfig } from '../../cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../../errors';
import { SecretObject } from '../../k8s/manifest';
import { ContainerEnvVar, proxyContainerEnv, proxyEnvUsesSecret, proxySecretManifest } from '../../workloads/container-env';
import { addonProxyValues } from '../addon-proxy';
import { renderYaml } from '../yaml-text';
import { HELM_PRESETS, HelmPreset, HelmPresetName, HelmProxyKeys } from './helm-presets';

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
}

/** Values for one chart, with the objects they need. */
export interface HelmProxyValues {
  /** The values object (for cdk8s `Helm` / Pulumi `Release`). */
  readonly values: HelmValues;
  /** The same values as a YAML file. */
  readonly yaml: string;
  /** The Secret the env refers to (empty when the URLs carry no credentials or are literal). */
  readonly secrets: SecretObject[];
}

/**
 * An env list at `path` (e.g. `['defaults', 'env']`, `['extraEnv']`): the six proxy variables,
 * URLs from the proxy Secret by `secretKeyRef` when they carry credentials. Only for charts that
 * write the list with `toYaml` (otherwise `valueFrom` is lost); see {@link HELM_PRESETS}.
 */
export function helmEnvValues(proxy: ClusterProxyConfig, path: string[], options: HelmProxyValuesOptions = {}): HelmProxyValues {
  return helmValues(proxy, [path], undefined, options);
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
  return helmValues(proxy, [], keys, options);
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
  const entry = typeof preset === 'string' ? HELM_PRESETS[preset] : preset;
  if (!entry || typeof entry !== 'object') {
    throw invalidValue('preset', preset, `must be one of ${Object.keys(HELM_PRESETS).join(', ')} or a HelmPreset`);
  }
  const literalAllowed = !proxy.hasCredentials || options.allowCredentialsInValues === true;
  if (entry.proxyKeys && (literalAllowed || !entry.envLists?.length)) {
    return helmValues(proxy, [], entry.proxyKeys, options, entry.chart);
  }
  if (entry.envLists?.length) {
    return helmValues(proxy, entry.envLists, undefined, options, entry.chart);
  }
  throw invalidValue('preset', entry.chart, 'has neither envLists nor proxyKeys');
}

function helmValues(
  proxy: ClusterProxyConfig,
  envPaths: ReadonlyArray<readonly string[]>,
  keys: HelmProxyKeys | undefined,
  options: HelmProxyValuesOptions,
  chart = 'this chart',
): HelmProxyValues {
  if (!(proxy instanceof ClusterProxyConfig)) {
    throw invalidValue('proxy', proxy, 'must be a ClusterProxyConfig');
  }
  if (options.allowCredentialsInValues !== undefined && typeof options.allowCredentialsInValues !== 'boolean') {
    throw invalidValue('allowCredentialsInValues', options.allowCredentialsInValues, 'must be true or false');
  }
  const values: HelmValues = {};
  let secrets: SecretObject[] = [];
  if (keys) {
    if (proxy.hasCredentials && options.allowCredentialsInValues !== true) {
      throw new ProxyConfigError('allowCredentialsInValues',
        `${chart} takes the proxy only as literal strings (${[...keys.path, keys.http].join('.')}, ...): the proxy password would be in the Helm values and release; set allowCredentialsInValues: true to accept that`);
    }
    setAt(values, keys.path, literalBlock(proxy, keys, chart));
  }
  if (envPaths.length > 0) {
    const envOptions = { secretName: options.secretName, literalCredentials: options.allowCredentialsInValues === true };
    const env: ContainerEnvVar[] = proxyContainerEnv(proxy, envOptions);
    envPaths.forEach((path) => setAt(values, path, structuredClone(env)));
    if (proxyEnvUsesSecret(proxy, envOptions)) {
      secrets = [proxySecretManifest(proxy, options.namespace, { secretName: options.secretName })];
    }
  }
  return { values, yaml: renderYaml(values), secrets };
}

/** The three literal keys; only those whose proxy is set, unless the chart needs all three. */
function literalBlock(proxy: ClusterProxyConfig, keys: HelmProxyKeys, chart: string): HelmValues {
  if (keys.requiresAll) {
    const values = addonProxyValues(proxy, chart);
    return { [keys.http]: values.httpProxy, [keys.https]: values.httpsProxy, [keys.noProxy]: values.noProxy };
  }
  const env = proxy.environment;
  return {
    ...(env.httpProxy ? { [keys.http]: env.httpProxy } : {}),
    ...(env.httpsProxy ? { [keys.https]: env.httpsProxy } : {}),
    [keys.noProxy]: env.noProxy,
  };
}

/** Put `value` at `path`, creating objects on the way; refuses a path through a non-object. */
function setAt(target: HelmValues, path: readonly string[], value: unknown): void {
  if (!Array.isArray(path) || path.some((key) => typeof key !== 'string' || key === '')) {
    throw invalidValue('path', path, 'must be an array of non-empty keys, e.g. ["defaults", "env"]');
  }
  if (path.length === 0) {
    Object.assign(target, value);
    return;
  }
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}
