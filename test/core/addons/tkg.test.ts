import { parse } from 'yaml';
import { tkgConfigValuesSecret } from '../../../src/core/addons/tkg/config-values';
import { kappControllerAddonSecret } from '../../../src/core/addons/tkg/kapp-controller';
import { YTT_DATA_VALUES_HEADER } from '../../../src/core/addons/tkg/tkg-metadata';
import { tkgProxyAddonSecrets } from '../../../src/core/addons/tkg/tkg-proxy-addons';
import { vsphereCpiAddonSecret, vsphereCsiAddonSecret } from '../../../src/core/addons/tkg/vsphere-addons';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { NoProxyForm } from '../../../src/core/node-files/options';
import { Provider } from '../../../src/core/primitives/providers';
import { anonymousProxy, testCaPem, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects } from '../../support/schemas';

/** The ytt data values of an addon Secret, after checking the header kapp-controller requires. */
function dataValues(secret: { stringData: { readonly [key: string]: string } }): any {
  const text = secret.stringData['values.yaml'];
  expect(text.startsWith(YTT_DATA_VALUES_HEADER)).toBe(true);
  return parse(text.slice(YTT_DATA_VALUES_HEADER.length));
}

describe('TKG vSphere CPI/CSI addon Secrets', () => {
  const proxy = vsphereProxy();
  const env = proxy.environment;

  test('the CPI Secret has the type, labels, annotation and values TKG writes', () => {
    const secret = vsphereCpiAddonSecret(proxy, { clusterName: 'wl', namespace: 'default' });
    expect(secret.metadata).toMatchObject({
      name: 'wl-vsphere-cpi-addon',
      namespace: 'default',
      labels: { 'tkg.tanzu.vmware.com/addon-name': 'vsphere-cpi', 'tkg.tanzu.vmware.com/cluster-name': 'wl', 'clusterctl.cluster.x-k8s.io/move': '' },
      annotations: { 'tkg.tanzu.vmware.com/addon-type': 'cloud-provider/vsphere-cpi' },
    });
    expect(secret.type).toBe('tkg.tanzu.vmware.com/addon');
    expect(dataValues(secret)).toEqual({ vsphereCPI: { http_proxy: env.httpProxy, https_proxy: env.httpsProxy, no_proxy: env.noProxy } });
    expectValidObjects([secret]);
  });

  test('the CSI Secret uses vsphereCSI and csi/vsphere-csi', () => {
    const secret = vsphereCsiAddonSecret(proxy, { clusterName: 'wl' });
    expect(secret.metadata.name).toBe('wl-vsphere-csi-addon');
    expect(secret.metadata.namespace).toBeUndefined();
    expect(secret.metadata.annotations).toEqual({ 'tkg.tanzu.vmware.com/addon-type': 'csi/vsphere-csi' });
    expect(dataValues(secret).vsphereCSI.no_proxy).toBe(env.noProxy);
    expectValidObjects([secret]);
  });

  test('the password survives YAML unchanged, percent-encoded in the URL', () => {
    const values = dataValues(vsphereCpiAddonSecret(proxy, { clusterName: 'wl' }));
    expect(values.vsphereCPI.http_proxy).toBe(proxy.settings.httpProxy!.href);
    expect(new URL(values.vsphereCPI.http_proxy).password).toBe(new URL(proxy.settings.httpProxy!.href).password);
  });

  test('extra package values go beside the proxy keys; a proxy key there is refused', () => {
    const secret = vsphereCpiAddonSecret(proxy, { clusterName: 'wl', values: { server: 'vcenter.lab.example', datacenter: 'dc0' } });
    expect(Object.keys(dataValues(secret).vsphereCPI)).toEqual(['server', 'datacenter', 'http_proxy', 'https_proxy', 'no_proxy']);
    expect(() => vsphereCpiAddonSecret(proxy, { clusterName: 'wl', values: { no_proxy: 'x' } }))
      .toThrow('values.no_proxy: is set by the proxy definition');
  });

  test('the vCenter must bypass the proxy: missing endpoint, or its category switched off', () => {
    const settings = proxy.settings;
    const noEndpoint = new ClusterProxyConfig(settings, new ClusterNetwork({ pods: ['100.96.0.0/11'], services: ['100.64.0.0/13'], provider: Provider.VSPHERE }));
    expect(() => vsphereCpiAddonSecret(noEndpoint, { clusterName: 'wl' })).toThrow(/^network\.providerEndpoints: must name the vCenter host/);
    const switchedOff = new ClusterProxyConfig(settings, proxy.network, { noProxyDefaults: { providerEntries: false } });
    expect(() => vsphereCsiAddonSecret(switchedOff, { clusterName: 'wl' })).toThrow('vCenter vcenter.lab.example would be reached through the proxy');
    // covered by an installation-wide suffix instead: fine
    const covered = new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://p:3128', httpsProxy: 'http://p:3128', noProxy: ['.lab.example'] }),
      proxy.network, { noProxyDefaults: { providerEntries: false } });
    expect(() => vsphereCsiAddonSecret(covered, { clusterName: 'wl' })).not.toThrow();
  });

  test('both proxy URLs are required (TKG ignores a half-configured proxy)', () => {
    const onlyHttps = new ClusterProxyConfig(new ProxySettings({ httpsProxy: 'http://p:3128' }), proxy.network);
    expect(() => vsphereCpiAddonSecret(onlyHttps, { clusterName: 'wl' })).toThrow(/^httpProxy: TKG addon values need both httpProxy and httpsProxy/);
  });

  test('a "*" NO_PROXY is refused like the TKG CLI does', () => {
    const star = new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://p:3128', httpsProxy: 'http://p:3128', noProxy: ['*'] }), proxy.network);
    expect(() => tkgConfigValuesSecret(star, { clusterName: 'wl' })).toThrow('noProxy: must not be "*" for TKG');
  });

  test('bad names are refused naming the field', () => {
    expect(() => vsphereCpiAddonSecret(proxy, { clusterName: 'WL_1' })).toThrow(/^clusterName: must be a DNS-1123 label/);
    expect(() => vsphereCpiAddonSecret(proxy, { clusterName: 'wl', namespace: 'No' })).toThrow(/^namespace:/);
  });
});

describe('TKG kapp-controller addon Secret', () => {
  test('kappController.config has the proxy, and caCerts only with a trusted CA', () => {
    const plain = kappControllerAddonSecret(anonymousProxy(), { clusterName: 'wl', namespace: 'default' });
    expect(plain.metadata.name).toBe('wl-kapp-controller-addon');
    expect(plain.metadata.annotations).toEqual({
      'tkg.tanzu.vmware.com/addon-type': 'addons-management/kapp-controller',
      'tkg.tanzu.vmware.com/remote-app': 'true',
    });
    expect(dataValues(plain).kappController.config).toEqual({
      httpProxy: 'http://proxy.corp.example:3128',
      httpsProxy: 'http://proxy.corp.example:3128',
      noProxy: anonymousProxy().environment.noProxy,
    });
    const withCa = vsphereProxy({}, true);
    const config = dataValues(kappControllerAddonSecret(withCa, { clusterName: 'wl', values: { namespace: 'tkg-system' } })).kappController;
    expect(config.namespace).toBe('tkg-system');
    expect(config.config.caCerts).toBe(testCaPem());
    expectValidObjects([plain]);
  });
});

describe('TKG <cluster>-config-values Secret', () => {
  test('TKG_* proxy variables, CA base64, the resource-set type and move label', () => {
    const proxy = vsphereProxy({}, true);
    const secret = tkgConfigValuesSecret(proxy, { clusterName: 'wl', namespace: 'default', values: { CLUSTER_PLAN: 'dev' } });
    expect(secret.type).toBe('addons.cluster.x-k8s.io/resource-set');
    expect(secret.metadata).toMatchObject({ name: 'wl-config-values', labels: { 'clusterctl.cluster.x-k8s.io/move': '', 'tkg.tanzu.vmware.com/cluster-name': 'wl' } });
    const values = parse(secret.stringData.value);
    expect(values).toEqual({
      CLUSTER_PLAN: 'dev',
      CLUSTER_NAME: 'wl',
      NAMESPACE: 'default',
      TKG_HTTP_PROXY_ENABLED: true,
      TKG_HTTP_PROXY: proxy.environment.httpProxy,
      TKG_HTTPS_PROXY: proxy.environment.httpsProxy,
      TKG_NO_PROXY: proxy.environment.noProxy,
      TKG_PROXY_CA_CERT: Buffer.from(testCaPem()).toString('base64'),
    });
    expect(() => tkgConfigValuesSecret(proxy, { clusterName: 'wl', values: { TKG_NO_PROXY: 'x' } })).toThrow('values.TKG_NO_PROXY: is set by the proxy definition');
    expect(() => tkgConfigValuesSecret(proxy, { clusterName: 'wl', values: { VSPHERE_DATACENTER: '/dc\u00001' } })).toThrow(/^values\.VSPHERE_DATACENTER: must not contain a NUL character$/);
    expect(() => tkgConfigValuesSecret(proxy, { clusterName: 'wl', values: { CLUSTER_PLAN: NaN } })).toThrow(/^values\.CLUSTER_PLAN: must be a finite number/);
    expectValidObjects([secret]);
  });
});

describe('TKG\'s own NO_PROXY and URLs (noProxyForm, urlPortAsGiven)', () => {
  const covered = vsphereProxy({ httpProxy: 'http://proxy.corp.example', httpsProxy: 'http://proxy.corp.example', noProxy: ['.corp.example', '10.0.0.0/8', '.lab.example'] });
  const tkgList = '.corp.example,10.0.0.0/8,.lab.example,100.64.0.0/13,100.96.0.0/11,localhost,127.0.0.1,.svc,.svc.cluster.local';

  test('given: the addons get TKG\'s list, the config values the entries as given; the URLs keep their credentials', () => {
    const [cpi, csi, kapp, config] = tkgProxyAddonSecrets(covered, { clusterName: 'wl', noProxyForm: NoProxyForm.GIVEN, urlPortAsGiven: true });
    expect(dataValues(cpi).vsphereCPI.no_proxy).toBe(tkgList);
    expect(dataValues(csi).vsphereCSI.no_proxy).toBe(tkgList);
    expect(dataValues(kapp).kappController.config.noProxy).toBe(tkgList);
    const values = parse(config.stringData.value);
    expect(values.TKG_NO_PROXY).toBe('.corp.example,10.0.0.0/8,.lab.example');
    expect(values.TKG_HTTP_PROXY).toBe(String(covered.environment.httpProxy).replace(':80', ''));
    expect(values.TKG_HTTP_PROXY).toMatch(/^http:\/\/svc-k8s:[^@]+@proxy\.corp\.example$/);
    expect(dataValues(cpi).vsphereCPI.https_proxy).toBe(values.TKG_HTTP_PROXY);
  });

  test('sorted sorts both lists; the port is written unless asked otherwise', () => {
    const [cpi, , config] = tkgProxyAddonSecrets(covered, { clusterName: 'wl', noProxyForm: NoProxyForm.SORTED, kappController: false });
    expect(dataValues(cpi).vsphereCPI.no_proxy).toBe(tkgList.split(',').sort().join(','));
    expect(parse(config.stringData.value).TKG_NO_PROXY).toBe('.corp.example,.lab.example,10.0.0.0/8');
    expect(dataValues(cpi).vsphereCPI.http_proxy).toMatch(/@proxy\.corp\.example:80$/);
  });

  test('the vCenter check reads the list written: given entries that miss it are refused', () => {
    expect(() => vsphereCpiAddonSecret(vsphereProxy(), { clusterName: 'wl', noProxyForm: NoProxyForm.GIVEN }))
      .toThrow('vCenter vcenter.lab.example would be reached through the proxy (noProxyForm writes the entries as given and TKG\'s own: add the vCenter to noProxy)');
  });

  test('compactSequences writes the lists among the values given at their key\'s column, as ytt does', () => {
    const values = { deployment: { tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }] } };
    const text = (compactSequences: boolean) => kappControllerAddonSecret(covered, { clusterName: 'wl', values, compactSequences }).stringData['values.yaml'];
    expect(text(true)).toContain('    tolerations:\n    - key: CriticalAddonsOnly\n      operator: Exists\n');
    expect(text(false)).toContain('    tolerations:\n      - key: CriticalAddonsOnly\n        operator: Exists\n');
    expect(parse(text(true))).toEqual(parse(text(false)));
  });

  test('bad values are refused naming the option', () => {
    expect(() => tkgProxyAddonSecrets(covered, { clusterName: 'wl', noProxyForm: 'asGiven' as NoProxyForm })).toThrow(/^noProxyForm: must be one of "expanded", "given", "sorted"/);
    expect(() => tkgProxyAddonSecrets(covered, { clusterName: 'wl', urlPortAsGiven: 'yes' as unknown as boolean })).toThrow(/^urlPortAsGiven: must be true or false/);
    expect(() => tkgProxyAddonSecrets(covered, { clusterName: 'wl', compactSequences: 1 as unknown as boolean })).toThrow(/^compactSequences: must be true or false/);
  });
});
