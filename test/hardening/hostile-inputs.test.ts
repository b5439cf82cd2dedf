/**
 * Hostile and malformed input for the public entry points, generated: every field of a valid
 * definition in turn (and unknown keys beside them) gets a generated value (wrong types, null,
 * prototype keys, control characters, huge strings, URLs and strings carrying the password...).
 * For each call, either the call succeeds or it throws the library's error naming a field; never
 * another error (a TypeError from deep inside), never the password in any encoding in the message,
 * never a change to Object.prototype; a construct that accepts the input synthesizes objects that
 * validate against their schemas, with the password only in Secret data.
 *
 * Each property runs with the suite's fixed seed (see test/support/fast-check-setup.ts), and once
 * more with a random seed that a failure prints, so CI keeps exploring without becoming flaky.
 */
import { ApiObject, App, Chart } from 'cdk8s';
import * as fc from 'fast-check';
import { CLASS_PROPS, CLUSTER, expectGoodOutput, INJECTION_OPTIONS, NETWORK, proxy, SETTINGS } from './definitions';
import { hostile, leakedForms, mutations } from './hostile-values';
import { check, expectNoPrototypePollution, outcome } from './outcome';
import { addons, ClusterNetwork, ClusterProxyConfig, NoProxy, NoProxyEngine, ProxySettings } from '../../src';
import * as cdk8s from '../../src/cdk8s';
import { KyvernoProxyPolicy, ProxiedCluster, TkgProxyAddons } from '../../src/cdk8s';
import { ProxyAwareDeployment } from '../../src/cdk8s/plus';
import { runCli } from '../../src/cli/cli';
import { CapiVersion } from '../../src/core/capi/capi-version';
import * as pulumiAdapter from '../../src/pulumi';
import { kubeadmControlPlaneManifest, podManifest, topologyClusterManifest } from '../cdk8s/every-construct';
import { classFixture } from '../support/fixtures/cluster-class';
import { installMocks, stopCallbacks } from '../support/pulumi-mocks';

describe('hostile input never gets past the library\'s error', () => {
  check('ProxySettings', mutations(SETTINGS), ({ props }) => {
    outcome(() => new ProxySettings(props));
  }, 400);

  check('ClusterNetwork', mutations(NETWORK), ({ props }) => {
    outcome(() => new ClusterNetwork(props));
  }, 400);

  check('ClusterProxyConfig options and NoProxy', mutations({ additionalNoProxy: ['registry.internal'], noProxyDefaults: { loopback: true } }), ({ props }) => {
    outcome(() => new ClusterProxyConfig(new ProxySettings(SETTINGS), new ClusterNetwork(NETWORK as never), props));
    outcome(() => new NoProxy(props));
  }, 300);

  check('the NO_PROXY engine', fc.tuple(hostile, hostile), ([value, url]) => {
    outcome(() => NoProxyEngine.normalize(value as never));
    outcome(() => NoProxyEngine.lint(value as never));
    outcome(() => NoProxyEngine.explain(value as never, url as never));
    outcome(() => NoProxyEngine.explainVariables(value as never, url as never));
    outcome(() => NoProxyEngine.javaNonProxyHosts(value as never));
  }, 300);

  check('Helm values', fc.tuple(fc.array(hostile, { maxLength: 4 }), hostile), ([path, preset]) => {
    const config = proxy();
    outcome(() => addons.AddonValues.helmEnv(config, path as never));
    outcome(() => addons.AddonValues.helmPreset(config, preset as never));
    outcome(() => addons.AddonValues.helmCustomPreset(config, preset as never));
  }, 300);

  check('ProxiedCluster (cdk8s)', mutations({ ...CLUSTER, settings: SETTINGS }), ({ props }) => {
    const chart = new Chart(new App(), 'c');
    if (outcome(() => new ProxiedCluster(chart, 'Cluster', props)) === 'ok') {
      expectGoodOutput(chart);
    }
  }, 150);

  check('KyvernoProxyPolicy and TkgProxyAddons (cdk8s)', fc.tuple(mutations({ excludeNamespaces: ['kube-system'], credentialNamespaces: ['apps'] }), mutations({ clusterName: 'wl', namespace: 'default', vsphere: { server: 'vc.corp.example', datacenter: '/dc0' } })), ([policy, addonProps]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const policyOk = outcome(() => new KyvernoProxyPolicy(chart, 'Policy', { proxy: config, ...policy.props }));
    const addonsOk = outcome(() => new TkgProxyAddons(chart, 'Addons', { proxy: config, ...addonProps.props }));
    if (policyOk === 'ok' && addonsOk === 'ok') {
      expectGoodOutput(chart);
    }
  }, 150);

  check('the other cdk8s constructs', fc.tuple(
    mutations({ namespaces: ['apps'], bindingName: 'inject-proxy', failurePolicy: 'Ignore' }),
    mutations({ namespaces: ['a', 'b'], name: 'proxy-env', kind: 'Secret' }),
    mutations({ clusterName: 'wl', namespace: 'default', name: 'app', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'y' } }] }),
    mutations({ clusterName: 'mycluster', namespace: 'org-acme', apps: [{ name: 'mc-cm', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }] }),
    mutations({ network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', port: 8888, connectPorts: [443] }),
    mutations({ clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', osFamily: 'ubuntu', replicas: 3, machineTemplate: CLUSTER.controlPlane.machineTemplate }),
  ), ([admission, sources, resourceSet, giantSwarm, forward, controlPlane]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const results = [
      outcome(() => new cdk8s.ProxyAdmissionPolicy(chart, 'Admission', { proxy: config, ...admission.props })),
      outcome(() => new cdk8s.ProxyEnvSources(chart, 'Sources', { proxy: config, ...sources.props })),
      outcome(() => new cdk8s.ProxyAddonResourceSet(chart, 'Crs', { proxy: config, ...resourceSet.props })),
      outcome(() => new cdk8s.GiantSwarmProxyApps(chart, 'Gs', { proxy: config, ...giantSwarm.props })),
      outcome(() => new cdk8s.InClusterForwardProxy(chart, 'Forward', forward.props)),
      outcome(() => new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { proxy: config, ...controlPlane.props })),
    ];
    if (results.every((result) => result === 'ok')) {
      expectGoodOutput(chart);
    }
  }, 100);

  check('ClusterClass, config template, kubeadm objects and pod injection (cdk8s)', fc.tuple(
    mutations(CLASS_PROPS),
    mutations({ cluster: topologyClusterManifest(), machineCidrs: ['10.20.0.0/24'] }),
    mutations({ osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' }),
    mutations({ clusterName: 'demo', osFamily: 'ubuntu' }),
    mutations(INJECTION_OPTIONS),
    mutations({ proxyOptions: INJECTION_OPTIONS }),
  ), ([classProps, topology, template, kubeadm, injection, deployment]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const fixture = classFixture(CapiVersion.V1BETA2);
    let patches: cdk8s.ClusterClassProxyPatches | undefined;
    const results = [
      outcome(() => {
        patches = new cdk8s.ClusterClassProxyPatches(chart, 'Class', { ...classProps.props, clusterClass: fixture.clusterClass, templates: fixture.templates });
      }),
      patches === undefined ? 'refused' : outcome(() => new cdk8s.TopologyClusterProxy(chart, 'Topology', { classProxy: patches!, ...topology.props })),
      outcome(() => new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { proxy: config, ...template.props })),
      outcome(() => {
        new ApiObject(chart, 'Kcp', structuredClone(kubeadmControlPlaneManifest));
        cdk8s.addProxyToKubeadmObjects(chart, { proxy: config, ...kubeadm.props });
      }),
      outcome(() => {
        new ApiObject(chart, 'Workload', structuredClone(podManifest));
        cdk8s.injectProxyEnv(chart, config, injection.props);
      }),
      outcome(() => new ProxyAwareDeployment(chart, 'Aware', { proxy: config, containers: [{ name: 'main', image: 'app:1' }], ...deployment.props })),
    ];
    if (results.every((result) => result === 'ok')) {
      expectGoodOutput(chart);
    }
  }, 100);

  describe('Pulumi components (under mocks)', () => {
    beforeAll(installMocks);
    afterAll(stopCallbacks);
    let serial = 0;
    check('ProxiedCluster and KyvernoProxyPolicy', fc.tuple(mutations({ ...CLUSTER, settings: SETTINGS }), mutations({ excludeNamespaces: ['kube-system'] })), ([cluster, policy]) => {
      serial += 1;
      outcome(() => new pulumiAdapter.ProxiedCluster(`hostile-${serial}`, cluster.props));
      outcome(() => new pulumiAdapter.KyvernoProxyPolicy(`hostile-policy-${serial}`, { proxy: proxy(), ...policy.props }));
    }, 60);

    check('every other component and the transform', fc.tuple(
      mutations({ clusterName: 'demo', version: 'v1.31.2', osFamily: 'ubuntu', machineTemplate: CLUSTER.controlPlane.machineTemplate }),
      mutations({ osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' }),
      mutations({ namespaces: ['apps'], bindingName: 'inject-proxy' }),
      mutations({ namespaces: ['a'], name: 'proxy-env' }),
      mutations({ clusterName: 'wl', namespace: 'default', name: 'app', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'y' } }] }),
      mutations({ clusterName: 'mycluster', namespace: 'org-acme', apps: [{ name: 'mc-cm', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }] }),
      mutations({ network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', port: 8888 }),
      mutations({ clusterName: 'wl', namespace: 'default', vsphere: { server: 'vc.corp.example', datacenter: '/dc0' } }),
      fc.tuple(mutations(CLASS_PROPS), mutations({ cluster: topologyClusterManifest(), machineCidrs: ['10.20.0.0/24'] })),
      mutations({ metadata: { name: 'api', namespace: 'apps' }, proxyOptions: INJECTION_OPTIONS }),
      mutations({ namespaces: ['apps'], ...INJECTION_OPTIONS }),
      mutations({ settings: SETTINGS, network: NETWORK, proxyOptions: { additionalNoProxy: ['registry.internal'] } }),
    ), (cases) => {
      const [controlPlane, template, admission, sources, resourceSet, giantSwarm, forward, tkg, classCase, deployment, support, definition] = cases;
      const [classProps, topology] = classCase;
      serial += 1;
      const config = proxy();
      const fixture = classFixture(CapiVersion.V1BETA2);
      outcome(() => new pulumiAdapter.ProxiedKubeadmControlPlane(`cp-${serial}`, { proxy: config, ...controlPlane.props }));
      outcome(() => new pulumiAdapter.ProxiedKubeadmConfigTemplate(`workers-${serial}`, { proxy: config, ...template.props }));
      outcome(() => new pulumiAdapter.ProxyAdmissionPolicy(`admission-${serial}`, { proxy: config, ...admission.props }));
      outcome(() => new pulumiAdapter.ProxyEnvSources(`sources-${serial}`, { proxy: config, ...sources.props }));
      outcome(() => new pulumiAdapter.ProxyAddonResourceSet(`crs-${serial}`, { proxy: config, ...resourceSet.props }));
      outcome(() => new pulumiAdapter.GiantSwarmProxyApps(`gs-${serial}`, { proxy: config, ...giantSwarm.props }));
      outcome(() => new pulumiAdapter.InClusterForwardProxy(`forward-${serial}`, forward.props));
      outcome(() => new pulumiAdapter.TkgProxyAddons(`tkg-${serial}`, { proxy: config, ...tkg.props }));
      let patches: pulumiAdapter.ClusterClassProxyPatches | undefined;
      if (outcome(() => {
        patches = new pulumiAdapter.ClusterClassProxyPatches(`class-${serial}`, { ...classProps.props, clusterClass: fixture.clusterClass, templates: fixture.templates });
      }) === 'ok') {
        outcome(() => new pulumiAdapter.TopologyClusterProxy(`topology-${serial}`, { classProxy: patches!, ...topology.props }));
      }
      outcome(() => new pulumiAdapter.ProxyAwareDeployment(`aware-${serial}`, {
        proxy: config, spec: podManifest.spec, ...deployment.props,
      }));
      outcome(() => new pulumiAdapter.ProxyEnvSupport(`support-${serial}`, { proxy: config, ...support.props }));
      outcome(() => new pulumiAdapter.ProxyDefinition(definition.props));
      outcome(() => pulumiAdapter.proxyEnvTransform(config, support.props));
    }, 40);
  });

  check('the CLI', fc.tuple(fc.constantFrom('noproxy', 'explain', 'audit', 'import', 'render-secret'),
    fc.array(fc.oneof(fc.constantFrom('--pod-cidr', '--service-cidr', '--no-proxy', '--provider', '--provider-endpoint', '--format', '--region', '--dns-service-ip'),
      hostile.filter((value): value is string => typeof value === 'string')), { maxLength: 8 })), ([command, args]) => {
    const result = runCli([command, ...args]);
    expect([0, 1, 2]).toContain(result.exitCode);
    expect(leakedForms(result.stdout + result.stderr)).toEqual([]);
    expectNoPrototypePollution();
  }, 300);
});
