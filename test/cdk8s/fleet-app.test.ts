import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiObject, App, AppProps, Chart, YamlOutputType } from 'cdk8s';
import { FleetApp, ProxiedCluster } from '../../src/cdk8s';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings } from '../../src/core/definition/proxy-settings';

const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta2';

/** A fleet of `count` one-cluster charts, the last depending on the first; counts how often the app is validated. */
function fleet(app: App, count: number): { validations: () => number } {
  let validations = 0;
  const charts = Array.from({ length: count }, (_, i) => {
    const chart = new Chart(app, `cluster-${i}`, { namespace: 'fleet' });
    new ProxiedCluster(chart, 'Cluster', {
      name: `c${i}`,
      version: 'v1.31.2',
      settings: new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', username: 'u', password: 'p' }),
      network: new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: `api.c${i}.example` }),
      infrastructureRef: { apiVersion: INFRA, kind: 'AWSCluster', name: `c${i}` },
      controlPlane: { machineTemplate: { apiVersion: INFRA, kind: 'AWSMachineTemplate', name: `c${i}-cp` } },
      workerPools: [{ name: 'md-0', machineTemplate: { apiVersion: INFRA, kind: 'AWSMachineTemplate', name: `c${i}-md-0` } }],
    });
    return chart;
  });
  charts[0].node.addValidation({ validate: () => { validations++; return []; } });
  charts[count - 1].addDependency(charts[0]);
  return { validations: () => validations };
}

function synthFiles(make: (props: AppProps) => App, yamlOutputType: YamlOutputType): Record<string, string> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-app-'));
  try {
    const app = make({ outdir, yamlOutputType });
    fleet(app, 4);
    app.synth();
    const files = fs.readdirSync(outdir, { recursive: true }) as string[];
    return Object.fromEntries(files.filter((f) => f.endsWith('.yaml')).sort().map((f) => [f, fs.readFileSync(path.join(outdir, f), 'utf8')]));
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

describe('FleetApp', () => {
  test('synthYaml() is byte-identical to App, and validates the app once instead of once per chart', () => {
    const plain = new App();
    const plainCount = fleet(plain, 5);
    const app = new FleetApp();
    const count = fleet(app, 5);
    expect(app.synthYaml()).toBe(plain.synthYaml());
    expect(count.validations()).toBe(1);
    expect(plainCount.validations()).toBe(6); // once by synthYaml, again for every chart
  });

  test.each([
    YamlOutputType.FILE_PER_CHART, YamlOutputType.FILE_PER_APP, YamlOutputType.FILE_PER_RESOURCE, YamlOutputType.FOLDER_PER_CHART_FILE_PER_RESOURCE,
  ])('synth() writes the same files as App (output type %s)', (type) => {
    const expected = synthFiles((props) => new App(props), type);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(synthFiles((props) => new FleetApp(props), type)).toEqual(expected);
  });

  test('a failing validation still fails synthesis, naming the construct', () => {
    const app = new FleetApp();
    fleet(app, 2);
    const chart = app.node.findChild('cluster-1') as Chart;
    chart.node.addValidation({ validate: () => ['the proxy is wrong'] });
    expect(() => app.synthYaml()).toThrow(/\[cluster-1\] the proxy is wrong/);
  });

  test('a chart that overrides toJson() keeps its own, and charts are back to normal after synthesis', () => {
    class Custom extends Chart {
      public toJson(): any[] {
        return [...super.toJson(), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra' } }];
      }
    }
    const app = new FleetApp();
    const custom = new Custom(app, 'custom');
    new ApiObject(custom, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'own' } });
    const plainChart = new Chart(app, 'plain');
    new ApiObject(plainChart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' } });
    expect(app.synthYaml()).toMatch(/name: own[\s\S]*name: extra[\s\S]*name: other/);
    expect(Object.prototype.hasOwnProperty.call(plainChart, 'toJson')).toBe(false);
  });
});
