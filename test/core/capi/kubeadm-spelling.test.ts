/**
 * A KubeadmConfigSpec in the other Cluster API version's spelling is refused at synth, naming the
 * field, instead of failing at apply (the control-plane suite shows the API server refusing it).
 * The lists of differences are the ones the CRDs of both versions give.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { addProxyToObjects } from '../../../src/core/capi/add-proxy-to-objects';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { KUBEADM_ARGUMENT_FIELDS, KUBEADM_VERSION_ONLY_FIELDS } from '../../../src/core/capi/kubeadm-spelling';
import { proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { clusterOptions, demoProxy } from '../../support/fixtures/cluster';
import { CRD_ROOT } from '../../support/schemas';

/** Every field path of a schema, with its type (`a.b[].c` steps into list items). */
function fieldTypes(schema: any, path = '', out = new Map<string, string>()): Map<string, string> {
  out.set(path, schema.type);
  for (const [key, child] of Object.entries<any>(schema.properties ?? {})) {
    fieldTypes(child, path ? `${path}.${key}` : key, out);
  }
  if (schema.type === 'array' && schema.items) {
    fieldTypes(schema.items, `${path}[]`, out);
  }
  return out;
}

/** The KubeadmConfigSpec schema of each version, in each kind that carries one. */
const SPECS: Array<[string, (version: any) => any]> = [
  ['bootstrap.cluster.x-k8s.io_kubeadmconfigs.yaml', (v) => v.schema.openAPIV3Schema.properties.spec],
  ['bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml', (v) => v.schema.openAPIV3Schema.properties.spec.properties.template.properties.spec],
  ['controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml', (v) => v.schema.openAPIV3Schema.properties.spec.properties.kubeadmConfigSpec],
];

describe.each(SPECS)('%s', (file, specOf) => {
  const crd = parse(readFileSync(join(CRD_ROOT, 'cluster-api', file), 'utf8'));
  const versions: any[] = crd.spec.versions;
  const types: Record<string, Map<string, string>> = Object.fromEntries(versions.map((version) => [version.name, fieldTypes(specOf(version))]));
  const [v1beta1, v1beta2] = [types[CapiVersion.V1BETA1], types[CapiVersion.V1BETA2]];

  test('the argument fields are the ones that are a map in v1beta1 and a list in v1beta2', () => {
    const changed = [...v1beta1.keys()].filter((path) => v1beta2.has(path) && v1beta1.get(path) !== v1beta2.get(path));
    expect(changed.sort()).toEqual([...KUBEADM_ARGUMENT_FIELDS].sort());
    for (const path of changed) {
      expect([v1beta1.get(path), v1beta2.get(path)]).toEqual(['object', 'array']);
    }
  });

  test('the fields only one version has are the listed ones (outermost only)', () => {
    const only = (mine: Map<string, string>, theirs: Map<string, string>) => {
      const missing = [...mine.keys()].filter((path) => !theirs.has(path));
      return missing.filter((path) => !missing.some((parent) => parent !== path && (path.startsWith(`${parent}.`) || path.startsWith(`${parent}[]`))))
        // the list items of the argument fields are the other spelling, checked above
        .filter((path) => !KUBEADM_ARGUMENT_FIELDS.some((argument) => path.startsWith(`${argument}[]`)));
    };
    expect(only(v1beta1, v1beta2).sort()).toEqual(Object.keys(KUBEADM_VERSION_ONLY_FIELDS[CapiVersion.V1BETA1]).sort());
    expect(only(v1beta2, v1beta1).sort()).toEqual(Object.keys(KUBEADM_VERSION_ONLY_FIELDS[CapiVersion.V1BETA2]).sort());
  });
});

describe('a spec in the other version\'s spelling is refused, naming the field as the user wrote it', () => {
  const kubeletMap = { joinConfiguration: { nodeRegistration: { kubeletExtraArgs: { 'max-pods': '110' } } } };
  const kubeletList = { joinConfiguration: { nodeRegistration: { kubeletExtraArgs: [{ name: 'max-pods', value: '110' }] } } };

  test('a v1beta1 argument map in a v1beta2 worker pool', () => {
    const options = clusterOptions();
    expect(() => proxiedClusterObjects({ ...options, workerPools: [{ ...options.workerPools![0], kubeadmConfigSpec: kubeletMap }] }))
      .toThrow(/^workerPools\[0\]\.kubeadmConfigSpec\.joinConfiguration\.nodeRegistration\.kubeletExtraArgs: must be a list of \{ name, value \} in Cluster API v1beta2/);
  });

  test('a v1beta2 argument list in a v1beta1 control plane', () => {
    const options = clusterOptions({ capiVersion: CapiVersion.V1BETA1 });
    const controlPlane = { ...options.controlPlane, kubeadmConfigSpec: { clusterConfiguration: { apiServer: { extraArgs: [{ name: 'v', value: '2' }] } } } };
    expect(() => proxiedClusterObjects({ ...options, controlPlane }))
      .toThrow(/^controlPlane\.kubeadmConfigSpec\.clusterConfiguration\.apiServer\.extraArgs: must be a map of name: value in Cluster API v1beta1/);
  });

  test('a field of the other version, inside a list too', () => {
    const options = clusterOptions();
    const controlPlane = { ...options.controlPlane, kubeadmConfigSpec: { initConfiguration: { bootstrapTokens: [{ token: 'abcdef.0123456789abcdef', ttl: '24h' }] } } };
    expect(() => proxiedClusterObjects({ ...options, controlPlane }))
      .toThrow('controlPlane.kubeadmConfigSpec.initConfiguration.bootstrapTokens[0].ttl: is a Cluster API v1beta1 field that v1beta2 does not have: use ttlSeconds; or set capiVersion to v1beta1');
  });

  test('a v1beta2 argument list that names an argument twice (the CRD\'s CEL rule)', () => {
    const options = clusterOptions();
    const twice = { joinConfiguration: { nodeRegistration: { kubeletExtraArgs: [{ name: 'max-pods', value: '110' }, { name: 'v', value: '2' }, { name: 'max-pods', value: '64' }] } } };
    expect(() => proxiedClusterObjects({ ...options, workerPools: [{ ...options.workerPools![0], kubeadmConfigSpec: twice }] }))
      .toThrow(/^workerPools\[0\]\.kubeadmConfigSpec\.joinConfiguration\.nodeRegistration\.kubeletExtraArgs\[2\]\.name: repeats an earlier argument/);
  });

  test('each version\'s own spelling passes', () => {
    const options = clusterOptions();
    expect(() => proxiedClusterObjects({ ...options, workerPools: [{ ...options.workerPools![0], kubeadmConfigSpec: kubeletList }] })).not.toThrow();
    const v1beta1 = clusterOptions({ capiVersion: CapiVersion.V1BETA1 });
    expect(() => proxiedClusterObjects({ ...v1beta1, workerPools: [{ ...v1beta1.workerPools![0], kubeadmConfigSpec: kubeletMap }] })).not.toThrow();
  });

  test('an existing object is held to its own apiVersion', () => {
    const template = {
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmConfigTemplate',
      metadata: { name: 'demo-md-0', namespace: 'clusters' },
      spec: { template: { spec: kubeletMap } },
    };
    expect(() => addProxyToObjects([template], demoProxy(), { clusterName: 'demo', namespace: 'clusters', osFamily: OsFamily.UBUNTU }))
      .toThrow(/^KubeadmConfigTemplate\/demo-md-0: spec\.template\.spec\.joinConfiguration\.nodeRegistration\.kubeletExtraArgs: must be a list/);
  });
});
