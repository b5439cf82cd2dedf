import * as fs from 'node:fs';
import * as path from 'node:path';
import { Chart, Testing } from 'cdk8s';
import * as plus28 from 'cdk8s-plus-28';
import * as plus33 from 'cdk8s-plus-33';
import * as entry28 from '../../../src/cdk8s/plus/cdk8s-plus-28';
import * as entry33 from '../../../src/cdk8s/plus/cdk8s-plus-33';
import { expectValid } from '../../core/workloads/validate';
import { proxyConfig } from '../../support/fixtures/workloads';
import { modulesLoadedBy, REPO_ROOT } from '../../support/module-loading';

/**
 * ProxyAwareDeployment on every cdk8s-plus line the package declares (its cdk8s-plus-NN peers),
 * each from its own entry point and built on that line's own Deployment. The typed case is written
 * out for 28 and 33 as an app on each line writes it (that line's EnvValue, ServiceAccount), so the
 * type check of the tests covers both lines' typings.
 */

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const lines: string[] = Object.keys(pkg.peerDependencies).filter((name) => /^cdk8s-plus-\d+$/.test(name)).sort();

type Plus = typeof plus28 | typeof plus33;
type Entry = typeof entry28 | typeof entry33;

/** A Deployment using the line's own classes; returns the synthesized manifests. */
function synthOn(plus: Plus, entry: Entry): any[] {
  const chart: Chart = Testing.chart();
  const plusAny = plus as typeof plus33;
  const serviceAccount = new plusAny.ServiceAccount(chart, 'sa', { metadata: { name: 'cert-manager', namespace: 'kube-system' } });
  const deployment = new (entry as typeof entry33).ProxyAwareDeployment(chart, 'cert-manager', {
    proxy: proxyConfig(),
    metadata: { name: 'cert-manager', namespace: 'kube-system' },
    serviceAccount,
    containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.0', envVariables: { LOG_LEVEL: plusAny.EnvValue.fromValue('2') } }],
  });
  deployment.addContainer({ name: 'later', image: 'busybox:1.36' });
  return Testing.synth(chart);
}

describe('ProxyAwareDeployment on every cdk8s-plus line', () => {
  test('the package declares the lines 28 to 33, each with its own entry point', () => {
    expect(lines).toEqual(['cdk8s-plus-28', 'cdk8s-plus-29', 'cdk8s-plus-30', 'cdk8s-plus-31', 'cdk8s-plus-32', 'cdk8s-plus-33']);
    for (const line of lines) {
      expect(pkg.exports[`./${line}`]).toEqual({ types: `./lib/cdk8s/plus/${line}.d.ts`, default: `./lib/cdk8s/plus/${line}.bundle.js` });
    }
  });

  test('typed against cdk8s-plus-28 and cdk8s-plus-33: each line\'s own objects go in', () => {
    // written out (not looped) so tsc checks each line's types against its own entry point
    const on28 = new entry28.ProxyAwareDeployment(Testing.chart(), 'd', {
      proxy: proxyConfig(), containers: [{ name: 'c', image: 'app:1', envVariables: { A: plus28.EnvValue.fromValue('1') } }],
    });
    const on33 = new entry33.ProxyAwareDeployment(Testing.chart(), 'd', {
      proxy: proxyConfig(), containers: [{ name: 'c', image: 'app:1', envVariables: { A: plus33.EnvValue.fromValue('1') } }],
    });
    expect(on28).toBeInstanceOf(plus28.Deployment);
    expect(on33).toBeInstanceOf(plus33.Deployment);
    expect(on33).not.toBeInstanceOf(plus28.Deployment);
  });

  test.each(lines)('%s: containers (also those added later) carry the proxy env, and the output validates', async (line) => {
    const plus: Plus = await import(line);
    const entry: Entry = await import(path.join(REPO_ROOT, 'src', 'cdk8s', 'plus', line));
    const manifests = synthOn(plus, entry);
    const spec = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
    expect(spec.serviceAccountName).toBe('cert-manager');
    for (const container of spec.containers) {
      expect(container.env.map((v: any) => v.name)).toEqual(expect.arrayContaining(['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'no_proxy']));
    }
    expect(manifests.filter((m) => m.kind === 'Secret').map((s) => s.metadata.name)).toEqual(['cluster-proxy-env']);
    expectValid(manifests);
  });

  test('each entry point loads its own line and no other', () => {
    for (const line of ['cdk8s-plus-28', 'cdk8s-plus-33']) {
      const loaded = modulesLoadedBy(path.join(REPO_ROOT, 'src', 'cdk8s', 'plus', `${line}.ts`));
      const plusLines = new Set(loaded.map((file) => /node_modules\/(cdk8s-plus-\d+)\//.exec(file)?.[1]).filter(Boolean));
      expect([...plusLines]).toEqual([line]);
    }
  });
});
