/**
 * With a credential source the library never sees, the proxy URLs hold slots for the credentials,
 * and the Secret values holding slots become templates of the real ones. A user value that happens
 * to read like a placeholder (of the stand-ins once used, or of the tokens the YAML renderer writes
 * for slots; a TKG addon value, here the vSphere datacenter) must stay the user's text: were it
 * templated, the operator (or `render-secret`) would write the password into it.
 */
import { Testing } from 'cdk8s';
import { proxyWith } from './credential-source-fixtures';
import { TkgProxyAddons } from '../../src/cdk8s';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { SECRET_TEMPLATE_KEY } from '../../src/core/credentials/secret-template';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { Provider } from '../../src/core/primitives/providers';
import { demoNetwork } from '../support/fixtures/cluster';

const SOURCES = {
  externalSecret: CredentialSource.externalSecret({ storeName: 'vault', username: { key: 'infra/proxy', property: 'username' }, password: { key: 'infra/proxy', property: 'password' } }),
  existingSecret: CredentialSource.existingSecret(),
};

/** Placeholders: the stand-ins once used, in each rendered form, and the YAML renderer's slot tokens. */
const PLACEHOLDER_FORMS = ['cpxpasswordmarker%25', 'cpxpasswordmarker%%25', 'cpxpasswordmarker%', 'cpxusermarker%25', 'slot0x', 'slot1x slot2x', 'slotz0x'];

/** The templated data of the vSphere CPI addon Secret, as the source emits it. */
function cpiTemplate(source: CredentialSource, datacenter: string): string {
  const chart = Testing.chart();
  const proxy = proxyWith({ credentialSource: source });
  new TkgProxyAddons(chart, 'Tkg', {
    proxy: new ClusterProxyConfig(proxy.settings, demoNetwork({ provider: Provider.VSPHERE, providerEndpoints: ['vcenter.lab.example'] })),
    clusterName: 'wl',
    namespace: 'default',
    vsphereCpiValues: { server: 'vcenter.lab.example', datacenter },
  });
  const manifests = Testing.synth(chart);
  const external = manifests.find((m) => m.kind === 'ExternalSecret' && m.metadata.name === 'wl-vsphere-cpi-addon');
  if (external) {
    return JSON.stringify(external.spec.target.template.data);
  }
  const template = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'wl-vsphere-cpi-addon.secret-template');
  return template.data[SECRET_TEMPLATE_KEY];
}

const credentialTokens = (template: string): number => template.split('{{ .password').length - 1;

describe.each(Object.entries(SOURCES))('a user value that reads like a credential placeholder (%s)', (_name, source) => {
  test.each(PLACEHOLDER_FORMS)('%s stays the user\'s text in the template', (value) => {
    const template = cpiTemplate(source, value);
    // the value is kept as written (JSON-escaped as the template is here)...
    expect(template).toContain(JSON.stringify(`datacenter: ${value}`).slice(1, -1));
    // ...and the template holds the credential exactly where it does for an ordinary value
    expect(credentialTokens(template)).toBe(credentialTokens(cpiTemplate(source, '/dc0')));
    expect(credentialTokens(template)).toBeGreaterThan(0);
  });
});

test.each(Object.entries(SOURCES))('the settings hold no stand-in: the URL has slots, which refuse every use as text (%s)', (_name, source) => {
  const settings = new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', credentialSource: source });
  const url = settings.httpProxy!;
  expect(url.hasCredentials).toBe(true);
  expect(url.username).toBeUndefined();
  expect(url.password).toBeUndefined();
  expect(url.redacted).toBe('http://***:***@proxy.corp.example:3128');
  expect(() => url.href).toThrow(/^href: holds credentials known only to their source/);
  const environment = new ClusterProxyConfig(settings, demoNetwork()).environment;
  for (const use of [() => `${environment.httpProxy}`, () => JSON.stringify(environment.httpProxy), () => String(environment.httpProxy)]) {
    expect(use).toThrow(/^credentialSource: the proxy credentials are known only to their source/);
  }
  expect(JSON.stringify(environment)).toBe(JSON.stringify({ httpProxy: 'http://proxy.corp.example:3128', noProxy: environment.noProxy }));
});
