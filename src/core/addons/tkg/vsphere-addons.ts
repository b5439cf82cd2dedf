import { TkgClusterRef, tkgAddonSecret } from './tkg-addon-secret';
import { TkgValueFormOptions, tkgProxyValues } from './tkg-proxy-values';
import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { NoProxyClientId } from '../../noproxy/clients';
import { explainNoProxy } from '../../noproxy/explain';
import { EnvTokens } from '../../noproxy/render';
import { ProxyConfigError } from '../../primitives/errors';
import { SecretObject } from '../../primitives/k8s/manifest';
import { mergeValues, ValuesObject } from '../merge-values';

/** Options of the vSphere CPI and CSI addon Secrets. */
export interface VsphereAddonOptions extends TkgClusterRef, TkgValueFormOptions {
  /**
   * The rest of the package's data values under `vsphereCPI` / `vsphereCSI` (`server`,
   * `datacenter`, `username`, `password`, `region`, `zone`, ...), beside the proxy keys. The
   * TKG addons manager hands the whole document to the package, so without them the package falls
   * back to its defaults, which have no vCenter. Setting a proxy key here is an error.
   *
   * @default - only the proxy keys
   */
  readonly values?: ValuesObject;
}

/** The two vSphere addons TKG passes the proxy to (tanzu-framework `02_addons`). */
const VSPHERE_ADDONS = {
  cpi: { addonName: 'vsphere-cpi', addonType: 'cloud-provider/vsphere-cpi', valuesKey: 'vsphereCPI' },
  csi: { addonName: 'vsphere-csi', addonType: 'csi/vsphere-csi', valuesKey: 'vsphereCSI' },
} as const;

/**
 * `<cluster>-vsphere-cpi-addon`: the vSphere cloud provider's package values with
 * `vsphereCPI.http_proxy`, `https_proxy` and `no_proxy` (keys of the vsphere-cpi package,
 * 1.36.0+vmware.2-tkg.1 values reference).
 */
export function vsphereCpiAddonSecret(proxy: ClusterProxyConfig, options: VsphereAddonOptions): SecretObject {
  return vsphereAddonSecret(proxy, options, VSPHERE_ADDONS.cpi);
}

/**
 * `<cluster>-vsphere-csi-addon`: the vSphere CSI driver's package values with
 * `vsphereCSI.http_proxy`, `https_proxy` and `no_proxy` (as tanzu-framework's
 * `csi_addon_data.lib.yaml` writes them).
 */
export function vsphereCsiAddonSecret(proxy: ClusterProxyConfig, options: VsphereAddonOptions): SecretObject {
  return vsphereAddonSecret(proxy, options, VSPHERE_ADDONS.csi);
}

function vsphereAddonSecret(
  proxy: ClusterProxyConfig,
  options: VsphereAddonOptions,
  addon: typeof VSPHERE_ADDONS[keyof typeof VSPHERE_ADDONS],
): SecretObject {
  const values = tkgProxyValues(proxy, 'TKG addon values', options);
  assertVcenterBypassesProxy(proxy, values.noProxy);
  const proxyValues = { http_proxy: values.httpProxy, https_proxy: values.httpsProxy, no_proxy: values.noProxy };
  return tkgAddonSecret({
    ...options,
    addonName: addon.addonName,
    addonType: addon.addonType,
    style: values.yamlStyle,
    values: { [addon.valuesKey]: mergeValues('values', proxyValues, options.values) },
  });
}

/** Configurations whose vCenter is known to bypass the proxy: a cluster's CPI and CSI Secrets check it once (a configuration never changes). */
const VCENTER_CHECKED = new WeakSet<ClusterProxyConfig>();

/**
 * The CPI and CSI talk to vCenter directly; through a corporate proxy they usually cannot reach
 * it. TKG enforces the same (its ytt refuses a TKG_NO_PROXY without VSPHERE_SERVER), so the
 * vCenter must be a provider endpoint of the network and bypass the proxy for Go clients (both
 * components are Go programs) in the NO_PROXY the Secrets hold: the computed one, or the list in
 * the form asked for (`noProxy`), which is checked as it is.
 */
function assertVcenterBypassesProxy(proxy: ClusterProxyConfig, noProxy: string): void {
  const computed = noProxy === proxy.renderEnvironment.noProxy;
  if (computed && VCENTER_CHECKED.has(proxy)) {
    return;
  }
  const endpoints = proxy.network.providerEndpoints;
  if (endpoints.length === 0) {
    throw new ProxyConfigError('network.providerEndpoints',
      'must name the vCenter host for the vSphere CPI/CSI addons: they reach vCenter directly, so it must be in NO_PROXY (TKG refuses a TKG_NO_PROXY without VSPHERE_SERVER)');
  }
  // Go goes direct when any entry matches, so the cluster's NO_PROXY (the installation-wide
  // tokens, then the cluster's own) sends a host direct when either part alone does: the
  // installation-wide part is asked once per installation, each cluster asks only its own part.
  const go = NoProxyClientId.GO_STDLIB;
  const clusterTokens = EnvTokens.of(proxy.noProxy.clusterSpecific).value;
  for (const host of endpoints) {
    const url = `https://${host.includes(':') ? `[${host}]` : host}/`;
    // the installation's entries first, answered once for its clusters, then the cluster's own
    const bypasses = (tokens: string) => explainNoProxy(tokens, url, { clients: [go] })[0].direct;
    const direct = computed
      ? proxy.settings.installationNoProxy.answer(`${go} bypasses ${url}`, (part) => bypasses(part.env.value)) || bypasses(clusterTokens)
      : bypasses(noProxy);
    if (!direct) {
      const why = computed
        ? '(the providerEntries NO_PROXY category is switched off?)'
        : '(noProxyForm writes the entries as given and TKG\'s own: add the vCenter to noProxy)';
      throw new ProxyConfigError('network.providerEndpoints', `vCenter ${host} would be reached through the proxy ${why}; the vSphere CPI/CSI need it direct`);
    }
  }
  if (computed) {
    VCENTER_CHECKED.add(proxy);
  }
}
