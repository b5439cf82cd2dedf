// One cluster and its workloads, with the proxy credentials kept out of git three ways: a chart per
// credential source, the same definition otherwise. Run `npx cdk8s synth --check-upgrade false`
// here; none of dist/ holds the password (the sealed chart holds it sealed for the controller).
//  - existing-secret: your pipeline writes the Secrets; the chart holds their credential-free
//    templates, rendered by `cluster-proxy render-secret dist/existing-secret.k8s.yaml`;
//  - external-secret: External Secrets Operator writes them from your secret store;
//  - sealed-secret: SealedSecrets for the Sealed Secrets controller whose certificate is here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Chart } from 'cdk8s';
import { proxyPassword } from '../proxy-password';
import { capi, ClusterNetwork, ClusterProxyConfig, CredentialSource, ProxySettings, ProxySettingsProps } from 'cluster-proxy-constructs';
import { KyvernoProxyPolicy, ProxiedCluster } from 'cluster-proxy-constructs/cdk8s';

const definition: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  noProxy: ['.corp.example', '10.0.0.0/8'],
  // not secret: bump it with a rotation, to roll the machines and restart the workloads
  credentialsRevision: '2026-11',
};
const network = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example' });
const infrastructure = 'infrastructure.cluster.x-k8s.io/v1beta1';

/** The cluster (management side) and the pod policy (workload side) of one source, in one chart. */
function clusterWith(app: App, chartName: string, settings: ProxySettings): void {
  const chart = new Chart(app, chartName);
  new ProxiedCluster(chart, 'Demo', {
    name: 'demo',
    namespace: 'clusters',
    version: 'v1.31.2',
    settings,
    network,
    osFamily: capi.OsFamily.UBUNTU,
    infrastructureRef: { apiVersion: infrastructure, kind: 'DockerCluster', name: 'demo' },
    controlPlane: { replicas: 3, machineTemplate: { apiVersion: infrastructure, kind: 'DockerMachineTemplate', name: 'demo-control-plane' } },
    workerPools: [{ name: 'md-0', replicas: 2, machineTemplate: { apiVersion: infrastructure, kind: 'DockerMachineTemplate', name: 'demo-md-0' } }],
  });
  // the proxy Secret goes only into namespaces labelled cluster-proxy-constructs/proxy-credentials=enabled
  new KyvernoProxyPolicy(chart, 'Pods', { proxy: new ClusterProxyConfig(settings, network), excludeNamespaces: ['kyverno'] });
}

const app = new App();

clusterWith(app, 'existing-secret', new ProxySettings({ ...definition, credentialSource: CredentialSource.existingSecret() }));

clusterWith(app, 'external-secret', new ProxySettings({
  ...definition,
  credentialSource: CredentialSource.externalSecret({
    storeName: 'vault', // a ClusterSecretStore
    username: { key: 'infra/proxy', property: 'username' },
    password: { key: 'infra/proxy', property: 'password' },
  }),
}));

// Quiet diffs: with SEALING_REUSE_KEY (a CI secret) and the committed output of the last synth,
// unchanged SealedSecrets are kept byte for byte instead of being sealed afresh.
const previous = join(__dirname, 'dist', 'sealed-secret.k8s.yaml');
const reuseKey = process.env.SEALING_REUSE_KEY;
clusterWith(app, 'sealed-secret', new ProxySettings({
  ...definition,
  username: 'svc-k8s',
  password: proxyPassword(),
  credentialSource: CredentialSource.sealedSecret({
    certificatePem: readFileSync(join(__dirname, 'sealed-secrets.pem'), 'utf8'), // kubeseal --fetch-cert
    ...(reuseKey ? { reuseKey, ...(existsSync(previous) ? { previousManifests: readFileSync(previous, 'utf8') } : {}) } : {}),
  }),
}));

app.synth();
