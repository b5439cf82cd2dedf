import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import * as typescript from 'typescript';
import { ClusterNetwork } from '../../src';
import { runCli } from '../../src/cli/cli';

/** `cluster-proxy import` on the documentation-derived inputs, in-process and as a real process. */

const ROOT = resolve(__dirname, '..', '..');
const FIXTURES = resolve(ROOT, 'test', 'fixtures', 'import');

/**
 * A ProxiedCluster built from an imported snippet's values as they are (`settings`, `network` when
 * the source had one, `files` when it had a profile), synthesized into `yaml`.
 */
function clusterUsage(snippet: string): string {
  const network = snippet.includes('const network = ') ? 'network' : 'new Network({ pods: [\'192.168.0.0/16\'], services: [\'172.20.0.0/16\'] })';
  const files = snippet.includes('const files: ') ? '  files,\n' : '';
  return [
    '',
    "import { App, Chart } from 'cdk8s';",
    "import { ClusterNetwork as Network } from 'cluster-proxy-constructs';",
    "import { ProxiedCluster } from 'cluster-proxy-constructs/cdk8s';",
    'const app = new App();',
    "new ProxiedCluster(new Chart(app, 'imported'), 'Imported', {",
    "  name: 'imported',",
    "  version: 'v1.31.2',",
    '  settings,',
    `  network: ${network},`,
    `${files}  infrastructureRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerCluster', name: 'imported' },`,
    "  controlPlane: { replicas: 1, machineTemplate: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerMachineTemplate', name: 'imported-cp' } },",
    '});',
    'export const yaml = app.synthYaml();',
    `export const networkJson = JSON.stringify(${network});`,
    '',
  ].join('\n');
}

describe('cluster-proxy import', () => {
  test('text: definition, notes and the per-client comparison', () => {
    const result = runCli(['import', '--from', 'eks-anywhere', join(FIXTURES, 'eks-anywhere-cluster.yaml')]);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toContain('httpProxy:  http://10.0.0.5:3128');
    expect(result.stdout).toContain('spec.proxyConfiguration.httpProxy: no scheme (host:port): "http://" added');
    expect(result.stdout).toMatch(/Per client \(\d+ destinations probed\):\n {2}http:\/\/192\.168\.0\.1\/\n {4}Node 24 http: proxy -> direct/);
  });

  test('json and ts formats; the password of the source never printed', () => {
    const file = join(FIXTURES, 'giantswarm-values.yaml');
    const json = runCli(['import', '--from', 'giantswarm', file, '--format', 'json']);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ source: 'giantswarm', needsPassword: true, files: { profile: 'giantswarm' }, settings: { username: 'myProxyUser' } });
    expect(parsed.noProxy.changes.length).toBeGreaterThan(0);
    const ts = runCli(['import', '--from', 'giantswarm', file, '--format', 'ts']);
    expect(ts.stdout).toContain('const settings = new ProxySettings({');
    expect(ts.stdout).toContain('const files: capi.NodeProxyFileOptions = { profile: capi.CompatibilityProfileName.GIANTSWARM };');
    for (const output of [json.stdout, ts.stdout]) {
      expect(output).not.toContain('mySuperSecretPassword');
    }
  });

  test('the ts format is TypeScript that compiles against the package and goes into the cdk8s API as it is, for every source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-ts-'));
    try {
      const sources: Array<[string, string]> = [['tkg', 'tkg-cluster-config.yaml'], ['giantswarm', 'giantswarm-values.yaml'],
        ['caren', 'caren-cluster.yaml'], ['eks-anywhere', 'eks-anywhere-cluster.yaml'], ['openshift', 'openshift-proxy.yaml'],
        ['eks-anywhere', join('..', 'references', 'eks-anywhere', 'inputs', 'tinkerbell.yaml')]];
      const files = sources.map(([source, fixture]) => {
        const result = runCli(['import', '--from', source, join(FIXTURES, fixture), '--format', 'ts']);
        expect(result.exitCode).toBe(0);
        const file = join(dir, `${basename(fixture, '.yaml')}.ts`);
        // What a user writes next: the snippet's values, unchanged, into ProxiedCluster (a plain
        // network object, which the construct refuses, fails to compile here).
        writeFileSync(file, `${result.stdout}${clusterUsage(result.stdout)}`);
        return file;
      });
      // The snippets name the option values by their enums, so a profile or shape the library
      // renamed would fail here.
      expect(readFileSync(files[2], 'utf8')).toContain('clusterclass.ClassVariableShape.CAREN');
      const program = typescript.createProgram(files, {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: typescript.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts'],
        module: typescript.ModuleKind.CommonJS,
        moduleResolution: typescript.ModuleResolutionKind.Node10,
        types: ['node'],
        typeRoots: [resolve(ROOT, 'node_modules', '@types')],
        baseUrl: ROOT,
        // The snippets sit in a temporary directory: the package and cdk8s resolve to this checkout's.
        paths: { 'cluster-proxy-constructs': ['src/index.ts'], 'cluster-proxy-constructs/cdk8s': ['src/cdk8s/index.ts'], 'cdk8s': ['node_modules/cdk8s'] },
        moduleDetection: typescript.ModuleDetectionKind.Force,
      });
      const problems = files.flatMap((file) => typescript.getPreEmitDiagnostics(program, program.getSourceFile(file))).map((d) => `${d.file?.fileName ?? ''}: ${typescript.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(problems).toEqual([]);
      // And each synthesizes: the snippet run as a program, through the sources (the password,
      // which no snippet copies, from the variable they read).
      process.env.PROXY_PASSWORD = 'imported-secret';
      for (const [index, file] of files.entries()) {
        const javaScript = typescript.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { module: typescript.ModuleKind.CommonJS, target: typescript.ScriptTarget.ES2022 } }).outputText
          .replace(/require\("cluster-proxy-constructs(\/cdk8s)?"\)/g, (_all, cdk8s: string | undefined) => `require(${JSON.stringify(resolve(ROOT, 'src', cdk8s ? 'cdk8s/index.ts' : 'index.ts'))})`)
          .replace('require("cdk8s")', `require(${JSON.stringify(require.resolve('cdk8s'))})`);
        const compiled = join(dir, `${basename(file, '.ts')}.js`);
        writeFileSync(compiled, javaScript);
        const synthesized = jest.requireActual(compiled) as { yaml: string; networkJson: string };
        expect(synthesized.yaml).toContain('kind: KubeadmControlPlane');
        // the snippet's network holds every fact the import found (a provider and its endpoints decide NO_PROXY entries)
        const [source, fixture] = sources[index];
        const imported = JSON.parse(runCli(['import', '--from', source, join(FIXTURES, fixture), '--format', 'json']).stdout).network;
        if (imported) {
          expect(JSON.parse(synthesized.networkJson)).toEqual(JSON.parse(JSON.stringify(new ClusterNetwork(imported))));
        }
      }
    } finally {
      delete process.env.PROXY_PASSWORD;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('network flags give an OpenShift Proxy its comparison', () => {
    const result = runCli(['import', '--from', 'openshift', join(FIXTURES, 'openshift-proxy.yaml'), '--pod-cidr', '10.128.0.0/14', '--service-cidr', '172.30.0.0/16',
      '--machine-cidr', '10.0.0.0/16', '--control-plane-endpoint', 'api-int.demo.corp.example', '--format', 'json']);
    expect(result.exitCode).toBe(0);
    const { noProxy } = JSON.parse(result.stdout);
    // With the machine network and api-int given, nothing OpenShift sent direct is proxied any more.
    expect(noProxy.changes.filter((change: { after: string }) => change.after === 'proxy')).toEqual([]);
    expect(result.stdout).not.toContain('proxypass');
  });

  test('usage errors exit 2 with one line', () => {
    expect(runCli(['import', '--from', 'rancher', 'x.yaml'])).toMatchObject({ exitCode: 2, stderr: 'cluster-proxy import: --from must be one of tkg, giantswarm, caren, eks-anywhere, openshift (got "rancher")\n' });
    expect(runCli(['import', '--from', 'tkg'])).toMatchObject({ exitCode: 2, stderr: 'cluster-proxy import: takes exactly one FILE (got none)\n' });
    expect(runCli(['import', '--from', 'tkg', '/nonexistent/file.yaml'])).toMatchObject({ exitCode: 2, stderr: 'cluster-proxy import: cannot read "/nonexistent/file.yaml": ENOENT\n' });
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    try {
      writeFileSync(join(dir, 'bad.yaml'), 'TKG_HTTP_PROXY: "http://u:s3cr3t@bad host:3128"\n');
      const bad = runCli(['import', '--from', 'tkg', join(dir, 'bad.yaml')]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/^cluster-proxy import: TKG_HTTP_PROXY: /);
      expect(bad.stderr).not.toContain('s3cr3t');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(runCli(['import', '--help']).stdout).toContain('cluster-proxy import --from tkg|giantswarm|caren|eks-anywhere|openshift FILE');
    expect(runCli(['--help']).stdout).toContain('cluster-proxy import --from SYSTEM FILE');
  });

  test('the real command reads the file (ts-node entry point)', () => {
    const main = resolve(__dirname, '..', '..', 'src', 'cli', 'main.ts');
    const result = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', main, 'import', '--from', 'caren', join(FIXTURES, 'caren-cluster.yaml'), '--format', 'json'],
      { encoding: 'utf8', cwd: resolve(__dirname, '..', '..'), timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ source: 'caren', variableShape: 'caren' });
  });
});

describe('cluster-proxy import --nodes', () => {
  test('the node report, cluster name from the objects\' label', () => {
    const args = ['import', '--from', 'tkg', join(FIXTURES, 'tkg-cluster-config.yaml'), '--nodes', join(FIXTURES, 'tkg-control-plane.yaml')];
    const text = runCli(args);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('What changes on the nodes:\nKubeadmControlPlane/cluster-control-plane\n  ~ /etc/systemd/system/containerd.service.d/http-proxy.conf\n');
    const json = JSON.parse(runCli([...args, '--format', 'json']).stdout);
    expect(json.nodes[0].object).toBe('KubeadmControlPlane/cluster-control-plane');
    expect(runCli(['import', '--from', 'giantswarm', join(FIXTURES, 'giantswarm-cluster-values.yaml'), '--nodes', join(FIXTURES, 'tkg-control-plane.yaml')]))
      .toMatchObject({ exitCode: 2, stderr: 'cluster-proxy import: --nodes needs the cluster network: give --pod-cidr and --service-cidr\n' });
  });
});

describe('cluster-proxy import --nodes --check-no-roll', () => {
  const tkgArgs = ['import', '--from', 'tkg', join(FIXTURES, 'tkg-cluster-config.yaml')];

  test('the control plane TKG renders rolls nothing: the library adopts it with its bytes, and exits 0', () => {
    const text = runCli([...tkgArgs, '--nodes', join(FIXTURES, 'tkg-control-plane.yaml'), '--check-no-roll']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('What the library renders to adopt the cluster, against what it runs:\n'
      + 'KubeadmControlPlane/cluster-control-plane\n  no change\n  rolls nothing: the spec is byte for byte the same\n');
    expect(text.stdout).toMatch(/\nNo machine rolls: every spec the cluster runs is byte for byte what the library renders to adopt it\.\n$/);
    // without --check-no-roll the report plans the move to the library's own layout, which rolls
    const plan = JSON.parse(runCli([...tkgArgs, '--nodes', join(FIXTURES, 'tkg-control-plane.yaml'), '--format', 'json']).stdout);
    expect(plan.nodes[0].rollingFields.length).toBeGreaterThan(0);
  });

  test('a control plane whose files differ names every field that would roll the machines, and exits 1', () => {
    // one drop-in edited by hand on the running cluster: its NO_PROXY lacks an entry
    const running = readFileSync(join(FIXTURES, 'tkg-control-plane.yaml'), 'utf8').replace('127.0.0.1,100.64.0.0/13', '100.64.0.0/13');
    const dir = mkdtempSync(join(tmpdir(), 'no-roll-'));
    try {
      writeFileSync(join(dir, 'running.yaml'), running);
      const text = runCli([...tkgArgs, '--nodes', join(dir, 'running.yaml'), '--check-no-roll']);
      expect(text.exitCode).toBe(1);
      expect(text.stdout).toContain('  rolls its machines: 1 field of the spec differ\n      spec.kubeadmConfigSpec.files[0].content\n');
      expect(text.stdout).toMatch(/\nMachines would roll: the fields named above differ from what the cluster runs\.\n$/);
      const json = JSON.parse(runCli([...tkgArgs, '--nodes', join(dir, 'running.yaml'), '--check-no-roll', '--format', 'json']).stdout);
      expect([json.rollsNothing, json.nodes[0].rollingFields]).toEqual([false, ['spec.kubeadmConfigSpec.files[0].content']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('without --nodes it is a usage error, unless FILE is a Cluster of its system\'s own class', () => {
    expect(runCli([...tkgArgs, '--check-no-roll'])).toMatchObject({
      exitCode: 2,
      stderr: 'cluster-proxy import: --check-no-roll needs --nodes (the KubeadmControlPlane and KubeadmConfigTemplates the cluster runs), '
        + 'unless FILE is a Cluster of its system\'s own ClusterClass\n',
    });
  });
});

describe('cluster-proxy import --check-no-roll on a Cluster of its system\'s own ClusterClass', () => {
  const TKG_CLUSTER = join(__dirname, '..', 'fixtures', 'references', 'tkg', 'inputs', 'clusterclass-vsphere', 'cluster.yaml');

  test.each([
    ['tkg', TKG_CLUSTER],
    ['caren', join(__dirname, '..', 'fixtures', 'references', 'caren', 'inputs', 'nutanix.yaml')],
  ])('%s: the library takes over the variable and the topology stays byte for byte: exit 0', (from, file) => {
    const text = runCli(['import', '--from', from, file, '--check-no-roll']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/\nNo machine rolls: set from this definition with systemClass, the Cluster's topology is byte for byte what it runs/);
    const json = JSON.parse(runCli(['import', '--from', from, file, '--check-no-roll', '--format', 'json']).stdout);
    expect([json.rollsNothing, json.rollingFields]).toEqual([true, []]);
  });

  test('an entry the definition writes differently is named, and exits 1', () => {
    // the library writes a host name in lower case, so the variable would change and TKG's class roll the machines
    const dir = mkdtempSync(join(tmpdir(), 'no-roll-'));
    try {
      writeFileSync(join(dir, 'cluster.yaml'), readFileSync(TKG_CLUSTER, 'utf8').replace('- registry.internal', '- REGISTRY.internal'));
      const text = runCli(['import', '--from', 'tkg', join(dir, 'cluster.yaml'), '--check-no-roll']);
      expect(text.exitCode).toBe(1);
      expect(text.stdout).toMatch(/\nMachines would roll: set from this definition with systemClass, the Cluster's topology differs in\n  spec\.topology\.variables\[0\]\.value\.noProxy\[2\]\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
