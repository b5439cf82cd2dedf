import type { AddonResourceSetOptions } from './cluster-resource-set';
import type { InClusterForwardProxyProps } from './forward-proxy/forward-proxy';
import type { GiantSwarmProxySetupOptions } from './giantswarm/setup';
import type { HelmProxyValuesOptions } from './helm/helm-values';
import type { KustomizeProxyComponentOptions } from './kustomize/kustomize-component';
import type { ProxyEnvSourceOptions } from './proxy-env-source';
import type { TkgProxyAddonsOptions } from './tkg/tkg-proxy-addons';
import { PropKeys, propKeys } from '../validation/strict-props';

/** The keys of the addon options, as data for the strict-props check. */

const OWNER: PropKeys<Pick<TkgProxyAddonsOptions, 'clusterName' | 'namespace'>> = { clusterName: true, namespace: true };

export const TKG_PROXY_ADDONS_KEYS = propKeys<TkgProxyAddonsOptions>({
  ...OWNER,
  vsphere: true,
  vsphereCpiValues: true,
  vsphereCsiValues: true,
  kappController: true,
  kappControllerValues: true,
  configValues: true,
  configValuesExtra: true,
});
export const ADDON_RESOURCE_SET_KEYS = propKeys<AddonResourceSetOptions>({
  ...OWNER,
  name: true,
  manifests: true,
  kappControllerNamespace: true,
  injectProxyEnv: true,
  strategy: true,
  clusterSelector: true,
  capiVersion: true,
});
export const GIANT_SWARM_SETUP_KEYS = propKeys<GiantSwarmProxySetupOptions>({
  ...OWNER, apps: true, configMap: true, systemdProxySecret: true, files: true, values: true,
});
export const PROXY_ENV_SOURCE_KEYS = propKeys<ProxyEnvSourceOptions>({ namespaces: true, name: true, kind: true });
export const FORWARD_PROXY_KEYS = propKeys<InClusterForwardProxyProps>({
  network: true,
  name: true,
  namespace: true,
  port: true,
  basicAuth: true,
  credentialsRevision: true,
  additionalAllowedCidrs: true,
  connectPorts: true,
  logLevel: true,
  noProxy: true,
  proxyOptions: true,
  image: true,
  tolerations: true,
  nodeSelector: true,
  resources: true,
  internalTrafficPolicy: true,
});
export const HELM_VALUES_KEYS = propKeys<HelmProxyValuesOptions>({
  namespace: true, secretName: true, allowCredentialsInValues: true, trustBundle: true,
});
export const KUSTOMIZE_COMPONENT_KEYS = propKeys<KustomizeProxyComponentOptions>({
  targets: true, includeSecret: true, secretName: true, literalCredentials: true,
});
