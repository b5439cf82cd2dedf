/**
 * `console.log` and `util.inspect` of any construct tree, at any depth, never print a credential:
 * every construct is built with the literal source (the library writes the Secrets) and hostile
 * credentials, then the construct tree is inspected from the app down with unlimited depth and
 * hidden properties, and searched for the passwords in every encoding. (The user name is shown, as
 * in the redacted URLs `http://user:***@proxy`.)
 */
import { inspect } from 'node:util';
import { App, Chart } from 'cdk8s';
import { EVERY_CONSTRUCT } from './every-construct';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { CA_1, demoNetwork } from '../support/fixtures/cluster';
import { credentialForms } from '../support/fixtures/credential-leaks';

const USERNAME = 'svc-Us3rName';
const PASSWORD = 'p@ss:w/rd %41 "q" ü S3cret';
const BASIC_AUTH = 'B4sicAuth-pw';

describe.each(EVERY_CONSTRUCT)('%s', (_name, build) => {
  test('util.inspect of the app, at any depth, shows no credential', () => {
    const app = new App();
    const chart = new Chart(app, 'chart');
    const proxy = new ClusterProxyConfig(new ProxySettings({
      httpProxy: 'http://proxy.corp.example:3128',
      httpsProxy: 'http://proxy.corp.example:3128',
      username: USERNAME,
      password: PASSWORD,
      trustedCaPem: CA_1,
    }), demoNetwork());
    build(chart, proxy, BASIC_AUTH);
    const forms = [...credentialForms(PASSWORD), ...credentialForms(BASIC_AUTH)];
    // the synthesized Secrets hold a credential, so the search below is not vacuous
    const yaml = app.synthYaml();
    expect(forms.some((form) => yaml.includes(form))).toBe(true);
    const printed = [inspect(app, { depth: Infinity, showHidden: true }), inspect(chart, { depth: Infinity })].join('\n');
    const leaks = forms.filter((form) => printed.includes(form));
    expect(leaks).toEqual([]);
  });
});
