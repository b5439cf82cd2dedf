import { DEFAULT_PROXY_SECRET_NAME } from './defaults';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { proxyVariables } from '../definition/proxy-environment';
import { MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { plainString } from '../primitives/secret-text';
import { parseFlag } from '../primitives/validation/one-of';
import { PropKeys } from '../primitives/validation/strict-props';
import { secretObject } from '../product/data-objects';

/** Reference to one key of a Secret (Kubernetes `SecretKeySelector`). */
export interface SecretKeyReference {
  /** Secret name, in the pod's namespace. */
  readonly name: string;
  /** Key inside the Secret. */
  readonly key: string;
}

/** Where a variable's value comes from when it is not literal (Kubernetes `EnvVarSource`). */
export interface ContainerEnvSource {
  /** The Secret key holding the value. */
  readonly secretKeyRef: SecretKeyReference;
}

/**
 * One container environment variable (Kubernetes `EnvVar`): exactly one of `value` and
 * `valueFrom` is set.
 */
export interface ContainerEnvVar {
  /** Variable name. */
  readonly name: string;
  /**
   * Literal value.
   *
   * @default - the value comes from `valueFrom`
   */
  readonly value?: string;
  /**
   * Value read from a Secret when the container starts.
   *
   * @default - the value is literal
   */
  readonly valueFrom?: ContainerEnvSource;
}

/**
 * Variables that are injected or skipped together. The two spellings of a proxy variable form
 * one group: when a container sets either `HTTPS_PROXY` or `https_proxy`, adding the other would
 * let clients that prefer that spelling (curl reads the lower-case one first) silently use a
 * different proxy than the one the container chose.
 */
export interface ContainerEnvGroup {
  /** Every name of the group; the group is skipped when the container sets any of them. */
  readonly names: string[];
  /** The variables added when the container sets none of `names`. */
  readonly variables: ContainerEnvVar[];
}

/** Options for `proxyContainerEnv` and `proxySecretManifest`. */
export interface ProxyEnvOptions {
  /**
   * Name of the Secret holding the proxy URLs when they carry credentials.
   *
   * @default 'cluster-proxy-env'
   */
  readonly secretName?: string;
  /**
   * Write proxy URLs with credentials as literal `value`s instead of `secretKeyRef`s. The password
   * then appears in every workload manifest and in `kubectl describe pod`: only for throw-away
   * clusters.
   *
   * @default false
   */
  readonly literalCredentials?: boolean;
}

/** The keys of {@link ProxyEnvOptions}, for the options types that extend it. */
export const PROXY_ENV_KEY_SET: PropKeys<ProxyEnvOptions> = { secretName: true, literalCredentials: true };

/** Proxy URL variables: the ones that can carry credentials and so may come from the Secret. */
const URL_VARIABLES: ReadonlySet<string> = new Set(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']);

/** True when the env must reference the proxy Secret (credentials present and no opt-in to literals). */
export function proxyEnvUsesSecret(config: ClusterProxyConfig, options: ProxyEnvOptions = {}): boolean {
  return config.hasCredentials && options.literalCredentials !== true;
}

/** The validated Secret name of `options`. */
export function proxySecretName(options: ProxyEnvOptions = {}): string {
  return assertObjectName('secretName', options.secretName ?? DEFAULT_PROXY_SECRET_NAME);
}

/**
 * The proxy variables of a container, grouped by variable (both spellings together), in
 * `proxyVariables` order: `HTTP_PROXY`/`http_proxy`, `HTTPS_PROXY`/`https_proxy`,
 * `NO_PROXY`/`no_proxy`. NO_PROXY is always literal and always present: it is the complete value
 * the core engine computed for the cluster, the same string the nodes get.
 */
export function proxyContainerEnvGroups(config: ClusterProxyConfig, options: ProxyEnvOptions = {}): ContainerEnvGroup[] {
  parseFlag('literalCredentials', options.literalCredentials);
  const useSecret = proxyEnvUsesSecret(config, options);
  const secretName = proxySecretName(options);
  const groups = new Map<string, ContainerEnvVar[]>();
  for (const variable of proxyVariables(config.renderEnvironment)) {
    const envVar: ContainerEnvVar = useSecret && URL_VARIABLES.has(variable.name)
      ? { name: variable.name, valueFrom: { secretKeyRef: { name: secretName, key: variable.name } } }
      : { name: variable.name, value: plainString(variable.value) };
    const group = variable.name.toUpperCase();
    groups.set(group, [...(groups.get(group) ?? []), envVar]);
  }
  return [...groups.values()].map((variables) => ({ names: variables.map((v) => v.name), variables }));
}

/**
 * The env entries that put a container behind the proxy: the six variables (upper and lower
 * case), with `valueFrom.secretKeyRef` to the proxy Secret (`proxySecretManifest`) when the
 * URLs carry credentials, plain `value`s when they do not or when `literalCredentials` is set.
 */
export function proxyContainerEnv(config: ClusterProxyConfig, options: ProxyEnvOptions = {}): ContainerEnvVar[] {
  return proxyContainerEnvGroups(config, options).flatMap((group) => [...group.variables]);
}

/**
 * The Secret `proxyContainerEnv` refers to: one key per proxy URL variable
 * (`HTTP_PROXY`, `http_proxy`, `HTTPS_PROXY`, `https_proxy`, those that are set), values in
 * `stringData`. The name is fixed (`secretName`), so it is the same in every namespace and every
 * synth. NO_PROXY is not in it: it holds no secret and stays visible in the pod spec.
 */
export function proxySecretManifest(config: ClusterProxyConfig, namespace?: string, options: ProxyEnvOptions = {}): SecretObject {
  parseFlag('literalCredentials', options.literalCredentials);
  const stringData = Object.fromEntries(proxyVariables(config.renderEnvironment)
    .filter(({ name }) => URL_VARIABLES.has(name)).map(({ name, value }) => [name, value]));
  return secretObject({
    name: proxySecretName(options),
    ...(namespace !== undefined ? { namespace: assertDnsLabel('namespace', namespace) } : {}),
    labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
  }, stringData);
}
