import { inspect } from 'node:util';
import { ClusterNetwork, ClusterProxyConfig, ProxySettings, renderSystemdDropIn } from '../../src/core';
import { NoProxyFormat } from '../../src/core/noproxy/render';

const password = 'p@ss:w/rd%#?"\' \\$!&';
const settings = new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'jdoe',
  password,
  noProxy: ['.corp.example', '10.0.0.0/8'],
});
const network = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.demo.corp.example' });

describe('ClusterProxyConfig', () => {
  test('computes NO_PROXY once: installation-wide part first, cluster-specific after', () => {
    const config = new ClusterProxyConfig(settings, network);
    expect(config.environment.noProxy).toBe(config.noProxy.render(NoProxyFormat.ENV));
    expect(config.noProxy.toJSON().installationWide).toEqual(['.corp.example', '10.0.0.0/8']);
    // the control-plane endpoint is covered by .corp.example, so it is not listed twice
    expect(config.noProxy.toJSON().clusterSpecific).not.toContain('api.demo.corp.example');
    expect(config.noProxy.toJSON().clusterSpecific).toContain('192.168.0.0/16');
    expect(config.environment.httpProxy).toBe('http://jdoe:p%40ss%3Aw%2Frd%25%23%3F%22%27%20%5C%24%21%26@proxy.corp.example:3128');
    expect(config.hasCredentials).toBe(true);
  });

  test('options switch off defaults and add cluster entries', () => {
    const config = new ClusterProxyConfig(settings, network, {
      noProxyDefaults: { machineCidrs: false, loopback: false },
      additionalNoProxy: ['registry.demo.internal'],
    });
    expect(config.environment.noProxy).not.toContain('localhost');
    expect(config.environment.noProxy).toContain('registry.demo.internal');
  });

  test('never shows the password when logged', () => {
    const config = new ClusterProxyConfig(settings, network);
    for (const shown of [String(config), JSON.stringify(config), inspect(config), `${config}`]) {
      expect(shown).toContain('jdoe:***@proxy.corp.example');
      expect(shown).not.toContain('p%40ss');
      expect(shown).not.toContain('p@ss');
    }
    // but the rendered node file carries it, escaped for systemd
    expect(renderSystemdDropIn(config.environment)).toContain('p%%40ss');
  });

  test('is deterministic', () => {
    const a = new ClusterProxyConfig(settings, network);
    const b = new ClusterProxyConfig(settings, network);
    expect(renderSystemdDropIn(a.environment)).toBe(renderSystemdDropIn(b.environment));
  });
});
