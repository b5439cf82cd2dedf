import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretLike } from './capi-cloud-config';
import { renderIgnition } from './capi-ignition';

/**
 * The VM test's stand-in for Cluster API's Ignition rendering: files with owner and mode, the
 * kubeadm script in order, the unit, and a config the real `ignition-validate` accepts.
 */

const SECRET: SecretLike = { metadata: { name: 'node-proxy', namespace: 'clusters' }, stringData: { dropIn: '[Service]\nEnvironment="A=b%%c"\n' } };
const SPEC = {
  format: 'ignition',
  files: [{ path: '/etc/a.conf', owner: 'root:root', permissions: '0640', contentFrom: { secret: { name: 'node-proxy', key: 'dropIn' } } }],
  preKubeadmCommands: ['systemctl daemon-reload', '. /etc/env.sh'],
};

function render(): any {
  return renderIgnition({ spec: SPEC, secrets: [SECRET], namespace: 'clusters', role: 'init', kubeadmDocuments: [{ kind: 'ClusterConfiguration' }] });
}

function decode(source: string): string {
  return Buffer.from(source.slice('data:;base64,'.length), 'base64').toString('utf8');
}

describe('Cluster API Ignition rendering', () => {
  test('writes the files with user, group, mode and the Secret\'s content', () => {
    const [file] = render().storage.files;
    expect({ ...file, contents: decode(file.contents.source) })
      .toEqual({ path: '/etc/a.conf', user: { name: 'root' }, group: { name: 'root' }, mode: 0o640, contents: '[Service]\nEnvironment="A=b%%c"\n' });
  });

  test('runs the preKubeadmCommands, then kubeadm and the sentinel, from /etc/kubeadm.sh under set -e', () => {
    const script = render().storage.files.find((file: any) => file.path === '/etc/kubeadm.sh');
    expect(script.mode).toBe(0o700);
    expect(decode(script.contents.source)).toBe([
      '#!/bin/bash', 'set -e', '', 'systemctl daemon-reload', '. /etc/env.sh', '',
      'kubeadm init --config /etc/kubeadm.yml ',
      'mkdir -p /run/cluster-api && echo success > /run/cluster-api/bootstrap-success.complete',
      'mv /etc/kubeadm.yml /tmp/', '',
    ].join('\n'));
    expect(render().systemd.units[0]).toMatchObject({ name: 'kubeadm.service', enabled: true, contents: expect.stringContaining('ExecStart=/etc/kubeadm.sh') });
  });

  test('is accepted by ignition-validate', () => {
    const directory = mkdtempSync(join(tmpdir(), 'capi-ignition-'));
    try {
      writeFileSync(join(directory, 'config.ign'), JSON.stringify(render()));
      const result = spawnSync('ignition-validate', [join(directory, 'config.ign')], { encoding: 'utf8', timeout: 30_000 });
      expect({ status: result.status, output: `${result.stdout}${result.stderr}` }).toEqual({ status: 0, output: '' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test('refuses a cloud-config spec', () => {
    expect(() => renderIgnition({ spec: {}, secrets: [], namespace: undefined, role: 'join', kubeadmDocuments: [] })).toThrow('not ignition');
  });
});
