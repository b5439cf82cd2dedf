import { checkProxyConfig, ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { proxyVariables } from '../definition/proxy-environment';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { parseEither } from '../primitives/validation/one-of';
import { checkProps, propKeys } from '../primitives/validation/strict-props';
import { configMapObject, secretObject } from '../product/data-objects';

/** Kind of the shared object holding the proxy variables. */
export enum ProxyEnvSourceKind {
  /** A ConfigMap (no credentials). */
  CONFIG_MAP = 'ConfigMap',
  /** A Secret (needed when the proxy URLs carry credentials). */
  SECRET = 'Secret',
}

/** Options of `proxyEnvSources`. */
export interface ProxyEnvSourceOptions {
  /** Namespaces to create the object in (one per namespace: `envFrom` reads only its own). */
  readonly namespaces: string[];
  /**
   * Object name, the same in every namespace.
   *
   * @default 'proxy-config'
   */
  readonly name?: string;
  /**
   * `ConfigMap` (read with `envFrom`) for proxies without credentials; `Secret` when the URLs carry
   * credentials (a ConfigMap with a password is refused).
   *
   * @default - 'Secret' when the URLs carry credentials, otherwise 'ConfigMap'
   */
  readonly kind?: ProxyEnvSourceKind;
}

const KINDS = Object.values(ProxyEnvSourceKind);
const PROXY_ENV_SOURCE_KEYS = propKeys<ProxyEnvSourceOptions>({ namespaces: true, name: true, kind: true });

/** Default name of the shared proxy object. */
export const DEFAULT_PROXY_ENV_SOURCE_NAME = 'proxy-config';

/**
 * One object per namespace whose keys are the six proxy variables (`HTTP_PROXY`, `http_proxy`,
 * `HTTPS_PROXY`, `https_proxy`, `NO_PROXY`, `no_proxy`), for containers that take them all with
 * `envFrom` ({@link proxyEnvFrom}). A ConfigMap is readable by anyone who may read the namespace,
 * so URLs with credentials go into a Secret; asking for a ConfigMap then is an error.
 */
export function proxyEnvSources(proxy: ClusterProxyConfig, options: ProxyEnvSourceOptions): KubeObject[] {
  checkProxyConfig('proxy', proxy, '');
  checkProps('', options, PROXY_ENV_SOURCE_KEYS, 'proxy env source option');
  const kind = parseEither('kind', options.kind ?? (proxy.hasCredentials ? ProxyEnvSourceKind.SECRET : ProxyEnvSourceKind.CONFIG_MAP), KINDS);
  if (kind === ProxyEnvSourceKind.CONFIG_MAP && proxy.hasCredentials) {
    throw new ProxyConfigError('kind', 'must be "Secret": the proxy URLs carry credentials, and a ConfigMap is readable by anyone who can read the namespace');
  }
  if (!Array.isArray(options.namespaces) || options.namespaces.length === 0) {
    throw invalidValue('namespaces', options.namespaces, 'must list at least one namespace');
  }
  const name = assertObjectName('name', options.name ?? DEFAULT_PROXY_ENV_SOURCE_NAME);
  const data = Object.fromEntries(proxyVariables(proxy.renderEnvironment).map(({ name: key, value }) => [key, value]));
  return [...new Set(options.namespaces)].map((namespace, i) => {
    const metadata = { name, namespace: assertDnsLabel(`namespaces[${i}]`, namespace), labels: { [MANAGED_BY_LABEL]: MANAGED_BY } };
    return kind === ProxyEnvSourceKind.SECRET
      ? secretObject(metadata, { ...data })
      : configMapObject(metadata, { ...data });
  });
}

/** A reference to an object in the same namespace, by name. */
export interface LocalObjectName {
  /** The object's name. */
  readonly name: string;
}

/** A container `envFrom` entry: exactly one of its references is set. */
export interface ProxyEnvFromSource {
  /** The shared ConfigMap. @default - none (a Secret) */
  readonly configMapRef?: LocalObjectName;
  /** The shared Secret. @default - none (a ConfigMap) */
  readonly secretRef?: LocalObjectName;
}

/** The container `envFrom` entry reading the shared object. */
export function proxyEnvFrom(kind: ProxyEnvSourceKind, name: string = DEFAULT_PROXY_ENV_SOURCE_NAME): ProxyEnvFromSource {
  const secret = parseEither('kind', kind, KINDS) === ProxyEnvSourceKind.SECRET;
  const ref = { name: assertObjectName('name', name) };
  return secret ? { secretRef: ref } : { configMapRef: ref };
}
