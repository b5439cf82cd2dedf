import { TkgClusterRef } from './tkg-addon-secret';
import { RESOURCE_SET_SECRET_TYPE, TKG_CLUSTER_NAME_LABEL } from './tkg-metadata';
import { TkgValueFormOptions, tkgProxyValues } from './tkg-proxy-values';
import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { CLUSTERCTL_MOVE_LABEL } from '../../primitives/k8s/cluster-labels';
import { MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../../primitives/k8s/manifest';
import { assertDnsLabel } from '../../primitives/k8s/names';
import { secretObject } from '../../product/data-objects';
import { mergeValues, ValuesObject } from '../merge-values';
import { renderSecretYaml } from '../yaml-text';

/** Options of {@link tkgConfigValuesSecret}. */
export interface TkgConfigValuesOptions extends TkgClusterRef, TkgValueFormOptions {
  /**
   * The rest of the cluster configuration (`CLUSTER_PLAN`, `INFRASTRUCTURE_PROVIDER`, ...). Setting
   * one of the proxy variables here is an error.
   *
   * @default - only CLUSTER_NAME, NAMESPACE and the proxy variables
   */
  readonly values?: ValuesObject;
}

/**
 * `<cluster>-config-values`: the cluster's configuration variables as TKG stores them
 * (`type: addons.cluster.x-k8s.io/resource-set`, YAML under `stringData.value`), with
 * `TKG_HTTP_PROXY_ENABLED`, `TKG_HTTP_PROXY`, `TKG_HTTPS_PROXY`, `TKG_NO_PROXY` (the complete
 * computed NO_PROXY; with `noProxyForm` `given` or `sorted` the entries as given, as TKG stores the
 * variable) and, with a trusted CA, `TKG_PROXY_CA_CERT` (base64 of the PEM bundle, as
 * TKG's variable takes it).
 */
export function tkgConfigValuesSecret(proxy: ClusterProxyConfig, options: TkgConfigValuesOptions): SecretObject {
  const clusterName = assertDnsLabel('clusterName', options.clusterName);
  const namespace = options.namespace === undefined ? undefined : assertDnsLabel('namespace', options.namespace);
  const values = tkgProxyValues(proxy, 'TKG cluster config values', options);
  const proxyValues: ValuesObject = {
    CLUSTER_NAME: clusterName,
    ...(namespace ? { NAMESPACE: namespace } : {}),
    TKG_HTTP_PROXY_ENABLED: true,
    TKG_HTTP_PROXY: values.httpProxy,
    TKG_HTTPS_PROXY: values.httpsProxy,
    TKG_NO_PROXY: values.configNoProxy,
    ...(proxy.settings.trustedCa ? { TKG_PROXY_CA_CERT: Buffer.from(proxy.settings.trustedCa.pem, 'utf8').toString('base64') } : {}),
  };
  return secretObject({
    name: `${clusterName}-config-values`,
    ...(namespace ? { namespace } : {}),
    labels: { [CLUSTERCTL_MOVE_LABEL]: '', [TKG_CLUSTER_NAME_LABEL]: clusterName, [MANAGED_BY_LABEL]: MANAGED_BY },
  }, { value: renderSecretYaml(mergeValues('values', proxyValues, options.values), values.yamlStyle) }, RESOURCE_SET_SECRET_TYPE);
}
