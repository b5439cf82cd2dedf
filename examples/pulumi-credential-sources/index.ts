// The Pulumi twin of examples/credential-sources: one cluster per credential source, the same
// definition otherwise, and the proxy Secret for the pods of one namespace. No resource input holds
// the password, secret-marked or not (the sealed cluster holds it sealed for the controller). The
// literal source, with the password as a secret Output, is examples/pulumi.
//  - existing-secret: your pipeline writes the Secrets; Pulumi deploys their credential-free
//    templates (ConfigMaps), rendered by `cluster-proxy render-secret`;
//  - external-secret: External Secrets Operator writes them from your secret store;
//  - sealed-secret: SealedSecrets for the Sealed Secrets controller whose certificate is given.
//    Sealing happens at program time, so the password is a plain string here (from the environment).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { capi, CredentialSource } from 'cluster-proxy-constructs';
import { ProxiedCluster, ProxyDefinition, ProxyEnvSupport, ProxySettingsArgs } from 'cluster-proxy-constructs/pulumi';

const definition: ProxySettingsArgs = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  noProxy: ['.corp.example', '10.0.0.0/8'],
  // not secret: bump it with a rotation, to roll the machines and restart the workloads
  credentialsRevision: '2026-11',
};
const network = { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example' };
const infra = 'infrastructure.cluster.x-k8s.io/v1beta1';

/** The cluster's Cluster API objects, and the proxy objects for the pods of `apps`. */
function clusterWith(name: string, settings: ProxySettingsArgs): ProxiedCluster {
  const cluster = new ProxiedCluster(name, {
    name,
    namespace: 'clusters',
    version: 'v1.31.2',
    settings,
    network,
    osFamily: capi.OsFamily.UBUNTU,
    infrastructureRef: { apiVersion: infra, kind: 'DockerCluster', name },
    controlPlane: { replicas: 3, machineTemplate: { apiVersion: infra, kind: 'DockerMachineTemplate', name: `${name}-control-plane` } },
    workerPools: [{ name: 'md-0', replicas: 2, machineTemplate: { apiVersion: infra, kind: 'DockerMachineTemplate', name: `${name}-md-0` } }],
  });
  new ProxyEnvSupport(`${name}-apps`, { proxy: new ProxyDefinition({ settings, network }), namespaces: ['apps'] });
  return cluster;
}

const existing = clusterWith('existing-secret', { ...definition, credentialSource: CredentialSource.existingSecret() });

const external = clusterWith('external-secret', {
  ...definition,
  credentialSource: CredentialSource.externalSecret({
    storeName: 'vault', // a ClusterSecretStore
    username: { key: 'infra/proxy', property: 'username' },
    password: { key: 'infra/proxy', property: 'password' },
  }),
});

const sealed = clusterWith('sealed-secret', {
  ...definition,
  username: 'svc-k8s',
  password: process.env.PROXY_PASSWORD ?? 'demo-only-not-a-secret',
  credentialSource: CredentialSource.sealedSecret({
    // kubeseal --fetch-cert; the same certificate as examples/credential-sources
    certificatePem: readFileSync(join(__dirname, '..', 'credential-sources', 'sealed-secrets.pem'), 'utf8'),
  }),
});

export const clusters = [existing.clusterName, external.clusterName, sealed.clusterName];
