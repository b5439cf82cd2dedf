import { stringify } from 'yaml';
import { RenderOptions, resolveFiles } from './capi-cloud-config';

/**
 * Cluster API's kubeadm bootstrap provider for `format: ignition`, reduced to what the VM test
 * needs, written from its Butane template: the spec's files (contentFrom resolved as for
 * cloud-config) with user, group and mode; `/etc/kubeadm.sh` (bash, `set -e`) holding the
 * preKubeadmCommands, the kubeadm command, the sentinel and the move of `/etc/kubeadm.yml`; that
 * configuration file; and an enabled `kubeadm.service` that runs the script once.
 *
 * One deliberate difference: the provider emits Ignition spec 3.4.0, which Debian's Ignition
 * (2.14) does not read; this config uses nothing 3.4 added, so it is labelled 3.3.0.
 */

const IGNITION_VERSION = '3.3.0';
const SENTINEL = 'mkdir -p /run/cluster-api && echo success > /run/cluster-api/bootstrap-success.complete';
/** The unit the provider's template defines, byte for byte. */
const KUBEADM_UNIT = [
  '[Unit]',
  'Description=kubeadm',
  '# Run only once. After successful run, this file is moved to /tmp/.',
  'ConditionPathExists=/etc/kubeadm.yml',
  'After=network.target',
  '[Service]',
  '# To not restart the unit when it exits, as it is expected.',
  'Type=oneshot',
  'ExecStart=/etc/kubeadm.sh',
  '[Install]',
  'WantedBy=multi-user.target',
  '',
].join('\n');

/** A literal block in the template keeps exactly one final newline. */
function literalBlock(content: string): string {
  return `${content.replace(/\n+$/, '')}\n`;
}

function dataUrl(content: string): string {
  return `data:;base64,${Buffer.from(content, 'utf8').toString('base64')}`;
}

function owner(value: string | undefined): { user?: { name: string }; group?: { name: string } } {
  if (!value) {
    return {};
  }
  const [user, group] = value.split(':').map((part) => part.trim());
  return { ...(user ? { user: { name: user } } : {}), ...(group ? { group: { name: group } } : {}) };
}

/** The `kubeadm` command in `/etc/kubeadm.sh` (no verbosity set, hence the trailing space). */
export function ignitionKubeadmCommand(role: 'init' | 'join'): string {
  return `kubeadm ${role} --config /etc/kubeadm.yml `;
}

/** The Ignition config of a machine bootstrapped from `spec`. */
export function renderIgnition(options: RenderOptions): object {
  const { spec } = options;
  if (spec.format !== 'ignition') {
    throw new Error(`spec.format is ${spec.format ?? '(unset)'}, not ignition`);
  }
  const files = resolveFiles(spec.files ?? [], options.secrets, options.namespace).map((file) => {
    if (file.encoding && file.encoding !== 'base64') {
      throw new Error(`${file.path}: encoding ${file.encoding} is not supported with Ignition`);
    }
    const content = file.encoding === 'base64' ? Buffer.from(file.content, 'base64').toString('utf8') : literalBlock(file.content);
    return {
      path: file.path,
      ...owner(file.owner),
      ...(file.permissions ? { mode: parseInt(file.permissions, 8) } : {}),
      contents: { source: dataUrl(content) },
    };
  });
  const script = [
    '#!/bin/bash',
    'set -e',
    '',
    ...(spec.preKubeadmCommands ?? []),
    '',
    ignitionKubeadmCommand(options.role),
    SENTINEL,
    'mv /etc/kubeadm.yml /tmp/',
    ...(spec.postKubeadmCommands ?? []),
    '',
  ].join('\n');
  const kubeadmConfig = options.kubeadmDocuments.map((document) => `---\n${stringify(document)}`).join('');
  return {
    ignition: { version: IGNITION_VERSION },
    storage: {
      files: [
        ...files,
        { path: '/etc/kubeadm.sh', mode: 0o700, contents: { source: dataUrl(script) } },
        { path: '/etc/kubeadm.yml', mode: 0o600, contents: { source: dataUrl(kubeadmConfig) } },
      ],
    },
    systemd: { units: [{ name: 'kubeadm.service', enabled: true, contents: KUBEADM_UNIT }] },
  };
}
