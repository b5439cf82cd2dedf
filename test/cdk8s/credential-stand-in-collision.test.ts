/**
 * With a credential source the library never sees, everything is rendered with stand-ins for the
 * credentials, and the Secret values holding them become templates of the real ones. A user value
 * that happens to read like a stand-in (a TKG addon value, here the vSphere datacenter) must stay
 * the user's text: were it templated, the operator (or `render-secret`) would write the password
 * into it.
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

/** What the stand-ins were before they depended on the definition, in each rendered form. */
const PUBLIC_STAND_IN_FORMS = ['cpxpasswordmarker%25', 'cpxpasswordmarker%%25', 'cpxpasswordmarker%', 'cpxusermarker%25'];

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

describe.each(Object.entries(SOURCES))('a user value that reads like a credential stand-in (%s)', (_name, source) => {
  test.each(PUBLIC_STAND_IN_FORMS)('%s stays the user\'s text in the template', (value) => {
    const template = cpiTemplate(source, value);
    // the value is kept as written (JSON-escaped as the template is here)...
    expect(template).toContain(JSON.stringify(`datacenter: ${value}`).slice(1, -1));
    // ...and the template holds the credential exactly where it does for an ordinary value
    expect(credentialTokens(template)).toBe(credentialTokens(cpiTemplate(source, '/dc0')));
    expect(credentialTokens(template)).toBeGreaterThan(0);
  });
});

test('the stand-ins depend on the non-secret definition only, and never appear in the output', () => {
  const standIn = (props: object) => new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', credentialSource: SOURCES.externalSecret, ...props }).httpProxy!.password;
  expect(standIn({})).toBe(standIn({}));
  expect(standIn({ noProxy: ['.corp.example'] })).not.toBe(standIn({}));
  expect(standIn({})).not.toBe(new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', credentialSource: SOURCES.existingSecret }).httpProxy!.password);
  for (const source of Object.values(SOURCES)) {
    expect(cpiTemplate(source, '/dc0')).not.toMatch(/cpx(user|password)marker/);
  }
});
