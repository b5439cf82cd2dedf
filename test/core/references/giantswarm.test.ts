import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { giantSwarmProxySetup } from '../../../src/core/addons/giantswarm/setup';
import { GiantSwarmValuesLayout } from '../../../src/core/addons/giantswarm-values-layout';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { VariableStyle } from '../../../src/core/node-files/options';

/**
 * The `giantswarm` profile against Giant Swarm's own code (test/fixtures/references/giantswarm, see
 * its SOURCE.md): the `cluster` chart rendered by Helm, and cluster-apps-operator's
 * `<cluster>-systemd-proxy` Secret rendered by its own resource code. The library's node files and
 * Secret for the same values (the importer reading the chart's input values) are compared byte for
 * byte with them. Every difference is in a ledger below, one entry per cause, so a difference
 * appearing or disappearing fails the test. The proxy URLs and NO_PROXY are compared once as
 * values, then replaced by placeholders, so each other difference shows on its own.
 */

const REFERENCE = join(__dirname, '..', '..', 'fixtures', 'references', 'giantswarm');

interface Difference {
  readonly point: string;
  readonly theirs: string;
  readonly ours: string;
}

/** The proxy parts of one node configuration: its drop-ins (content decoded) and commands. */
interface NodeProxyParts {
  readonly files: Array<Record<string, string>>;
  readonly commands: string[];
  /** The commands before the proxy's (the chart's), or the library's position. */
  readonly position: string;
}

const PROXY_VARIABLE = /^(HTTP_PROXY|HTTPS_PROXY|NO_PROXY|http_proxy|https_proxy|no_proxy)$/;

function decoded(file: Record<string, string>): Record<string, string> {
  return file.encoding === 'base64' ? { ...file, content: Buffer.from(file.content, 'base64').toString('utf8') } : file;
}

/** The chart's proxy parts in each KubeadmControlPlane and KubeadmConfig of the rendered stream. */
function chartParts(name: string): Map<string, NodeProxyParts> {
  const parts = new Map<string, NodeProxyParts>();
  for (const document of parseAllDocuments(readFileSync(join(REFERENCE, 'rendered', `${name}.yaml`), 'utf8'))) {
    const object = document.toJS();
    const spec = object.kind === 'KubeadmControlPlane' ? object.spec.kubeadmConfigSpec : object.spec;
    const commands: string[] = spec.preKubeadmCommands;
    const proxyCommands = commands.filter(isProxyExport);
    parts.set(`${object.kind} ${object.metadata.name}`, {
      files: (spec.files as Array<Record<string, string>>).filter((file) => file.path.endsWith('/http-proxy.conf')).map(decoded),
      commands: proxyCommands,
      position: `after ${commands.slice(0, commands.indexOf(proxyCommands[0])).join('; ')}`,
    });
  }
  return parts;
}

/** The chart's rendered KubeadmControlPlane. */
function chartControlPlane(name: string): Record<string, any> {
  return parseAllDocuments(readFileSync(join(REFERENCE, 'rendered', `${name}.yaml`), 'utf8'))
    .map((document) => document.toJS()).find((object) => object?.kind === 'KubeadmControlPlane');
}

/**
 * The library's proxy parts for the same input values, added to the chart's KubeadmControlPlane
 * without its proxy (so the position of the commands among the chart's own is the library's).
 */
function libraryParts(name: string, controlPlane: Record<string, any>): NodeProxyParts {
  const { config } = importProxy(ImportSource.GIANTSWARM, readFileSync(join(REFERENCE, 'inputs', `${name}.yaml`), 'utf8'));
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'org-demo', files: adoptionFileOptions(CompatibilityProfileName.GIANTSWARM) });
  const ownCommands = (controlPlane.spec.kubeadmConfigSpec.preKubeadmCommands as string[]).filter((command) => !isProxyExport(command));
  const withProxy = addProxyToKubeadmConfigSpec({ preKubeadmCommands: ownCommands }, bootstrap);
  const commands = withProxy.preKubeadmCommands as string[];
  return {
    files: bootstrap.files.map((file) => decoded({ ...file } as unknown as Record<string, string>)),
    commands: bootstrap.preKubeadmCommands,
    position: `after ${commands.slice(0, commands.indexOf(bootstrap.preKubeadmCommands[0])).join('; ')}`,
  };
}

function isProxyExport(command: string): boolean {
  return PROXY_VARIABLE.test(command.replace(/^export /, '').split('=')[0]);
}

/** The lines of a node configuration's drop-ins and its commands. */
function linesOf(parts: NodeProxyParts): string[] {
  return [...parts.files.flatMap((file) => file.content.split('\n')), ...parts.commands];
}

/** Every value a variable has in drop-in and export lines (one, when they agree). */
function valuesOf(lines: string[], variable: string): string[] {
  const pattern = new RegExp(`^(?:Environment="|export )${variable}=["']?(.*?)["']?(?: # .*)?"?$`, 'i');
  return [...new Set(lines.map((line) => pattern.exec(line)?.[1]).filter((value): value is string => value !== undefined))];
}

/** Differences, each cause once. */
class Differences {
  public readonly found: Difference[] = [];

  public add(difference: Difference): void {
    if (difference.theirs !== difference.ours && !this.found.some((known) => JSON.stringify(known) === JSON.stringify(difference))) {
      this.found.push(difference);
    }
  }
}

/**
 * The proxy URLs and NO_PROXY of each side compared once, and a function that replaces them by
 * placeholders in a text of that side (HTTPS_PROXY is the same URL as HTTP_PROXY in these inputs,
 * so it shows as <HTTP_PROXY>).
 */
function compareValues(theirs: string[], ours: string[], found: Differences): (text: string, side: 0 | 1) => string {
  const placeholders: Array<[string, string, string]> = [];
  for (const variable of ['NO_PROXY', 'HTTP_PROXY', 'HTTPS_PROXY']) {
    const [their, our] = [valuesOf(theirs, variable), valuesOf(ours, variable)];
    expect([their.length, our.length]).toEqual([1, 1]);
    found.add({ point: variable === 'NO_PROXY' ? 'NO_PROXY value' : 'proxy URL', theirs: their[0], ours: our[0] });
    placeholders.push([their[0], our[0], `<${variable}>`]);
  }
  return (text, side) => placeholders.reduce((result, entry) => result.split(entry[side]).join(entry[2]), text);
}

/** The differences of the values (compared once), then of the files and commands with placeholders. */
function differences(theirs: NodeProxyParts, ours: NodeProxyParts): Difference[] {
  const found = new Differences();
  const add = (difference: Difference): void => found.add(difference);
  const placed = compareValues(linesOf(theirs), linesOf(ours), found);
  expect(ours.files.map((file) => file.path)).toEqual(theirs.files.map((file) => file.path));
  theirs.files.forEach((file, index) => {
    for (const field of new Set([...Object.keys(file), ...Object.keys(ours.files[index])])) {
      const [their, our] = [placed(file[field] ?? '(none)', 0), placed(ours.files[index][field] ?? '(none)', 1)];
      if (their !== our) {
        add({ point: `drop-in ${field}`, theirs: their, ours: our });
      }
    }
  });
  const marked = ours.commands.filter((command) => command.endsWith(` ${PROXY_COMMAND_MARKER}`));
  if (marked.length > 0) {
    add({ point: 'command marker', theirs: '', ours: ` ${PROXY_COMMAND_MARKER}` });
  }
  const ourCommands = ours.commands.map((command) => command.replace(` ${PROXY_COMMAND_MARKER}`, ''));
  const ourExports = ourCommands.filter((command) => command.startsWith('export '));
  add({ point: 'containerd restart and wait', theirs: '', ours: ourCommands.filter((command) => !command.startsWith('export ')).join('\n') });
  expect(ourExports.map((command) => command.split('=')[0])).toEqual(theirs.commands.map((command) => command.split('=')[0]));
  theirs.commands.forEach((command, index) => {
    // The variable's name left out, so the upper- and lower-case exports count as one cause.
    const shape = (text: string): string => text.replace(/^export \w+=/, 'export NAME=');
    const [their, our] = [shape(placed(command, 0)), shape(placed(ourExports[index], 1))];
    if (their !== our) {
      add({ point: 'export quoting', theirs: their, ours: our });
    }
  });
  add({ point: 'command position', theirs: theirs.position, ours: ours.position });
  return found.found;
}

/** The library's expanded NO_PROXY for these values: the imported entries in the chart's order, each domain and CIDR in its second spelling, then what it computes. */
const OUR_NO_PROXY = '127.0.0.1,localhost,.localhost,svc,.svc,local,.local,demo.gigantic.example,.demo.gigantic.example,'
  + '192.168.0.0/16,192.168.0.0-192.168.255.255,elb.amazonaws.com,.elb.amazonaws.com,169.254.169.254,172.20.0.0/16,172.20.0.0-172.20.255.255,'
  + '.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal,.registry.internal,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,'
  + '127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local.,kubernetes,.kubernetes,kubernetes.default,.kubernetes.default,10.96.0.1,10.96.0.10';

/**
 * Every difference, one per cause, the same in both cases: adopted with the chart's commands,
 * NO_PROXY and the ports as given, the chart's drop-ins and proxy commands are the library's, byte
 * for byte, in the same place among the chart's own commands.
 */
const LEDGER: Difference[] = [];

describe.each([
  ['values', LEDGER],
  ['values-no-port', LEDGER],
] as Array<[string, Difference[]]>)('Giant Swarm cluster chart, %s', (name, ledger) => {
  const chart = chartParts(name);

  test('the KubeadmControlPlane and the node pool\'s KubeadmConfig carry the same proxy parts', () => {
    expect([...chart.keys()].map((key) => key.split(' ')[0])).toEqual(['KubeadmConfig', 'KubeadmControlPlane']);
    const [workers, controlPlane] = [...chart.values()];
    expect(controlPlane).toEqual(workers);
  });

  test('the library\'s node files and commands differ from the chart\'s exactly by the ledger', () => {
    expect(differences(chart.values().next().value!, libraryParts(name, chartControlPlane(name)))).toEqual(ledger);
  });
});

/** A Secret's data, decoded, whichever field holds it. */
function secretData(secret: Record<string, any>): Record<string, string> {
  const data = Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(value as string, 'base64').toString('utf8')]);
  return { ...Object.fromEntries(data), ...secret.stringData };
}

/**
 * The differences of two Secrets: metadata, how the data is held, its keys, then (for drop-ins)
 * each key's content with placeholders.
 */
function secretDifferences(theirs: Record<string, any>, ours: Record<string, any>, dropIns = true): Difference[] {
  const found = new Differences();
  for (const field of ['name', 'namespace', 'labels', 'annotations']) {
    found.add({ point: `Secret ${field}`, theirs: JSON.stringify(theirs.metadata[field] ?? null), ours: JSON.stringify(ours.metadata[field] ?? null) });
  }
  found.add({ point: 'Secret type', theirs: theirs.type ?? '(none)', ours: ours.type ?? '(none)' });
  const held = (secret: Record<string, any>): string => ['data', 'stringData'].filter((field) => secret[field] !== undefined).join(', ');
  found.add({ point: 'Secret data field', theirs: held(theirs), ours: held(ours) });
  const [their, our] = [secretData(theirs), secretData(ours)];
  found.add({ point: 'Secret keys', theirs: Object.keys(their).join(', '), ours: Object.keys(our).join(', ') });
  if (!dropIns) {
    return found.found;
  }
  const lines = (data: Record<string, string>): string[] => Object.values(data).flatMap((content) => content.split('\n'));
  const placed = compareValues(lines(their), lines(our), found);
  for (const key of Object.keys(their).filter((name) => our[name] !== undefined)) {
    found.add({ point: `${key} content`, theirs: placed(their[key], 0), ours: placed(our[key], 1) });
  }
  return found.found;
}

/** The systemd-proxy Secret's differences, one per cause. */
const SECRET_LEDGER: Difference[] = [
  {
    point: 'Secret labels',
    theirs: '{"giantswarm.io/cluster":"demo","giantswarm.io/managed-by":"cluster-apps-operator"}',
    ours: '{"app.kubernetes.io/managed-by":"cluster-proxy-constructs","cluster.x-k8s.io/cluster-name":"demo","clusterctl.cluster.x-k8s.io/move":""}',
  },
  { point: 'Secret annotations', theirs: '{"giantswarm.io/notes":"DO NOT EDIT. Values managed by cluster-apps-operator."}', ours: 'null' },
  { point: 'Secret type', theirs: '(none)', ours: 'Opaque' },
  { point: 'Secret data field', theirs: 'data', ours: 'stringData' },
  { point: 'Secret keys', theirs: 'containerdProxy', ours: 'containerdProxy, kubeletProxy, teleportProxy' },
  // The operator writes only the installation-wide entries, as it was configured.
  { point: 'NO_PROXY value', theirs: '.corp.example,10.0.0.0/8,registry.internal', ours: OUR_NO_PROXY },
  {
    point: 'containerdProxy content',
    // Upper/lower pairs (the chart writes the upper-case block, then the lower-case one, as the profile does).
    theirs: '[Service]\nEnvironment="HTTP_PROXY=<HTTP_PROXY>"\nEnvironment="http_proxy=<HTTP_PROXY>"\n'
      + 'Environment="HTTPS_PROXY=<HTTP_PROXY>"\nEnvironment="https_proxy=<HTTP_PROXY>"\n'
      + 'Environment="NO_PROXY=<NO_PROXY>"\nEnvironment="no_proxy=<NO_PROXY>"\n',
    ours: '[Service]\nEnvironment="HTTP_PROXY=<HTTP_PROXY>"\nEnvironment="HTTPS_PROXY=<HTTP_PROXY>"\nEnvironment="NO_PROXY=<NO_PROXY>"\n'
      + 'Environment="http_proxy=<HTTP_PROXY>"\nEnvironment="https_proxy=<HTTP_PROXY>"\nEnvironment="no_proxy=<NO_PROXY>"\n',
  },
];

describe('cluster-apps-operator\'s <cluster>-systemd-proxy Secret', () => {
  test('the library\'s Secret (app-platform side, giantswarm profile) differs from the operator\'s exactly by the ledger', () => {
    const rendered = parseAllDocuments(readFileSync(join(REFERENCE, 'rendered', 'cluster-apps-operator', 'secrets.yaml'), 'utf8')).map((document) => document.toJS());
    const theirs = rendered.find((secret) => secret.metadata.name === 'demo-systemd-proxy');
    const { config } = importProxy(ImportSource.GIANTSWARM, readFileSync(join(REFERENCE, 'inputs', 'values.yaml'), 'utf8'));
    const ours = giantSwarmProxySetup(config!, { clusterName: 'demo', namespace: 'org-demo', files: { profile: CompatibilityProfileName.GIANTSWARM } }).systemdProxySecret!;
    expect(secretDifferences(theirs, ours as unknown as Record<string, any>)).toEqual(SECRET_LEDGER);
  });
});

/** The operator's inputs (its proxy configuration, the Cluster it reconciles) as a user writes them in a definition. */
function operatorDefinition(): ClusterProxyConfig {
  const read = (file: string) => parseAllDocuments(readFileSync(join(REFERENCE, 'inputs', 'cluster-apps-operator', file), 'utf8')).map((document) => document.toJS());
  const [proxy] = read('proxy.yaml');
  const cluster = read('objects.yaml').find((object) => object.kind === 'Cluster');
  const settings = new ProxySettings({ httpProxy: proxy.http, httpsProxy: proxy.https, noProxy: proxy.noProxy.split(',') });
  return new ClusterProxyConfig(settings, new ClusterNetwork({
    pods: cluster.spec.clusterNetwork.pods.cidrBlocks,
    services: cluster.spec.clusterNetwork.services.cidrBlocks,
    serviceDomain: cluster.spec.clusterNetwork.serviceDomain,
    controlPlaneEndpoint: cluster.spec.controlPlaneEndpoint.host,
  }));
}

/** What the API server makes of the same Secret either way: `stringData` is stored as `data`, a missing type as `Opaque`. */
const SERVER_NORMALIZED: Difference[] = [
  { point: 'Secret type', theirs: '(none)', ours: 'Opaque' },
  { point: 'Secret data field', theirs: 'data', ours: 'stringData' },
];

describe('cluster-apps-operator\'s Secrets, with the operator\'s values layout', () => {
  const rendered = () => parseAllDocuments(readFileSync(join(REFERENCE, 'rendered', 'cluster-apps-operator', 'secrets.yaml'), 'utf8'))
    .map((document) => document.toJS());
  // the operator's drop-in: containerd's only, each variable beside its lower-case twin
  const files = { ...adoptionFileOptions(CompatibilityProfileName.GIANTSWARM), dropInUnits: ['containerd'], dropInVariables: VariableStyle.PAIRS };
  const setup = () => giantSwarmProxySetup(operatorDefinition(), {
    clusterName: 'demo', namespace: 'org-demo', files, valuesLayout: GiantSwarmValuesLayout.OPERATOR,
  });

  test('the <cluster>-cluster-values Secret is the operator\'s, but for what the API server normalizes', () => {
    const theirs = rendered().find((secret) => secret.metadata.name === 'demo-cluster-values');
    expect(secretDifferences(theirs, setup().valuesSecret as unknown as Record<string, any>, false)).toEqual(SERVER_NORMALIZED);
    expect(secretData(setup().valuesSecret as unknown as Record<string, any>).values).toBe(secretData(theirs).values);
  });

  test('the <cluster>-systemd-proxy Secret differs only where the library keeps the whole NO_PROXY', () => {
    const theirs = rendered().find((secret) => secret.metadata.name === 'demo-systemd-proxy');
    const ours = setup().systemdProxySecret as unknown as Record<string, any>;
    expect(secretDifferences(theirs, ours)).toEqual([
      ...SERVER_NORMALIZED,
      // The operator writes only the installation-wide entries; the library keeps the cluster's
      // complete list, which containerd needs for in-cluster registries and the API server. The
      // Secret's name is fixed, so new data rolls no machine.
      { point: 'NO_PROXY value', theirs: '.corp.example,10.0.0.0/8,registry.internal', ours: expect.stringContaining('.corp.example,10.0.0.0/8,registry.internal') },
    ]);
  });

  test('the ConfigMap holds the same values without credentials, and the library\'s layout stays the default', () => {
    expect(setup().valuesConfigMap!.data).toEqual({ values: secretData(rendered()[0]).values });
    const library = giantSwarmProxySetup(operatorDefinition(), { clusterName: 'demo', namespace: 'org-demo' });
    expect(library.valuesSecret.metadata.labels).toEqual({ 'giantswarm.io/cluster': 'demo', 'app.kubernetes.io/managed-by': 'cluster-proxy-constructs' });
    expect(Object.keys(library.valuesSecret.stringData!)).toEqual(['values']);
  });
});
