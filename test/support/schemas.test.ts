import { expectValidObjects, schemaErrors } from './schemas';

// The harness itself must be able to fail, or every schema test built on it proves nothing.
describe('schema validation harness', () => {
  const machineDeployment = {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'MachineDeployment',
    metadata: { name: 'demo-md-0', namespace: 'default' },
    spec: {
      clusterName: 'demo',
      replicas: 3,
      selector: { matchLabels: {} },
      template: {
        spec: {
          clusterName: 'demo',
          version: 'v1.31.0',
          bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: 'demo-md-0' } },
          infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'demo-md-0' },
        },
      },
    },
  };

  test('a valid CAPI object passes', () => {
    expect(schemaErrors(machineDeployment)).toEqual([]);
  });

  test('an unknown field is rejected (the API server would prune it silently)', () => {
    const typo = structuredClone(machineDeployment) as Record<string, any>;
    typo.spec.replica = 3;
    expect(schemaErrors(typo).join('\n')).toContain('must NOT have additional properties (replica)');
  });

  test('a wrong type and a bad name are rejected', () => {
    const broken = structuredClone(machineDeployment) as Record<string, any>;
    broken.spec.replicas = 'three';
    broken.metadata.name = 'Demo_MD';
    const errors = schemaErrors(broken).join('\n');
    expect(errors).toContain('/spec/replicas must be integer');
    expect(errors).toContain('metadata.name "Demo_MD" is not a DNS-1123 subdomain');
  });

  test('core kinds are validated with kubernetes-models', () => {
    expect(schemaErrors({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { a: 'b' } } as never)).toEqual([]);
    expect(schemaErrors({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'not base64!' } } as never).join()).toMatch(/byte|base64/);
    expect(() => expectValidObjects([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 1 } }]))
      .toThrow('ConfigMap/c');
  });
});
