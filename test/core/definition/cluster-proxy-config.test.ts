import { inspect } from 'node:util';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { NoProxy } from '../../../src/core/noproxy/no-proxy';
import { NoProxyFormat } from '../../../src/core/noproxy/render';
import { renderSystemdDropIn } from '../../../src/core/render/systemd';

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

  test('the clusters of one settings share its installation-wide NO_PROXY part: parsed once, normalized once', () => {
    const fleetSettings = new ProxySettings({
      httpProxy: 'http://proxy.corp.example:3128',
      noProxy: ['.corp.example', 'registry.corp.example', '10.0.0.0/8', '10.1.0.0/16', '.corp.example', 'fd00::/64'],
    });
    const first = new ClusterProxyConfig(fleetSettings, network);
    const otherNetwork = new ClusterNetwork({ pods: ['172.16.0.0/16'], services: ['172.17.0.0/16'], controlPlaneEndpoint: 'api.other.example' });
    const second = new ClusterProxyConfig(fleetSettings, otherNetwork);
    expect(second.noProxy.installationWide).toBe(first.noProxy.installationWide);
    // the settings' own parsed entries, not parsed again from their text
    const kept = [0, 2, 5].map((index) => fleetSettings.noProxy[index]);
    expect(first.noProxy.installationWide.map((item) => item.entry)).toEqual(kept);
    first.noProxy.installationWide.forEach((item, index) => expect(item.entry).toBe(kept[index]));
    const installationDropped = (config: ClusterProxyConfig) => config.noProxy.dropped.filter(({ item }) => item.part === 'installation-wide');
    expect(installationDropped(first).map(({ item }) => formatNoProxyEntry(item.entry))).toEqual(['registry.corp.example', '10.1.0.0/16', '.corp.example']);
    installationDropped(second).forEach((dropped, index) => expect(dropped).toBe(installationDropped(first)[index]));
  });

  test('the shared installation-wide part gives what NoProxy.forCluster gives from the entry text', () => {
    const fleetSettings = new ProxySettings({
      httpProxy: 'http://proxy.corp.example:3128',
      noProxy: ['.corp.example', 'registry.corp.example', '10.0.0.0/8', '10.1.0.0/16', '.corp.example', '192.168.0.0/16', '.svc'],
    });
    const options = { noProxyDefaults: { loopback: false }, additionalNoProxy: ['registry.demo.internal', '10.2.3.4', 'x.corp.example'] };
    const config = new ClusterProxyConfig(fleetSettings, network, options);
    const fromText = NoProxy.forCluster(network, {
      installationWide: fleetSettings.noProxy.map(formatNoProxyEntry),
      additionalClusterSpecific: options.additionalNoProxy,
      defaults: options.noProxyDefaults,
    });
    expect(config.noProxy.entries).toEqual(fromText.entries);
    expect(config.noProxy.dropped).toEqual(fromText.dropped);
    expect(config.noProxy.dropped.length).toBeGreaterThan(3); // installation-wide and cluster-specific items dropped, in that order
    for (const format of Object.values(NoProxyFormat)) {
      expect(config.noProxy.render(format)).toBe(fromText.render(format));
    }
    expect(config.environment.noProxy).toBe(fromText.render());
    expect(config.publicEnvironment.noProxy).toBe(fromText.render());
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
