import { controlPlaneHolder, machineDeploymentHolder, PatchItem } from './go-patch-engine';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { KubeObject } from '../../../src/core/k8s/manifest';

/**
 * A ClusterClass as users write them (v1beta1 or v1beta2), with its kubeadm templates in the three
 * shapes the patches must handle: lists present (control plane), lists absent (md-0, also used by
 * a MachinePool class) and a template already holding a file at a proxy path (md-1).
 */

const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta1';

/** The class, its templates and the worker class names. */
export interface ClassFixture {
  readonly clusterClass: KubeObject;
  readonly templates: KubeObject[];
}

/** Build the fixture for one Cluster API version. */
export function classFixture(version: CapiVersion, options: { ignition?: boolean } = {}): ClassFixture {
  const cp = `controlplane.cluster.x-k8s.io/${version}`;
  const bootstrap = `bootstrap.cluster.x-k8s.io/${version}`;
  const format = options.ignition ? { format: 'ignition' } : {};
  const ref = (apiVersion: string, kind: string, name: string): Record<string, string> => ({ apiVersion, kind, name });
  const worker = (name: string, template: string): Record<string, unknown> => (version === CapiVersion.V1BETA1
    ? { class: name, template: { bootstrap: { ref: ref(bootstrap, 'KubeadmConfigTemplate', template) }, infrastructure: { ref: ref(INFRA, 'DockerMachineTemplate', 'workers') } } }
    : { class: name, bootstrap: { templateRef: ref(bootstrap, 'KubeadmConfigTemplate', template) }, infrastructure: { templateRef: ref(INFRA, 'DockerMachineTemplate', 'workers') } });
  const pool = (name: string, template: string): Record<string, unknown> => (version === CapiVersion.V1BETA1
    ? { class: name, template: { bootstrap: { ref: ref(bootstrap, 'KubeadmConfigTemplate', template) }, infrastructure: { ref: ref(INFRA, 'DockerMachinePoolTemplate', 'pool') } } }
    : { class: name, bootstrap: { templateRef: ref(bootstrap, 'KubeadmConfigTemplate', template) }, infrastructure: { templateRef: ref(INFRA, 'DockerMachinePoolTemplate', 'pool') } });
  const controlPlane = version === CapiVersion.V1BETA1
    ? { ref: ref(cp, 'KubeadmControlPlaneTemplate', 'proxied-control-plane'), machineInfrastructure: { ref: ref(INFRA, 'DockerMachineTemplate', 'control-plane') } }
    : { templateRef: ref(cp, 'KubeadmControlPlaneTemplate', 'proxied-control-plane'), machineInfrastructure: { templateRef: ref(INFRA, 'DockerMachineTemplate', 'control-plane') } };
  const infrastructure = version === CapiVersion.V1BETA1
    ? { ref: ref(INFRA, 'DockerClusterTemplate', 'proxied') }
    : { templateRef: ref(INFRA, 'DockerClusterTemplate', 'proxied') };
  const clusterClass: KubeObject = {
    apiVersion: `cluster.x-k8s.io/${version}`,
    kind: 'ClusterClass',
    metadata: { name: 'proxied', namespace: 'clusters' },
    spec: {
      controlPlane,
      infrastructure,
      workers: { machineDeployments: [worker('default-worker', 'md-0'), worker('gpu-worker', 'md-1')], machinePools: [pool('pool-worker', 'md-0')] },
      variables: [{ name: 'imageRepository', required: false, schema: { openAPIV3Schema: { type: 'string' } } }],
      patches: [{
        name: 'image-repository',
        definitions: [{
          selector: { apiVersion: cp, kind: 'KubeadmControlPlaneTemplate', matchResources: { controlPlane: true } },
          jsonPatches: [{ op: 'add', path: '/spec/template/spec/kubeadmConfigSpec/files/-', valueFrom: { template: '{"path": "/etc/repo", "content": {{ .imageRepository | toJson }}}' } }],
        }],
      }],
    },
  };
  const templates: KubeObject[] = [
    {
      apiVersion: cp,
      kind: 'KubeadmControlPlaneTemplate',
      metadata: { name: 'proxied-control-plane', namespace: 'clusters' },
      spec: {
        template: {
          spec: {
            kubeadmConfigSpec: {
              ...format,
              files: [{ path: '/etc/kubernetes/audit.yaml', owner: 'root:root', permissions: '0600', content: 'apiVersion: audit.k8s.io/v1\nkind: Policy\n' }],
              preKubeadmCommands: ['echo control plane'],
            },
          },
        },
      },
    },
    { apiVersion: bootstrap, kind: 'KubeadmConfigTemplate', metadata: { name: 'md-0', namespace: 'clusters' }, spec: { template: { spec: { ...format, verbosity: 4 } } } },
    {
      apiVersion: bootstrap,
      kind: 'KubeadmConfigTemplate',
      metadata: { name: 'md-1', namespace: 'clusters' },
      spec: {
        template: {
          spec: {
            ...format,
            files: [
              { path: '/etc/gpu.conf', content: 'gpu' },
              { path: '/etc/cluster-proxy/proxy-env.sh', content: 'export STALE=1\n' },
            ],
          },
        },
      },
    },
  ];
  return { clusterClass, templates };
}

/** The patch-engine items of a Cluster using every class of the fixture. */
export function fixtureItems(fixture: ClassFixture): PatchItem[] {
  const template = (name: string): KubeObject => fixture.templates.find((candidate) => candidate.metadata.name === name)!;
  const worker = (name: string, className: string, kind: 'machineDeployment' | 'machinePool'): PatchItem => ({
    object: template(name),
    holder: kind === 'machineDeployment' ? machineDeploymentHolder() : { kind: 'MachinePool', fieldPath: 'spec.template.spec.bootstrap.configRef' },
    variables: { builtin: { [kind]: { class: className, name: `demo-${className}`, topologyName: className, version: 'v1.31.2' } } },
  });
  return [
    { object: template('proxied-control-plane'), holder: controlPlaneHolder(), variables: { builtin: { controlPlane: { name: 'demo-cp', version: 'v1.31.2' } } } },
    worker('md-0', 'default-worker', 'machineDeployment'),
    worker('md-1', 'gpu-worker', 'machineDeployment'),
    worker('md-0', 'pool-worker', 'machinePool'),
  ];
}
