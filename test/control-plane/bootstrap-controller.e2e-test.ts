/**
 * The library's node files as Cluster API itself renders them: its kubeadm bootstrap provider
 * (the real controller, run against the local control plane) turns the library's
 * KubeadmControlPlane into the first control-plane machine's cloud-config and Ignition config, and
 * the worker pool's KubeadmConfigTemplate into a worker's (`kubeadm join`, with the join token it
 * creates), resolving the files' `contentFrom` from the library's Secret. Proven here: every file arrives
 * with the Secret's content, its owner and its mode; the library's preKubeadmCommands run before
 * kubeadm; the Ignition config is one Flatcar's Ignition validates.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { BootstrapController, BootstrapData, startBootstrapController } from '../support/control-plane/bootstrap-controller';
import { ControlPlane, startControlPlane, toolPath } from '../support/control-plane/control-plane';
import { CA_1 } from '../support/fixtures/cluster';
import { nodeBootstrapFromLibrary, NodeBootstrapOutput, secretFiles } from '../vm/library-output';

/** The VM test's password: every character the quoting of proxy passwords is about. */
const HARD_PASSWORD = 'p@ss: /%#?"\'\\$! &w0rd  xü';

let controlPlane: ControlPlane;
let controller: BootstrapController;

beforeAll(async () => {
  controlPlane = await startControlPlane();
  controller = await startBootstrapController(controlPlane);
}, 300_000);

afterAll(async () => {
  await controller?.stop();
  await controlPlane?.stop();
});

function libraryObjects(format: BootstrapFormat): NodeBootstrapOutput {
  return nodeBootstrapFromLibrary({
    clusterName: 'vm',
    namespace: `clusters-${format}`,
    kubernetesVersion: 'v1.31.2',
    proxyUrl: 'http://proxy.vm.test:3128',
    username: 'svc-k8s@corp.test',
    password: HARD_PASSWORD,
    noProxy: ['.corp.test'],
    trustedCaPem: CA_1,
    network: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.vm.test' },
    bootstrapFormat: format,
  });
}

async function render(library: NodeBootstrapOutput): Promise<BootstrapData> {
  return controller.renderInitControlPlane({ cluster: library.cluster, kubeadmControlPlane: library.kubeadmControlPlane, secrets: [library.secret] });
}

function preKubeadmCommands(library: NodeBootstrapOutput): string[] {
  return (library.kubeadmControlPlane.spec as any).kubeadmConfigSpec.preKubeadmCommands;
}

/** The worker pool's kubeadm config spec (the KubeadmConfigTemplate's). */
function workerSpec(library: NodeBootstrapOutput): any {
  return (library.kubeadmConfigTemplate.spec as any).template.spec;
}

/** A worker machine's bootstrap data, once the control plane's first machine is rendered. */
async function renderWorker(library: NodeBootstrapOutput): Promise<BootstrapData> {
  const objects = { cluster: library.cluster, kubeadmControlPlane: library.kubeadmControlPlane, secrets: [library.secret] };
  return controller.renderJoinWorker(objects, library.kubeadmConfigTemplate);
}

/** The content of an Ignition `data:` URL (RFC 2397: percent-encoded, or base64). */
function dataUrlContent(url: string): string {
  const match = /^data:([^,]*),(.*)$/s.exec(url);
  if (!match) {
    throw new Error(`not a data URL: ${url.slice(0, 40)}`);
  }
  return match[1].endsWith(';base64') ? Buffer.from(match[2], 'base64').toString('utf8') : decodeURIComponent(match[2]);
}

describe('cloud-config: the first control-plane machine', () => {
  let library: NodeBootstrapOutput;
  let data: BootstrapData;
  let cloudConfig: any;

  beforeAll(async () => {
    library = libraryObjects(BootstrapFormat.CLOUD_CONFIG);
    data = await render(library);
    cloudConfig = parse(data.value);
  }, 120_000);

  test('is a cloud-config that cloud-init renders through Jinja first', () => {
    expect(data.format).toBe('cloud-config');
    expect(data.value.startsWith('## template: jinja\n#cloud-config\n')).toBe(true);
  });

  test('writes every file of the library with the Secret\'s content, its owner and its permissions', () => {
    for (const file of secretFiles((library.kubeadmControlPlane.spec as any).kubeadmConfigSpec.files, library.secret)) {
      const written = cloudConfig.write_files.filter((entry: any) => entry.path === file.path);
      expect(written).toEqual([{ path: file.path, owner: file.owner, permissions: file.permissions, content: file.content }]);
    }
  });

  test('runs the library\'s preKubeadmCommands, in order, before kubeadm init with the configuration it writes', () => {
    const commands: string[] = cloudConfig.runcmd;
    const kubeadm = commands.findIndex((command) => /^kubeadm init /.test(command));
    expect(commands.slice(0, kubeadm)).toEqual(preKubeadmCommands(library));
    expect(commands[kubeadm]).toBe('kubeadm init --config /run/kubeadm/kubeadm.yaml  && echo success > /run/cluster-api/bootstrap-success.complete');
    const kubeadmConfig = cloudConfig.write_files.find((entry: any) => entry.path === '/run/kubeadm/kubeadm.yaml');
    const [clusterConfiguration, initConfiguration] = kubeadmConfig.content.split(/^---\n/m).filter(Boolean).map((document: string) => parse(document));
    expect(clusterConfiguration).toMatchObject({ kind: 'ClusterConfiguration', controlPlaneEndpoint: 'api.vm.test:6443', clusterName: 'vm', kubernetesVersion: 'v1.31.2' });
    expect(initConfiguration).toMatchObject({ kind: 'InitConfiguration' });
  });

  test('a worker machine (kubeadm join, from the pool\'s KubeadmConfigTemplate) gets the same files from the Secret and the library\'s commands first', async () => {
    const worker = parse((await renderWorker(library)).value);
    const files = secretFiles(workerSpec(library).files, library.secret);
    const controlPlaneFiles = secretFiles((library.kubeadmControlPlane.spec as any).kubeadmConfigSpec.files, library.secret);
    expect(files.map((file) => file.path)).toEqual(controlPlaneFiles.map((file) => file.path));
    for (const file of files) {
      const written = worker.write_files.filter((entry: any) => entry.path === file.path);
      expect(written).toEqual([{ path: file.path, owner: file.owner, permissions: file.permissions, content: file.content }]);
    }
    const commands: string[] = worker.runcmd;
    const kubeadm = commands.findIndex((command) => /^kubeadm join /.test(command));
    expect(commands.slice(0, kubeadm)).toEqual(workerSpec(library).preKubeadmCommands);
    const joinConfiguration = parse(worker.write_files.find((entry: any) => entry.path === '/run/kubeadm/kubeadm-join-config.yaml').content);
    expect(joinConfiguration).toMatchObject({ kind: 'JoinConfiguration', discovery: { bootstrapToken: { apiServerEndpoint: 'api.vm.test:6443' } } });
  }, 120_000);
});

describe('Ignition: the first control-plane machine', () => {
  let library: NodeBootstrapOutput;
  let data: BootstrapData;
  let config: any;

  beforeAll(async () => {
    library = libraryObjects(BootstrapFormat.IGNITION);
    data = await render(library);
    config = JSON.parse(data.value);
  }, 120_000);

  test('is an Ignition config (spec 2.3, from Flatcar\'s Container Linux Config) that Flatcar\'s ignition-validate accepts', () => {
    expect(data.format).toBe('ignition');
    expect(config.ignition.version).toBe('2.3.0');
    const work = mkdtempSync(join(tmpdir(), 'bootstrap-ignition-'));
    try {
      writeFileSync(join(work, 'config.ign'), data.value);
      const flatcar = spawnSync(toolPath('flatcar-ignition-validate'), [join(work, 'config.ign')], { encoding: 'utf8', timeout: 60_000 });
      expect({ status: flatcar.status, errors: `${flatcar.stdout}${flatcar.stderr}`.split('\n').filter((line) => /error/i.test(line)) }).toEqual({ status: 0, errors: [] });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test('writes every file of the library with the Secret\'s content, its owner and its mode', () => {
    for (const file of secretFiles((library.kubeadmControlPlane.spec as any).kubeadmConfigSpec.files, library.secret)) {
      const written = config.storage.files.filter((entry: any) => entry.path === file.path);
      expect(written).toHaveLength(1);
      // The library sets both on every file.
      const [user, group] = file.owner!.split(':');
      expect(written[0]).toMatchObject({ filesystem: 'root', path: file.path, mode: parseInt(file.permissions!, 8), user: { name: user }, group: { name: group } });
      expect(dataUrlContent(written[0].contents.source)).toBe(file.content);
    }
  });

  test('runs the library\'s preKubeadmCommands, in order, before kubeadm init, from the script kubeadm.service starts', () => {
    const script = dataUrlContent(config.storage.files.find((entry: any) => entry.path === '/etc/kubeadm.sh').contents.source);
    const lines = script.split('\n');
    const kubeadm = lines.findIndex((line) => /^kubeadm init /.test(line));
    expect(lines.slice(0, kubeadm).filter((line) => line !== '')).toEqual(['#!/bin/bash', 'set -e', ...preKubeadmCommands(library)]);
    expect(lines[kubeadm]).toBe('kubeadm init --config /etc/kubeadm.yml ');
    const unit = config.systemd.units.find((entry: any) => entry.name === 'kubeadm.service');
    expect(unit).toMatchObject({ enabled: true, contents: expect.stringContaining('ExecStart=/bin/bash /etc/kubeadm.sh') });
  });

  test('a worker machine (kubeadm join) gets the same files from the Secret and the library\'s commands first', async () => {
    const worker = JSON.parse((await renderWorker(library)).value);
    for (const file of secretFiles(workerSpec(library).files, library.secret)) {
      const written = worker.storage.files.filter((entry: any) => entry.path === file.path);
      expect(written).toHaveLength(1);
      expect(dataUrlContent(written[0].contents.source)).toBe(file.content);
    }
    const lines = dataUrlContent(worker.storage.files.find((entry: any) => entry.path === '/etc/kubeadm.sh').contents.source).split('\n');
    const kubeadm = lines.findIndex((line) => /^kubeadm join /.test(line));
    expect(lines.slice(0, kubeadm).filter((line) => line !== '')).toEqual(['#!/bin/bash', 'set -e', ...workerSpec(library).preKubeadmCommands]);
  }, 120_000);
});
