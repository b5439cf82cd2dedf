/**
 * What each day-2 step does to the objects in the API server: the table the lifecycle suite checks
 * step by step, and docs/cluster-api.md shows (`documentedTable`; the suite fails when the guide's copy differs).
 */
import { PREVIOUS_RELEASE } from './lifecycle-fixtures';
import { StepChanges } from '../support/control-plane/gitops';

/** What a step changes, as the guide's table shows it: array indices in field paths as `[*]`. */
export interface TableRow {
  readonly created: string[];
  readonly changed: Record<string, string[]>;
  readonly pruned: string[];
}

const NODE_SECRET = 'Secret clusters/demo-systemd-proxy-<hash>';
const TEMPLATE = 'KubeadmConfigTemplate clusters/demo-md-0-<hash>';
const CONTROL_PLANE = 'KubeadmControlPlane clusters/demo-control-plane';
const MACHINE_DEPLOYMENT = 'MachineDeployment clusters/demo-md-0';
/** Where the Kyverno policy keeps the sources it clones (the previous release kept them in kube-system). */
const SOURCES = 'cluster-proxy-system';
const POD_SECRET = `Secret ${SOURCES}/cluster-proxy-env`;
/** A new node-proxy Secret and worker template, the old ones pruned: the change every node file change makes. */
const NODE_FILES_CHANGE: TableRow = {
  created: [NODE_SECRET, TEMPLATE],
  changed: {
    [CONTROL_PLANE]: ['spec.kubeadmConfigSpec.files[*].contentFrom.secret.name'],
    [MACHINE_DEPLOYMENT]: ['spec.template.spec.bootstrap.configRef.name'],
  },
  pruned: [NODE_SECRET, TEMPLATE],
};
const NOTHING: TableRow = { created: [], changed: {}, pruned: [] };

/** Every step, what it changes in the definition, and what it must change in the API server. */
export const STEPS: Array<[string, string, TableRow]> = [
  ['first apply', `the previous release (${PREVIOUS_RELEASE}) synthesizes the cluster and the Kyverno policy`, {
    created: [NODE_SECRET, 'Cluster clusters/demo', CONTROL_PLANE, TEMPLATE, MACHINE_DEPLOYMENT, 'ClusterPolicy inject-cluster-proxy', 'Secret kube-system/cluster-proxy-env',
      'ConfigMap kube-system/cluster-proxy-ca', 'ClusterRole inject-cluster-proxy-kyverno-read', 'ClusterRole inject-cluster-proxy-kyverno-clone'],
    changed: {},
    pruned: [],
  }],
  ['(g) upgrade', 'the same definition, synthesized by this release: the node-proxy Secret is no longer immutable, so it takes a new name once; '
    + 'the Kyverno policy\'s sources move out of kube-system, where Kyverno never sees them change', {
    created: [...NODE_FILES_CHANGE.created, `Namespace ${SOURCES}`, POD_SECRET, `ConfigMap ${SOURCES}/cluster-proxy-ca`],
    changed: {
      ...NODE_FILES_CHANGE.changed,
      'ClusterPolicy inject-cluster-proxy': ['spec.rules[*].exclude.any[*].resources.namespaces', 'spec.rules[*].generate.clone.namespace'],
    },
    pruned: [...NODE_FILES_CHANGE.pruned, 'Secret kube-system/cluster-proxy-env', 'ConfigMap kube-system/cluster-proxy-ca'],
  }],
  ['(a) password', 'a new password alone', {
    created: [],
    changed: {
      [NODE_SECRET]: ['data.containerdProxy', 'data.kubeletProxy'],
      [POD_SECRET]: ['data.HTTPS_PROXY', 'data.HTTP_PROXY', 'data.http_proxy', 'data.https_proxy'],
    },
    pruned: [],
  }],
  ['(b) credentialsRevision', '`credentialsRevision` bumped', NODE_FILES_CHANGE],
  ['(c) proxy URL', '`httpsProxy` changed', { ...NODE_FILES_CHANGE, changed: { ...NODE_FILES_CHANGE.changed, [POD_SECRET]: ['data.HTTPS_PROXY', 'data.https_proxy'] } }],
  ['(d) noProxy', 'an entry added to `noProxy`', {
    ...NODE_FILES_CHANGE,
    changed: {
      ...NODE_FILES_CHANGE.changed,
      'ClusterPolicy inject-cluster-proxy': ['spec.rules[*].mutate.foreach[*].patchStrategicMerge.spec.initContainers[*].env[*].value',
        'spec.rules[*].mutate.foreach[*].patchStrategicMerge.spec.containers[*].env[*].value',
        'spec.rules[*].mutate.foreach[*].patchStrategicMerge.spec.ephemeralContainers[*].env[*].value'],
    },
  }],
  ['(e) pool added', 'a worker pool `md-1` added', { created: ['KubeadmConfigTemplate clusters/demo-md-1-<hash>', 'MachineDeployment clusters/demo-md-1'], changed: {}, pruned: [] }],
  ['(e) pool removed', 'the pool removed again', { created: [], changed: {}, pruned: ['KubeadmConfigTemplate clusters/demo-md-1-<hash>', 'MachineDeployment clusters/demo-md-1'] }],
  ['(f) External Secrets', '`credentialSource` literal to `externalSecret`', {
    created: ['ExternalSecret clusters/demo-systemd-proxy-<hash>', `ExternalSecret ${SOURCES}/cluster-proxy-env`], changed: {}, pruned: [NODE_SECRET, POD_SECRET],
  }],
  ['(f) Sealed Secrets', 'to `sealedSecret`', {
    created: ['SealedSecret clusters/demo-systemd-proxy-<hash>', `SealedSecret ${SOURCES}/cluster-proxy-env`],
    changed: {},
    pruned: ['ExternalSecret clusters/demo-systemd-proxy-<hash>', `ExternalSecret ${SOURCES}/cluster-proxy-env`],
  }],
  ['(f) existing Secret', 'to `existingSecret`', {
    created: ['ConfigMap clusters/demo-systemd-proxy-<hash>.secret-template', `ConfigMap ${SOURCES}/cluster-proxy-env.secret-template`],
    changed: {},
    pruned: ['SealedSecret clusters/demo-systemd-proxy-<hash>', `SealedSecret ${SOURCES}/cluster-proxy-env`],
  }],
  ['(f) existing Secret, again', 'the same revision, after the pipeline wrote the Secrets (`render-secret`, its own field manager)', NOTHING],
  ['(h) addProxyToKubeadmObjects', 'a cluster the repository held without the proxy, through `addProxyToKubeadmObjects`', {
    created: ['KubeadmConfigTemplate legacy/legacy-md-0-<hash>', 'Secret legacy/legacy-systemd-proxy-<hash>'],
    changed: {
      'KubeadmControlPlane legacy/legacy-control-plane': ['spec.kubeadmConfigSpec.files', 'spec.kubeadmConfigSpec.preKubeadmCommands'],
      'MachineDeployment legacy/legacy-md-0': ['spec.template.spec.bootstrap.configRef.name'],
    },
    pruned: ['KubeadmConfigTemplate legacy/legacy-md-0'],
  }],
  ['(h) imported definition', 'the same, with the definition `Migration.importProxy` reads from a TKG cluster config (no credentials: files inline)', {
    created: ['KubeadmConfigTemplate legacy/imported-md-0-<hash>'],
    changed: {
      'KubeadmControlPlane legacy/imported-control-plane': ['spec.kubeadmConfigSpec.files', 'spec.kubeadmConfigSpec.preKubeadmCommands'],
      'MachineDeployment legacy/imported-md-0': ['spec.template.spec.bootstrap.configRef.name'],
    },
    pruned: ['KubeadmConfigTemplate legacy/imported-md-0'],
  }],
  ['(h) addProxyToTopologyCluster', 'a topology Cluster with TKG\'s `proxy` variable (`noProxy` entries, `systemWide`), through `TopologyClusterProxy` with the same proxy', NOTHING],
];

/** The step's changes as the table shows them. */
export function tableRow(changes: StepChanges): TableRow {
  const collapse = (paths: string[]) => [...new Set(paths.map((path) => path.replace(/\[\d+\]/g, '[*]')))];
  return {
    created: changes.created,
    changed: Object.fromEntries(Object.entries(changes.changed).map(([name, paths]) => [name, collapse(paths)])),
    pruned: changes.pruned,
  };
}

/** The guide's table (docs/cluster-api.md): one row per step. */
export function documentedTable(): string {
  const list = (names: string[]) => (names.length === 0 ? '-' : names.map((name) => `\`${name}\``).join('<br>'));
  const changed = (row: TableRow) => (Object.keys(row.changed).length === 0 ? '-'
    : Object.entries(row.changed).map(([name, paths]) => `\`${name}\`: ${paths.map((path) => `\`${path}\``).join(', ')}`).join('<br>'));
  return [
    '| step | the change | created | changed (fields) | pruned |',
    '| --- | --- | --- | --- | --- |',
    ...STEPS.map(([step, change, row]) => `| ${step} | ${change} | ${list(row.created)} | ${changed(row)} | ${list(row.pruned)} |`),
  ].join('\n');
}

if (require.main === module) {
  process.stdout.write(`${documentedTable()}\n`);
}
