import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { lineHunks } from './line-hunks';
import { addProxyToObjects } from '../../../src/core/capi/add-proxy-to-objects';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';

/**
 * The TKG profiles against TKG's own render (test/fixtures/references/tkg, SOURCE.md there): the
 * importer reads the case's cluster configuration (plan-based) or Cluster (ClusterClass-based),
 * the library adds the proxy to the objects TKG renders without a proxy (`addProxyToObjects` on the
 * KubeadmControlPlane and KubeadmConfigTemplate; for the class's templates, the files and commands
 * of `nodeProxyBootstrap` appended where its position says), and the result is compared with TKG's
 * render of the same cluster with the proxy, file by file and command by command. Every difference
 * is in the ledger below, one entry per cause; the test fails when one appears or disappears.
 * Everything else in the objects is equal.
 */

type Json = Record<string, any>;

interface Difference {
  readonly point: string;
  readonly theirs: string;
  readonly ours: string;
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'references', 'tkg');
const WITHOUT_PROXY = 'plan-vsphere-without-proxy';
const KINDS = ['kubeadmcontrolplane', 'kubeadmconfigtemplate'] as const;
const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'] as const;

// Adopted with TKG's commands, NO_PROXY and the URLs' ports as given, the files and commands are
// TKG's, byte for byte, on the control plane (which stops and starts containerd) and the workers.
const COMMON: Difference[] = [];

/** Adopted the same way, the class's patches evaluated for the Cluster give the library's files and commands. */
const CLASS_COMMON: Difference[] = [];

/** Every difference between TKG's render and the library's, one per cause, in the order found. */
const LEDGER: Record<string, Difference[]> = {
  'plan-vsphere': COMMON,
  'plan-vsphere-no-port': COMMON,
  'clusterclass-vsphere': CLASS_COMMON,
  'clusterclass-vsphere-no-port': CLASS_COMMON,
};

const read = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

/** The kubeadm config spec of a KubeadmControlPlane, KubeadmControlPlaneTemplate or KubeadmConfigTemplate. */
function specOf(object: Json): Json {
  switch (object.kind) {
    case 'KubeadmControlPlane':
      return object.spec.kubeadmConfigSpec;
    case 'KubeadmControlPlaneTemplate':
      return object.spec.template.spec.kubeadmConfigSpec;
    default:
      return object.spec.template.spec;
  }
}

/** The object without its files and commands, which the comparison takes item by item. */
function withoutNodeLists(object: Json): Json {
  const copy = structuredClone(object);
  delete specOf(copy).files;
  delete specOf(copy).preKubeadmCommands;
  return copy;
}

/** The entries the proxy appended to the object's files and commands, after the base's own. */
function appended(object: Json, base: Json): { files: Json[]; commands: string[] } {
  const spec = specOf(object);
  const baseSpec = specOf(base);
  expect(spec.files.slice(0, baseSpec.files.length)).toEqual(baseSpec.files);
  expect(spec.preKubeadmCommands.slice(0, baseSpec.preKubeadmCommands.length)).toEqual(baseSpec.preKubeadmCommands);
  return { files: spec.files.slice(baseSpec.files.length), commands: spec.preKubeadmCommands.slice(baseSpec.preKubeadmCommands.length) };
}

/** The one value of a proxy variable in the drop-ins and exports (`NAME=value` or `NAME='value'`). */
function valueOf(name: string, texts: string[]): string {
  const values = new Set(texts.flatMap((text) => [...text.matchAll(new RegExp(`\\b${name}=(?:'([^']*)'|([^"\\s]*))`, 'g'))].map((match) => match[1] ?? match[2])));
  expect(values.size).toBe(1);
  return [...values][0];
}

/** The differences between TKG's proxy entries and the library's in one object. */
function differencesOf(kind: string, theirs: { files: Json[]; commands: string[] }, ours: { files: Json[]; commands: string[] }): Difference[] {
  const differences: Difference[] = [];
  const theirTexts = [...theirs.files.map((file) => String(file.content)), ...theirs.commands];
  let ourTexts = [...ours.files.map((file) => String(file.content)), ...ours.commands];
  // Each variable's value once, then TKG's value in ours, so the rest compares the layout alone.
  const substitutions: Array<[string, string]> = [];
  for (const name of PROXY_VARIABLES) {
    const theirValue = valueOf(name, theirTexts);
    const ourValue = valueOf(name, ourTexts);
    if (theirValue !== ourValue) {
      differences.push({ point: `${name} value`, theirs: theirValue, ours: ourValue });
      substitutions.push([`${name}=${ourValue}`, `${name}=${theirValue}`], [`${name}='${ourValue}'`, `${name}='${theirValue}'`]);
    }
  }
  const align = (text: string): string => substitutions.reduce((result, [from, to]) => result.split(from).join(to), text);
  ourTexts = ourTexts.map(align);
  const marker = ` ${PROXY_COMMAND_MARKER}`;
  const ourCommands = ours.commands.map(align);
  if (ourCommands.some((command) => command.endsWith(marker))) {
    differences.push({ point: 'command marker', theirs: '', ours: marker });
  }
  const unmarked = ourCommands.map((command) => (command.endsWith(marker) ? command.slice(0, -marker.length) : command));
  // Export quoting: the library single-quotes what TKG's class exports bare.
  const unquoted = unmarked.map((command) => {
    const quoted = /^export (\w+)='([^']*)'$/.exec(command);
    return quoted && theirs.commands.includes(`export ${quoted[1]}=${quoted[2]}`) ? `export ${quoted[1]}=${quoted[2]}` : command;
  });
  if (unquoted.some((command, index) => command !== unmarked[index])) {
    differences.push({ point: 'export quoting', theirs: 'export NAME=value', ours: "export NAME='value'" });
  }
  for (const hunk of lineHunks(theirs.commands, unquoted)) {
    differences.push({ point: `${kind} preKubeadmCommands`, theirs: hunk.theirs.join('\n'), ours: hunk.ours.join('\n') });
  }
  const ourFiles: Json[] = ours.files.map((file) => ({ ...file, content: align(String(file.content)) }));
  if (theirs.files.map((file) => file.path).join('\n') !== ourFiles.map((file) => file.path).join('\n')) {
    differences.push({ point: `${kind} files (paths in order)`, theirs: theirs.files.map((file) => file.path).join('\n'), ours: ourFiles.map((file) => file.path).join('\n') });
  }
  for (const theirFile of theirs.files) {
    const ourFile: Json = ourFiles.find((file) => file.path === theirFile.path) ?? {};
    for (const field of [...new Set([...Object.keys(theirFile), ...Object.keys(ourFile)])]) {
      if (theirFile[field] !== ourFile[field]) {
        differences.push({ point: `${theirFile.path} ${field}`, theirs: String(theirFile[field] ?? ''), ours: String(ourFile[field] ?? '') });
      }
    }
  }
  return differences;
}

function unique(differences: Difference[]): Difference[] {
  const seen = new Map(differences.map((difference) => [JSON.stringify(difference), difference]));
  return [...seen.values()];
}

describe.each(['plan-vsphere', 'plan-vsphere-no-port'])('TKG %s: the tkg profile against TKG\'s render', (testCase) => {
  const { imported, config } = importProxy(ImportSource.TKG, read(`inputs/${testCase}/cluster-config.yaml`));
  const base = KINDS.map((kind) => parse(read(`rendered/${WITHOUT_PROXY}/${kind}.yaml`)) as KubeObject);
  const theirs = KINDS.map((kind) => parse(read(`rendered/${testCase}/${kind}.yaml`)) as Json);
  const result = addProxyToObjects(base, config!, { clusterName: 'demo', namespace: 'default', renameTemplates: false, files: adoptionFileOptions(imported.profile) });

  test('the importer picks the tkg profile; the proxy is inline (no Secret)', () => {
    expect(imported.profile).toBe(CompatibilityProfileName.TKG);
    expect(result.secret).toBeUndefined();
    expect(result.objects.map((object) => object.kind)).toEqual(['KubeadmControlPlane', 'KubeadmConfigTemplate']);
  });

  test('everything but the proxy entries of files and commands is equal', () => {
    result.objects.forEach((ours, index) => expect(withoutNodeLists(ours)).toEqual(withoutNodeLists(theirs[index])));
  });

  test('the differences are the ledger\'s, no more and no fewer', () => {
    const differences = unique(result.objects.flatMap((ours, index) =>
      differencesOf(ours.kind, appended(theirs[index], base[index]), appended(ours, base[index]))));
    expect(differences).toEqual(LEDGER[testCase]);
  });
});

describe.each(['clusterclass-vsphere', 'clusterclass-vsphere-no-port'])('TKG %s: the tkg-clusterclass profile against TKG\'s class evaluated for the Cluster', (testCase) => {
  const CLASS_KINDS = ['kubeadmcontrolplanetemplate', 'kubeadmconfigtemplate'];
  const { imported, config } = importProxy(ImportSource.TKG, read(`inputs/${testCase}/cluster.yaml`));
  const base = CLASS_KINDS.map((kind) => JSON.parse(read(`rendered/clusterclass-vsphere-without-proxy/${kind}.json`)) as Json);
  const theirs = CLASS_KINDS.map((kind) => JSON.parse(read(`rendered/${testCase}/${kind}.json`)) as Json);
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'default', files: adoptionFileOptions(imported.profile) });
  // The library's files and commands appended, where its position puts them.
  const ours = base.map((object) => {
    const copy = structuredClone(object);
    const spec = specOf(copy);
    spec.files = [...spec.files ?? [], ...bootstrap.files];
    spec.preKubeadmCommands = [...spec.preKubeadmCommands ?? [], ...bootstrap.preKubeadmCommands];
    return copy;
  });

  test('the importer picks the tkg-clusterclass profile; the proxy is inline, placed last', () => {
    expect(imported.profile).toBe(CompatibilityProfileName.TKG_CLUSTERCLASS);
    expect(bootstrap.delivery).toBe('inline');
    expect(bootstrap.position).toBe('last');
  });

  test('TKG\'s patches change nothing but files and commands', () => {
    theirs.forEach((object, index) => expect(withoutNodeLists(object)).toEqual(withoutNodeLists(base[index])));
  });

  test('the differences are the ledger\'s, no more and no fewer', () => {
    const differences = unique(ours.flatMap((object, index) =>
      differencesOf(object.kind, appended(theirs[index], base[index]), appended(object, base[index]))));
    expect(differences).toEqual(LEDGER[testCase]);
  });
});
