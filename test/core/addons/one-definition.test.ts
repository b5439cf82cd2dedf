import { parse } from 'yaml';
import { giantSwarmProxySetup } from '../../../src/core/addons/giantswarm/setup';
import { HelmPresetName } from '../../../src/core/addons/helm/helm-presets';
import { helmPresetValues } from '../../../src/core/addons/helm/helm-values';
import { kustomizeProxyComponent } from '../../../src/core/addons/kustomize/kustomize-component';
import { proxyEnvSources } from '../../../src/core/addons/proxy-env-source';
import { tkgConfigValuesSecret } from '../../../src/core/addons/tkg/config-values';
import { kappControllerAddonSecret } from '../../../src/core/addons/tkg/kapp-controller';
import { YTT_DATA_VALUES_HEADER } from '../../../src/core/addons/tkg/tkg-metadata';
import { vsphereCpiAddonSecret } from '../../../src/core/addons/tkg/vsphere-addons';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { renderPodEnv } from '../../../src/core/render/pod-env';
import { vsphereProxy } from '../../support/fixtures/addons';

/**
 * Every addon output reads the same ClusterProxyConfig: node drop-ins, addon values, pod env,
 * Helm values, Kustomize patches and env objects carry byte-identical NO_PROXY and proxy URLs.
 */
describe('one definition, one NO_PROXY computation', () => {
  const proxy = vsphereProxy({}, true);
  const { httpProxy, httpsProxy, noProxy } = proxy.environment;

  test('node files, addon Secrets, app values, Helm values, Kustomize patches and pod env agree', () => {
    const node = nodeProxyBootstrap(proxy, { clusterName: 'wl', delivery: NodeProxyDelivery.SECRET, osFamily: OsFamily.UBUNTU }).secret!.stringData.containerdProxy;
    const dropInNoProxy = /Environment="NO_PROXY=([^"]*)"/.exec(node)![1].replace(/%%/g, '%');
    const cpi = parse(vsphereCpiAddonSecret(proxy, { clusterName: 'wl' }).stringData['values.yaml'].slice(YTT_DATA_VALUES_HEADER.length)).vsphereCPI;
    const kapp = parse(kappControllerAddonSecret(proxy, { clusterName: 'wl' }).stringData['values.yaml'].slice(YTT_DATA_VALUES_HEADER.length)).kappController.config;
    const tkg = parse(tkgConfigValuesSecret(proxy, { clusterName: 'wl' }).stringData.value);
    const gs = parse(giantSwarmProxySetup(proxy, { clusterName: 'wl', namespace: 'org-a' }).valuesSecret.stringData.values).cluster.proxy;
    const helm = helmPresetValues(proxy, HelmPresetName.CERT_MANAGER, { allowCredentialsInValues: true }).values;
    const kustomize = parse(kustomizeProxyComponent(proxy, { targets: [{ name: 'd', containers: [{ name: 'c' }] }], literalCredentials: true })['patches/deployment-d.yaml'])
      .spec.template.spec.containers[0].env;
    const envSource = proxyEnvSources(proxy, { namespaces: ['a'] })[0].stringData as any;
    const pod = Object.fromEntries(renderPodEnv(proxy.environment).map((v) => [v.name, v.value]));

    const noProxies = [dropInNoProxy, cpi.no_proxy, kapp.noProxy, tkg.TKG_NO_PROXY, gs.noProxy, helm.no_proxy,
      kustomize.find((v: any) => v.name === 'no_proxy').value, envSource.NO_PROXY, pod.NO_PROXY];
    expect(new Set(noProxies)).toEqual(new Set([noProxy]));
    const httpsProxies = [cpi.https_proxy, kapp.httpsProxy, tkg.TKG_HTTPS_PROXY, gs.https, helm.https_proxy,
      kustomize.find((v: any) => v.name === 'HTTPS_PROXY').value, envSource.https_proxy, pod.HTTPS_PROXY];
    expect(new Set(httpsProxies)).toEqual(new Set([httpsProxy]));
    expect(new Set([cpi.http_proxy, tkg.TKG_HTTP_PROXY, gs.http, helm.http_proxy, pod.http_proxy])).toEqual(new Set([httpProxy]));
    expect(kapp.caCerts).toBe(proxy.settings.trustedCa!.pem);
    expect(Buffer.from(tkg.TKG_PROXY_CA_CERT, 'base64').toString()).toBe(proxy.settings.trustedCa!.pem);
  });
});
