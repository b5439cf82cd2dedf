import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../../primitives/k8s/manifest';
import { assertDnsLabel } from '../../primitives/k8s/names';
import { Text } from '../../primitives/secret-text';
import { secretObject } from '../../product/data-objects';
import { addonProxyValues, AddonProxyValues } from '../addon-proxy';
import { mergeValues, ValuesObject } from '../merge-values';
import { TkgClusterRef, tkgAddonSecret } from './tkg-addon-secret';
import { TKG_REMOTE_APP_ANNOTATION } from './tkg-metadata';
import { TkgValueFormOptions, tkgProxyValues } from './tkg-proxy-values';

/** Options of {@link kappControllerAddonSecret}. */
export interface KappControllerAddonOptions extends TkgClusterRef, TkgValueFormOptions {
  /**
   * Other data values under `kappController` (`namespace`, `deployment`, ...), beside `config`.
   * The kapp-controller package has defaults for all of them. Setting a proxy key is an error.
   *
   * @default - only `kappController.config`
   */
  readonly values?: ValuesObject;
}

/**
 * `kappController.config` (and the `kapp-controller-config` Secret's `stringData`): the keys
 * kapp-controller reads for its own fetches (carvel.dev kapp-controller docs, "Configuring the
 * Controller"): `httpProxy`, `httpsProxy`, `noProxy`, and `caCerts` (a PEM chain added to the
 * system trust pool) when the definition has a trusted CA.
 *
 * @param values the proxy values, by default the library's
 */
export function kappControllerProxyConfig(
  proxy: ClusterProxyConfig, values: AddonProxyValues = addonProxyValues(proxy, 'kapp-controller'),
): { [key: string]: Text } {
  return {
    ...(proxy.settings.trustedCa ? { caCerts: proxy.settings.trustedCa.pem } : {}),
    httpProxy: values.httpProxy,
    httpsProxy: values.httpsProxy,
    noProxy: values.noProxy,
  };
}

/**
 * `<cluster>-kapp-controller-addon`: the TKG addon Secret for kapp-controller in a workload
 * cluster, `kappController.config.{httpProxy,httpsProxy,noProxy[,caCerts]}`, with the
 * `remote-app` annotation and `addons-management/kapp-controller` type TKG gives it
 * (tanzu-framework `add_kapp-controller.yaml`).
 */
export function kappControllerAddonSecret(proxy: ClusterProxyConfig, options: KappControllerAddonOptions): SecretObject {
  const values = tkgProxyValues(proxy, 'TKG addon values', options);
  const proxyValues = { config: kappControllerProxyConfig(proxy, values) };
  return tkgAddonSecret({
    ...options,
    addonName: 'kapp-controller',
    addonType: 'addons-management/kapp-controller',
    annotations: { [TKG_REMOTE_APP_ANNOTATION]: 'true' },
    style: values.yamlStyle,
    values: { kappController: mergeValues('values', proxyValues, options.values) },
  });
}

/**
 * The `kapp-controller-config` Secret kapp-controller reads at start-up in its own namespace
 * (the name is fixed by kapp-controller). Use it where kapp-controller is installed from plain
 * manifests, e.g. inside a ClusterResourceSet, instead of through a TKG addon.
 *
 * @param namespace the namespace kapp-controller runs in (`kapp-controller` in its release YAML)
 */
export function kappControllerConfigSecret(proxy: ClusterProxyConfig, namespace: string): SecretObject {
  return secretObject({
    name: 'kapp-controller-config',
    namespace: assertDnsLabel('kappControllerNamespace', namespace),
    labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
  }, kappControllerProxyConfig(proxy));
}
