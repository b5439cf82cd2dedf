import * as path from 'node:path';
import { ApiObject, App, Include, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { injectProxyEnv, ProxyEnv } from '../../../src/cdk8s/workloads';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { expectValid } from '../../core/workloads/validate';
import { CORPORATE_CA, anonymousProxyConfig, passwordForms, proxyConfig } from '../../support/fixtures/workloads';

const IMPORTED = path.join(__dirname, '..', '..', 'fixtures', 'workloads', 'imported-chart.yaml');

function deployment(scope: Construct, id: string, props: { name: string; namespace?: string; env?: object[] }): ApiObject {
  return new ApiObject(scope, id, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: props.name, ...(props.namespace ? { namespace: props.namespace } : {}) },
    spec: {
      selector: { matchLabels: { app: props.name } },
      template: { metadata: { labels: { app: props.name } }, spec: { containers: [{ name: 'main', image: 'app:1', ...(props.env ? { env: props.env } : {}) }] } },
    },
  });
}
const find = (manifests: any[], kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
const envNames = (container: any): string[] => (container.env ?? []).map((v: any) => v.name);

describe('injectProxyEnv', () => {
  test('raw ApiObjects and included (Helm-like) manifests get the env; user env and opt-outs survive', () => {
    const config = proxyConfig();
    const chart = Testing.chart();
    deployment(chart, 'api', { name: 'api', namespace: 'apps', env: [{ name: 'no_proxy', value: 'mine' }] });
    new Include(chart, 'imported', { url: IMPORTED });
    injectProxyEnv(chart, config);
    const manifests = Testing.synth(chart);

    const api = find(manifests, 'Deployment', 'api').spec.template.spec.containers[0];
    expect(envNames(api)).toEqual(['no_proxy', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']);
    expect(api.env[0]).toEqual({ name: 'no_proxy', value: 'mine' });

    const alertmanager = find(manifests, 'StatefulSet', 'alertmanager').spec.template.spec;
    expect(alertmanager.containers[0].env[0]).toEqual({ name: 'HTTPS_PROXY', value: 'http://egress.monitoring.example:8080' });
    expect(envNames(alertmanager.containers[0])).not.toContain('https_proxy');
    expect(envNames(alertmanager.containers[1])).toContain('NO_PROXY');
    expect(envNames(alertmanager.initContainers[0])).toContain('HTTP_PROXY');
    expect(alertmanager.containers[1].env.find((v: any) => v.name === 'NO_PROXY').value).toBe(config.environment.noProxy);

    expect(find(manifests, 'CronJob', 'backup').spec.jobTemplate.spec.template.spec.containers[0].env).toBeUndefined();
    expectValid(manifests);
  });

  test('one proxy Secret per namespace that has an injected workload, never a literal password', () => {
    const chart = Testing.chart();
    deployment(chart, 'a', { name: 'a', namespace: 'apps' });
    deployment(chart, 'b', { name: 'b', namespace: 'apps' });
    deployment(chart, 'c', { name: 'c', namespace: 'batch' });
    injectProxyEnv(chart, proxyConfig());
    const manifests = Testing.synth(chart);
    const secrets = manifests.filter((m) => m.kind === 'Secret');
    expect(secrets.map((s) => s.metadata.namespace).sort()).toEqual(['apps', 'batch']);
    const yaml = (App.of(chart) as App).synthYaml();
    for (const form of passwordForms()) {
      expect(JSON.stringify(manifests.filter((m) => m.kind !== 'Secret'))).not.toContain(form);
      expect(yaml.split('---').filter((doc) => !doc.includes('kind: Secret')).join()).not.toContain(form);
    }
  });

  test('objects added after the call are covered; repeated synths add nothing twice', () => {
    const chart = Testing.chart();
    injectProxyEnv(chart, anonymousProxyConfig());
    deployment(chart, 'late', { name: 'late', namespace: 'apps' });
    const first = Testing.synth(chart);
    const second = Testing.synth(chart);
    expect(second).toEqual(first);
    expect(envNames(find(first, 'Deployment', 'late').spec.template.spec.containers[0])).toHaveLength(6);
    expect(first.filter((m) => m.kind === 'Secret')).toEqual([]);
  });

  test('the CA ConfigMap lands next to the workloads; objects without namespace get objects without namespace', () => {
    const chart = Testing.chart();
    deployment(chart, 'plain', { name: 'plain' });
    injectProxyEnv(chart, proxyConfig({ trustedCaPem: CORPORATE_CA }));
    const manifests = Testing.synth(chart);
    const support = manifests.filter((m) => m.kind === 'Secret' || m.kind === 'ConfigMap');
    expect(support.map((m) => [m.kind, m.metadata.namespace])).toEqual([['Secret', undefined], ['ConfigMap', undefined]]);
    expect(find(manifests, 'Deployment', 'plain').spec.template.spec.volumes).toEqual([{ name: 'cluster-proxy-ca', configMap: { name: 'cluster-proxy-ca' } }]);
    expectValid(manifests);
  });

  test('exclusions: namespaces, names, containers', () => {
    const chart = Testing.chart();
    deployment(chart, 'skipped-ns', { name: 'x', namespace: 'legacy' });
    deployment(chart, 'skipped-name', { name: 'capi-manager', namespace: 'apps' });
    injectProxyEnv(chart, anonymousProxyConfig(), { excludeNamespaces: ['legacy'], excludeNames: ['capi-*'], excludeContainers: ['main'] });
    new Include(chart, 'imported', { url: IMPORTED });
    const manifests = Testing.synth(chart);
    expect(find(manifests, 'Deployment', 'x').spec.template.spec.containers[0].env).toBeUndefined();
    expect(find(manifests, 'Deployment', 'capi-manager').spec.template.spec.containers[0].env).toBeUndefined();
    expect(envNames(find(manifests, 'StatefulSet', 'alertmanager').spec.template.spec.containers[1])).toContain('NO_PROXY');
  });

  test('two different configurations cannot share one Secret name in a namespace', () => {
    const chart = Testing.chart();
    const teamA = new Construct(chart, 'team-a');
    const teamB = new Construct(chart, 'team-b');
    deployment(teamA, 'a', { name: 'a', namespace: 'apps' });
    deployment(teamB, 'b', { name: 'b', namespace: 'apps' });
    injectProxyEnv(teamA, proxyConfig());
    injectProxyEnv(teamB, proxyConfig({ password: 'other' }));
    let error: unknown;
    try {
      Testing.synth(chart);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect((error as Error).message).toBe('secretName: two different proxy configurations both need the Secret "cluster-proxy-env" in namespace "apps" with different content; give one of them another name');
  });
});

describe('ProxyEnv.inject (injectProxyEnv for the jsii languages)', () => {
  test('injects what injectProxyEnv injects, with the same options, and returns the injection', () => {
    const synthesized = (inject: (chart: Construct) => unknown) => {
      const chart = Testing.chart();
      deployment(chart, 'api', { name: 'api', namespace: 'apps' });
      const injection = inject(chart);
      return { injection, manifests: Testing.synth(chart) };
    };
    const config = proxyConfig();
    const options = { secretName: 'egress-env' };
    const viaClass = synthesized((chart) => ProxyEnv.inject(chart, config, options));
    const viaFunction = synthesized((chart) => injectProxyEnv(chart, config, options));
    expect(viaClass.manifests).toEqual(viaFunction.manifests);
    expect(find(viaClass.manifests, 'Secret', 'egress-env')).toBeDefined();
    expect(envNames(find(viaClass.manifests, 'Deployment', 'api').spec.template.spec.containers[0])).toContain('HTTPS_PROXY');
    expect(viaClass.injection).toEqual(viaFunction.injection);
  });
});
