import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { nodeChangesText } from '../../../src/cli/import-formats';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeChanges } from '../../../src/core/import/node-changes';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { redactCredentials } from '../../../src/core/primitives/credential-mask';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';

/** "What changes on my nodes": a system's current kubeadm objects against the library's. */

const fixture = (name: string): string => readFileSync(join(__dirname, '..', '..', 'fixtures', 'import', name), 'utf8');

describe('nodeChanges', () => {
  test('TKG\'s control plane: same paths (profile tkg), new values, the library\'s commands replacing TKG\'s', () => {
    const { config, imported } = importProxy(ImportSource.TKG, fixture('tkg-cluster-config.yaml'));
    const [changes] = nodeChanges([parse(fixture('tkg-control-plane.yaml'))], config!, { clusterName: 'cluster', files: { profile: imported.profile! } });
    expect(changes.object).toBe('KubeadmControlPlane/cluster-control-plane');
    expect(changes.files.map((file) => [file.path, file.change, file.attributes])).toEqual([
      ['/etc/systemd/system/containerd.service.d/http-proxy.conf', 'changed', []],
      ['/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf', 'changed', []],
    ]);
    expect(changes.files[0].removedLines).toEqual(['Environment="HTTP_PROXY=http://asdf"', 'Environment="HTTPS_PROXY=https://asdf2"',
      'Environment="NO_PROXY=.svc.cluster.local,.svc,localhost,127.0.0.1,100.64.0.0/13,100.96.0.0/11"']);
    expect(changes.files[0].addedLines[0]).toBe('Environment="HTTP_PROXY=http://asdf:80"');
    expect(changes.removedCommands).toEqual(['systemctl daemon-reload', 'systemctl stop containerd', 'systemctl start containerd',
      'export HTTP_PROXY=\'http://asdf\'', 'export HTTPS_PROXY=\'https://asdf2\'',
      'export NO_PROXY=\'.svc.cluster.local,.svc,localhost,127.0.0.1,100.64.0.0/13,100.96.0.0/11\'']);
    expect(changes.addedCommands.every((command) => command.endsWith('# cluster-proxy-constructs'))).toBe(true);
    // The user's own commands are untouched.
    expect(changes.removedCommands.join()).not.toContain('hostname');
    expect(nodeChangesText([changes])).toContain('  ~ /usr/lib/systemd/system/kubelet.service.d/http-proxy.conf\n');
  });

  test('Giant Swarm inline files with credentials: the move to the Secret is shown, the password never', () => {
    const values = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-values.yaml'));
    const dropIn = Buffer.from('[Service]\nEnvironment="HTTP_PROXY=http://myProxyUser:mySuperSecretPassword@192.168.52.220:3128"\n').toString('base64');
    const template: KubeObject = {
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1',
      kind: 'KubeadmConfigTemplate',
      metadata: { name: 'mycluster-md00', labels: { 'cluster.x-k8s.io/cluster-name': 'mycluster' } },
      spec: { template: { spec: { files: [{ path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', permissions: '0644', encoding: 'base64', content: dropIn }] } } },
    };
    const [changes] = nodeChanges([template], values.config!, { clusterName: 'mycluster', files: { profile: CompatibilityProfileName.GIANTSWARM } });
    const containerd = changes.files.find((file) => file.path === '/etc/systemd/system/containerd.service.d/http-proxy.conf')!;
    expect(containerd.attributes).toEqual(['permissions: 0644 -> 0640', 'encoding: base64 -> (unset)', 'content: inline -> Secret mycluster-systemd-proxy']);
    expect(containerd.removedLines).toEqual(['Environment="HTTP_PROXY=http://myProxyUser:***@192.168.52.220:3128"']);
    expect(changes.files.map((file) => file.path)).toEqual(expect.arrayContaining(['/etc/systemd/system/teleport.service.d/http-proxy.conf', '/etc/cluster-proxy/proxy-env.sh']));
    expect(JSON.stringify(changes)).not.toContain('mySuperSecretPassword');
  });

  test.each([
    ['two "@"', 'http://myProxyUser:Sec@ret-Canary7@192.168.52.220:3128'],
    ['the host missing', 'http://myProxyUser:Sec@ret-Canary7'],
  ])('a password holding a raw "@" in a current file is masked whole (%s)', (_name, url) => {
    const values = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-values.yaml'));
    const dropIn = `[Service]\nEnvironment="HTTP_PROXY=${url}"\n`;
    const template: KubeObject = {
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1',
      kind: 'KubeadmConfigTemplate',
      metadata: { name: 'mycluster-md00', labels: { 'cluster.x-k8s.io/cluster-name': 'mycluster' } },
      spec: { template: { spec: { files: [{ path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', permissions: '0640', content: dropIn }] } } },
    };
    const [changes] = nodeChanges([template], values.config!, { clusterName: 'mycluster', files: { profile: CompatibilityProfileName.GIANTSWARM } });
    const containerd = changes.files.find((file) => file.path === '/etc/systemd/system/containerd.service.d/http-proxy.conf')!;
    expect(containerd.removedLines).toEqual(['Environment="HTTP_PROXY=http://myProxyUser:***']);
    expect(JSON.stringify(changes).toLowerCase()).not.toContain('canary7');
  });

  test('masking and refusal', () => {
    expect(redactCredentials('export HTTP_PROXY=\'http://u:p%40ss@h:3128\'')).toBe('export HTTP_PROXY=\'http://u:***@h:3128\'');
    const { config } = importProxy(ImportSource.TKG, fixture('tkg-cluster-config.yaml'));
    expect(() => nodeChanges([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }], config!, { clusterName: 'c' })).toThrow(/^nodes: hold no KubeadmControlPlane/);
  });
});
