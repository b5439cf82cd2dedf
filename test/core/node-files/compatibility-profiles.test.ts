import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxyEnvironment } from '../../../src/core/definition/proxy-environment';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { COMPATIBILITY_PROFILE_NAMES, compatibilityProfile } from '../../../src/core/node-files/compatibility-profiles';
import { KubeadmFile } from '../../../src/core/node-files/kubeadm-file';

/**
 * Each profile against the node files its system writes, transcribed from that system's public
 * code and documentation (the templates below), filled with the same values: byte for byte where
 * the profile reproduces the system, and the library's own behaviour where the system's is harmful.
 */

const network = new ClusterNetwork({ pods: ['100.96.0.0/11'], services: ['100.64.0.0/13'], controlPlaneEndpoint: 'api.demo.corp.example' });

function proxyOf(settings: ProxySettingsProps): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings(settings), network);
}

function bootstrapOf(proxy: ClusterProxyConfig, profile: CompatibilityProfileName) {
  return nodeProxyBootstrap(proxy, { clusterName: 'demo', namespace: 'default', files: { profile } });
}

/** Upper-case `Environment=` lines, as TKG's http_proxy.lib.txt and EKS Anywhere's http-proxy.conf write them. */
function upperOnly(env: ProxyEnvironment): string {
  return `[Service]\nEnvironment="HTTP_PROXY=${env.httpProxy}"\nEnvironment="HTTPS_PROXY=${env.httpsProxy}"\nEnvironment="NO_PROXY=${env.noProxy}"`;
}

/** Giant Swarm's files/etc/systemd/http-proxy.conf: the upper-case block, then the lower-case one. */
function giantSwarmDropIn(env: ProxyEnvironment): string {
  return `${upperOnly(env)}\nEnvironment="http_proxy=${env.httpProxy}"\nEnvironment="https_proxy=${env.httpsProxy}"\nEnvironment="no_proxy=${env.noProxy}"\n`;
}

/** CAREN's templates/systemd.conf.tmpl: upper/lower pairs. */
function carenDropIn(env: ProxyEnvironment): string {
  return '[Service]\n'
    + `Environment="HTTP_PROXY=${env.httpProxy}"\nEnvironment="http_proxy=${env.httpProxy}"\n`
    + `Environment="HTTPS_PROXY=${env.httpsProxy}"\nEnvironment="https_proxy=${env.httpsProxy}"\n`
    + `Environment="NO_PROXY=${env.noProxy}"\nEnvironment="no_proxy=${env.noProxy}"\n`;
}

function dropIns(files: readonly KubeadmFile[]): KubeadmFile[] {
  return files.filter((file) => file.path.endsWith('.conf'));
}

function unmarked(commands: readonly string[]): string[] {
  return commands.map((command) => command.slice(0, -(PROXY_COMMAND_MARKER.length + 1)));
}

describe('TKG (TKG_HTTP_PROXY, TKG_HTTPS_PROXY: the values of the TKG proxy walkthrough)', () => {
  const settings = { httpProxy: 'http://asdf', httpsProxy: 'https://asdf2' };

  test.each([CompatibilityProfileName.TKG, CompatibilityProfileName.TKG_CLUSTERCLASS] as const)('%s: drop-ins byte for byte, export commands as TKG writes them', (profile) => {
    const proxy = proxyOf(settings);
    const result = bootstrapOf(proxy, profile);
    const content = `${upperOnly(proxy.environment)}\n`;
    expect(result.files).toEqual([
      { path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', owner: 'root:root', permissions: '0640', content },
      { path: '/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf', owner: 'root:root', permissions: '0640', content },
    ]);
    // TKG's `export HTTP_PROXY='…'` lines, after the library's restart and wait; and placed last.
    expect(unmarked(result.preKubeadmCommands).slice(-3)).toEqual([
      `export HTTP_PROXY='${proxy.environment.httpProxy}'`,
      `export HTTPS_PROXY='${proxy.environment.httpsProxy}'`,
      `export NO_PROXY='${proxy.environment.noProxy}'`,
    ]);
    expect(result.position).toBe('last');
  });

  test('with credentials the password stays out of the commands: env file from the Secret', () => {
    const result = bootstrapOf(proxyOf({ ...settings, username: 'svc', password: 'p%40ss' }), CompatibilityProfileName.TKG);
    expect(result.delivery).toBe('secret');
    expect(result.preKubeadmCommands.some((command) => command.includes('export '))).toBe(false);
    expect(result.files.map((file) => file.path)).toContain('/etc/cluster-proxy/proxy-env.sh');
    expect(result.secret!.stringData.containerdProxy).toContain('p%%2540ss'); // systemd escaping kept
  });
});

describe('Giant Swarm (global.connectivity.proxy, the proxy values of the Giant Swarm design doc)', () => {
  const settings = { httpProxy: 'http://192.168.52.220:3128', httpsProxy: 'http://192.168.52.220:3128', noProxy: ['172.16.0.0/16', 'internal.corpdomain.net', 'example.com'] };

  test('three drop-ins (containerd, kubelet, teleport), base64, 0644, no owner, upper block then lower block', () => {
    const proxy = proxyOf(settings);
    const result = bootstrapOf(proxy, CompatibilityProfileName.GIANTSWARM);
    const content = Buffer.from(giantSwarmDropIn(proxy.environment)).toString('base64');
    expect(dropIns(result.files)).toEqual(['containerd', 'kubelet', 'teleport'].map((unit) => ({
      path: `/etc/systemd/system/${unit}.service.d/http-proxy.conf`, permissions: '0644', content, encoding: 'base64',
    })));
    // The chart's exports: the upper-case block then the lower-case one (quoted here).
    expect(unmarked(result.preKubeadmCommands).filter((command) => command.startsWith('export ')).map((command) => command.split('=')[0]))
      .toEqual(['export HTTP_PROXY', 'export HTTPS_PROXY', 'export NO_PROXY', 'export http_proxy', 'export https_proxy', 'export no_proxy']);
  });

  test('with the documented credentials: Secret <cluster>-systemd-proxy, 0640, a revision command to roll the machines', () => {
    const proxy = proxyOf({ ...settings, username: 'myProxyUser', password: 'mySuperSecretPassword' });
    const result = bootstrapOf(proxy, CompatibilityProfileName.GIANTSWARM);
    expect(result.secret!.metadata.name).toBe('demo-systemd-proxy');
    expect(result.secret!.stringData.containerdProxy).toBe(giantSwarmDropIn(proxy.environment));
    expect(dropIns(result.files).every((file) => file.permissions === '0640' && file.contentFrom?.secret.name === 'demo-systemd-proxy')).toBe(true);
    expect(result.preKubeadmCommands[0]).toMatch(/^: node proxy files revision /);
    expect(JSON.stringify(result.files) + result.preKubeadmCommands.join()).not.toContain('mySuperSecretPassword');
  });
});

describe('CAREN (clusterConfig.proxy: the example of the CAREN HTTP proxy page)', () => {
  test('containerd and kubelet drop-ins byte for byte (owner root, 0640, pairs); no kubeadm exports; placed last', () => {
    const proxy = proxyOf({ httpProxy: 'http://example.com', httpsProxy: 'https://example.com', noProxy: ['no-proxy.example.com'] });
    const result = bootstrapOf(proxy, CompatibilityProfileName.CAREN);
    const content = carenDropIn(proxy.environment);
    expect(result.files).toEqual([
      { path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', owner: 'root', permissions: '0640', content },
      { path: '/etc/systemd/system/kubelet.service.d/http-proxy.conf', owner: 'root', permissions: '0640', content },
    ]);
    expect(result.preKubeadmCommands.some((command) => command.includes('export ') || command.startsWith('. '))).toBe(false);
    expect(result.position).toBe('last');
  });
});

describe('EKS Anywhere (spec.proxyConfiguration: the documented host:port values, with the scheme the importer adds)', () => {
  const settings = { httpProxy: 'http://1.2.3.4:8888', httpsProxy: 'http://1.2.3.4:8888', noProxy: ['10.0.0.0/8'] };

  test('one containerd drop-in, upper case only, owner root:root, no permissions; differs only by the final newline', () => {
    const proxy = proxyOf(settings);
    const result = bootstrapOf(proxy, CompatibilityProfileName.EKS_ANYWHERE);
    expect(result.files).toEqual([{ path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', owner: 'root:root', content: `${upperOnly(proxy.environment)}\n` }]);
    expect(result.preKubeadmCommands.some((command) => command.includes('export ') || command.startsWith('. '))).toBe(false);
  });

  test('with credentials the mode stays 0640', () => {
    const result = bootstrapOf(proxyOf({ ...settings, username: 'svc', password: 'secret' }), CompatibilityProfileName.EKS_ANYWHERE);
    expect(result.files.map((file) => file.permissions)).toEqual(['0640']);
  });
});

describe('the migration pages', () => {
  const pages: Record<CompatibilityProfileName, string> = {
    'tkg': 'tkg.md', 'tkg-clusterclass': 'tkg.md', 'giantswarm': 'giantswarm.md', 'caren': 'caren.md', 'eks-anywhere': 'eks-anywhere.md',
  };

  test.each(COMPATIBILITY_PROFILE_NAMES)('%s: its page lists every point where the library keeps its own behaviour', (name) => {
    const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'migration', pages[name]), 'utf8');
    for (const difference of compatibilityProfile(name).kept) {
      expect(page).toContain(difference.point);
    }
  });
});
