import { Testing } from 'cdk8s';
import { EnvValue, Namespace } from 'cdk8s-plus-28';
import { ProxyAwareDeployment } from '../../../src/cdk8s/plus';
import { expectValid } from '../../core/workloads/validate';
import { CORPORATE_CA, passwordForms, proxyConfig } from '../../support/fixtures/workloads';

const envNames = (container: any): string[] => (container.env ?? []).map((v: any) => v.name);

describe('ProxyAwareDeployment', () => {
  test('containers (also those added later) carry the proxy env; the Secret lands in its namespace', () => {
    const chart = Testing.chart();
    const config = proxyConfig();
    const deployment = new ProxyAwareDeployment(chart, 'cert-manager', {
      proxy: config,
      metadata: { name: 'cert-manager', namespace: 'kube-system' },
      containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.0', envVariables: { HTTP_PROXY: EnvValue.fromValue('http://mine:1') } }],
    });
    deployment.addContainer({ name: 'later', image: 'busybox:1.36' });
    deployment.addInitContainer({ name: 'init', image: 'busybox:1.36' });
    const manifests = Testing.synth(chart);
    const spec = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
    const controller = spec.containers.find((c: any) => c.name === 'controller');
    expect(controller.env.filter((v: any) => v.name.toUpperCase() === 'HTTP_PROXY')).toEqual([{ name: 'HTTP_PROXY', value: 'http://mine:1' }]);
    expect(envNames(controller)).toEqual(expect.arrayContaining(['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']));
    expect(envNames(spec.containers.find((c: any) => c.name === 'later'))).toHaveLength(6);
    expect(envNames(spec.initContainers[0])).toHaveLength(6);
    expect(controller.env.find((v: any) => v.name === 'NO_PROXY').value).toBe(config.environment.noProxy);

    const secrets = manifests.filter((m) => m.kind === 'Secret');
    expect(secrets.map((s) => [s.metadata.name, s.metadata.namespace])).toEqual([['cluster-proxy-env', 'kube-system']]);
    for (const form of passwordForms()) {
      expect(JSON.stringify(manifests.filter((m) => m.kind !== 'Secret'))).not.toContain(form);
    }
    expectValid(manifests);
  });

  test('two deployments in one namespace share one Secret; the CA is mounted; excluded containers are left alone', () => {
    const chart = Testing.chart();
    const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
    new Namespace(chart, 'ns', { metadata: { name: 'tools' } });
    for (const name of ['a', 'b']) {
      new ProxyAwareDeployment(chart, name, {
        proxy: config,
        proxyOptions: { excludeContainers: ['exporter'] },
        metadata: { namespace: 'tools' },
        containers: [{ name: 'main', image: 'app:1' }, { name: 'exporter', image: 'exporter:1' }],
      });
    }
    const manifests = Testing.synth(chart);
    expect(manifests.filter((m) => m.kind === 'Secret')).toHaveLength(1);
    expect(manifests.filter((m) => m.kind === 'ConfigMap')).toHaveLength(1);
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
      const [main, exporter] = deployment.spec.template.spec.containers;
      expect(main.volumeMounts).toContainEqual({ name: 'cluster-proxy-ca', mountPath: '/etc/cluster-proxy/ca', readOnly: true });
      expect(envNames(main)).toContain('SSL_CERT_FILE');
      expect(exporter.env).toBeUndefined();
    }
    expectValid(manifests);
  });

  test('errors in proxyOptions name the option under proxyOptions', () => {
    const build = (proxyOptions: unknown) => () => new ProxyAwareDeployment(Testing.chart(), 'd', {
      proxy: proxyConfig(), proxyOptions: proxyOptions as never, containers: [{ name: 'main', image: 'app:1' }],
    });
    expect(build({ excludeContainers: ['Bad_Name'] })).toThrow(/^proxyOptions\.excludeContainers\[0\]: /);
    expect(build({ trustBundle: { mountPath: '/etc' } })).toThrow(/^proxyOptions\.trustBundle\.mountPath: /);
    expect(build({ secretNam: 'x' })).toThrow(/^proxyOptions\.secretNam: is not a proxy injection option; did you mean secretName\?$/);
    expect(build('all')).toThrow(/^proxyOptions: must be an object of proxy injection options \(got "all"\)$/);
  });
});
