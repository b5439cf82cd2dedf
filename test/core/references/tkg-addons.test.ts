import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { lineHunks } from './line-hunks';
import { Difference } from './node-data-differences';
import { tkgProxyAddonSecrets, TkgProxyAddonsOptions } from '../../../src/core/addons/tkg/tkg-proxy-addons';
import { renderYaml, YamlStyle } from '../../../src/core/addons/yaml-text';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';

/**
 * The library's TKG addon Secrets (`tkgProxyAddonSecrets`) against TKG's own render of the same
 * plan-based vSphere cluster (test/fixtures/references/tkg, `rendered/<case>/addon-secrets.yaml`,
 * see SOURCE.md there): the CPI, CSI and kapp-controller addon values and the config values. The
 * importer reads the case's cluster configuration, as for the node files; the library is given the
 * rest of each TKG document as its extra values (what a user passes so the package gets its other
 * values), so the documents compare whole. Each Secret's metadata, type, data field and keys are
 * compared, then its values document: the keys the library writes, value by value, then the whole
 * text with those values as placeholders. Every difference is in a ledger below, one entry per
 * cause; the test fails when one appears or disappears.
 */

type Json = Record<string, any>;

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'references', 'tkg');
const ABSENT = '(absent)';

/** Where each Secret's values sit in TKG's document and which option of the library takes the rest. */
const ADDONS: Record<string, { readonly root?: string; readonly option: keyof TkgProxyAddonsOptions }> = {
  'demo-vsphere-cpi-addon': { root: 'vsphereCPI', option: 'vsphereCpiValues' },
  'demo-vsphere-csi-addon': { root: 'vsphereCSI', option: 'vsphereCsiValues' },
  'demo-kapp-controller-addon': { root: 'kappController', option: 'kappControllerValues' },
  'demo-config-values': { option: 'configValuesExtra' },
};

const ALL = 'demo-vsphere-cpi-addon, demo-vsphere-csi-addon, demo-kapp-controller-addon, demo-config-values';
const ADDON_SECRETS = 'demo-vsphere-cpi-addon, demo-vsphere-csi-addon, demo-kapp-controller-addon';
const TOLERATIONS = [
  '- key: CriticalAddonsOnly', '  operator: Exists', '- effect: NoSchedule', '  key: node-role.kubernetes.io/control-plane',
  '- effect: NoSchedule', '  key: node-role.kubernetes.io/master', '- effect: NoSchedule', '  key: node.kubernetes.io/not-ready',
  '- effect: NoSchedule', '  key: node.cloudprovider.kubernetes.io/uninitialized', '  value: "true"',
];
const indented = (lines: string[], by: number): string => lines.map((line) => `${' '.repeat(by)}${line}`).join('\n');

/** The differences that remain adopted: each a choice of the library's, or no difference once applied. */
const ADOPTED: Difference[] = [
  // The library's: nothing else ties a Secret it writes to the Cluster, so `clusterctl move` takes
  // it along by this label (TKG's addons manager adds an owner reference to its own Secrets later).
  { point: 'demo-vsphere-cpi-addon, demo-vsphere-csi-addon: labels clusterctl.cluster.x-k8s.io/move', theirs: ABSENT, ours: '' },
  // The library's mark on everything it writes.
  { point: `${ALL}: labels app.kubernetes.io/managed-by`, theirs: ABSENT, ours: 'cluster-proxy-constructs' },
  // Map order, which means nothing to ytt's data values: the library writes its keys after the values it is given.
  {
    point: 'demo-vsphere-csi-addon: key order',
    theirs: 'vsphereCSI.http_proxy after vSphereVersion; vsphereCSI.https_proxy after http_proxy; vsphereCSI.no_proxy after https_proxy',
    ours: 'vsphereCSI.http_proxy after deployment_replicas; vsphereCSI.https_proxy after http_proxy; vsphereCSI.no_proxy after https_proxy',
  },
  // TKG's template sets no namespace: the CLI applies the object into the cluster's, the one the library writes.
  { point: 'demo-config-values: namespace', theirs: ABSENT, ours: 'default' },
  // The library's: the switch TKG's CLI reads before it uses the proxy variables (the management
  // cluster's upgrade reads these values back as the configuration); ytt never sees it.
  { point: 'demo-config-values: TKG_HTTP_PROXY_ENABLED value', theirs: ABSENT, ours: 'true' },
  // Map order again: the configuration TKG stores follows its variable list.
  {
    point: 'demo-config-values: key order',
    theirs: 'CLUSTER_NAME first; NAMESPACE after CLUSTER_PLAN; TKG_HTTP_PROXY after TKG_CUSTOM_IMAGE_REPOSITORY_CA_CERTIFICATE; '
      + 'TKG_HTTPS_PROXY after TKG_HTTP_PROXY; TKG_NO_PROXY after TKG_HTTPS_PROXY',
    ours: 'CLUSTER_NAME after VSPHERE_VERSION; NAMESPACE after CLUSTER_NAME; TKG_HTTP_PROXY after NAMESPACE; TKG_HTTPS_PROXY after TKG_HTTP_PROXY; '
      + 'TKG_NO_PROXY after TKG_HTTPS_PROXY',
  },
];

const TKG_NO_PROXY = '.corp.example,10.0.0.0/8,registry.internal';
/** The library's expanded NO_PROXY for the cluster: each entry in every form the clients read. */
const OUR_NO_PROXY = '.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal,.registry.internal,localhost,.localhost,127.0.0.1,'
  + '::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.svc,.cluster.local,.cluster.local.,kubernetes,'
  + '.kubernetes,kubernetes.default,.kubernetes.default,10.96.0.1,10.96.0.10,192.168.0.0/16,192.168.0.0-192.168.255.255';

/** With the library's defaults, the adopted differences and these: NO_PROXY expanded, (without a port) the port written, lists indented. */
function defaultsOnly(portless: boolean): Difference[] {
  return [
    ...(portless ? [
      { point: `${ALL}: HTTP_PROXY value`, theirs: 'http://proxy.corp.example', ours: 'http://proxy.corp.example:80' },
      { point: `${ALL}: HTTPS_PROXY value`, theirs: 'http://proxy.corp.example', ours: 'http://proxy.corp.example:80' },
    ] : []),
    { point: `${ADDON_SECRETS}: NO_PROXY value`, theirs: `${TKG_NO_PROXY},10.96.0.0/12,192.168.0.0/16,localhost,127.0.0.1,.svc,.svc.cluster.local`, ours: OUR_NO_PROXY },
    // YAML style, the same data: ytt writes a list under a key at the key's column, the library two columns in.
    { point: 'demo-kapp-controller-addon: values text', theirs: indented(TOLERATIONS, 4), ours: indented(TOLERATIONS, 6) },
    // TKG stores TKG_NO_PROXY as given, its templates' input; the library stores the value it computed.
    { point: 'demo-config-values: NO_PROXY value', theirs: TKG_NO_PROXY, ours: OUR_NO_PROXY },
  ];
}

/** A ledger in a fixed order, to compare two ledgers made of parts. */
const byPoint = (differences: Difference[]): Difference[] =>
  [...differences].sort((a, b) => a.point.localeCompare(b.point) || a.theirs.localeCompare(b.theirs));

const read = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

/** The one data key's text, whichever field holds it. */
function dataText(secret: Json): string {
  const data: Json = secret.stringData ?? Object.fromEntries(Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(String(value), 'base64').toString('utf8')]));
  const texts = Object.values(data);
  expect(texts).toHaveLength(1);
  return String(texts[0]);
}

/** The values document: the text after the ytt header (the addon Secrets) or all of it (the config values). */
function valuesText(text: string): { header: string; body: string } {
  const end = text.indexOf('\n---\n');
  return end < 0 ? { header: '', body: text } : { header: text.slice(0, end + 5), body: text.slice(end + 5) };
}

/** Every leaf's path (dot-joined) in document order. */
function leafPaths(value: Json, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, item]) => (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 0
    ? leafPaths(item, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const at = (value: Json, path: string): unknown => path.split('.').reduce<any>((object, key) => object?.[key], value);

function setAt(value: Json, path: string, to: unknown): void {
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<any>((object, key) => object[key], value);
  if (to === undefined) {
    delete parent[keys[keys.length - 1]];
  } else {
    parent[keys[keys.length - 1]] = to;
  }
}

/** `value` with its keys in the order of `order` (keys `order` lacks last, in their own order). */
function ordered(value: unknown, order: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || order === null || typeof order !== 'object') {
    return value;
  }
  const own = value as Json;
  const keys = [...Object.keys(order as Json).filter((key) => key in own), ...Object.keys(own).filter((key) => !(key in (order as Json)))];
  return Object.fromEntries(keys.map((key) => [key, ordered(own[key], (order as Json)[key])]));
}

/** Where the library's keys sit among their siblings: `key after sibling` (or `first`). */
function positions(value: Json, keys: string[]): string {
  return keys.filter((path) => at(value, path) !== undefined).map((path) => {
    const parts = path.split('.');
    const siblings = Object.keys(parts.length > 1 ? at(value, parts.slice(0, -1).join('.')) as Json : value);
    const index = siblings.indexOf(parts[parts.length - 1]);
    return `${path} ${index === 0 ? 'first' : `after ${siblings[index - 1]}`}`;
  }).join('; ');
}

/** A difference in one Secret, before the same difference in several Secrets counts once. */
interface Found extends Difference {
  readonly secret: string;
}

/** The variable a key of the library's carries (`http_proxy`, `httpProxy`, `TKG_HTTP_PROXY`: HTTP_PROXY), else the key. */
function variableOf(path: string): string {
  const key = path.split('.').pop()!;
  const variable = /^(?:TKG_)?(https?|no)_?proxy$/i.exec(key);
  return variable ? `${variable[1].toUpperCase()}_PROXY` : key;
}

/**
 * The differences of one Secret. `keys` are the paths the library writes itself (its document
 * without extra values): their values are compared one by one, then set to a placeholder on both
 * sides; the library's document, parsed and written again by its own YAML writer in TKG's key
 * order, is then compared line by line with TKG's.
 */
function secretDifferences(theirs: Json, ours: Json, keys: string[], style: YamlStyle): Found[] {
  const differences: Found[] = [];
  const add = (point: string, their: string, our: string): void => {
    if (their !== our) {
      differences.push({ secret: theirs.metadata.name, point, theirs: their, ours: our });
    }
  };
  add('name', theirs.metadata.name, ours.metadata.name);
  add('namespace', theirs.metadata.namespace ?? ABSENT, ours.metadata.namespace ?? ABSENT);
  for (const field of ['labels', 'annotations']) {
    const [their, our]: Json[] = [theirs.metadata[field] ?? {}, ours.metadata[field] ?? {}];
    for (const key of [...new Set([...Object.keys(their), ...Object.keys(our)])]) {
      add(`${field} ${key}`, their[key] ?? ABSENT, our[key] ?? ABSENT);
    }
  }
  add('type', theirs.type ?? ABSENT, ours.type ?? ABSENT);
  const held = (secret: Json): string => ['data', 'stringData'].filter((field) => secret[field] !== undefined).join(', ');
  add('data field', held(theirs), held(ours));
  const dataKeys = (secret: Json): string => Object.keys(secret.stringData ?? secret.data ?? {}).join(', ');
  add('data keys', dataKeys(theirs), dataKeys(ours));
  const [their, our] = [valuesText(dataText(theirs)), valuesText(dataText(ours))];
  add('values header', their.header, our.header);
  const [theirValues, ourValues]: Json[] = [parse(their.body), parse(our.body)];
  // the library's writer writes its parsed document again byte for byte, so the reordering below changes nothing else
  expect(renderYaml(ourValues, style)).toBe(our.body);
  for (const path of keys) {
    const [theirValue, ourValue] = [at(theirValues, path), at(ourValues, path)];
    add(`${variableOf(path)} value`, theirValue === undefined ? ABSENT : String(theirValue), String(ourValue));
    const placeholder = `<${variableOf(path)}>`;
    setAt(ourValues, path, theirValue === undefined ? undefined : placeholder);
    if (theirValue !== undefined) {
      setAt(theirValues, path, placeholder);
    }
  }
  add('key order', positions(theirValues, keys), positions(ourValues, keys));
  for (const hunk of lineHunks(withPlaceholders(their.body, theirValues, keys), renderYaml(ordered(ourValues, theirValues), style).split('\n'))) {
    add('values text', hunk.theirs.join('\n'), hunk.ours.join('\n'));
  }
  return differences;
}

/** The same difference in several Secrets once, naming them, in the order found. */
function grouped(found: Found[]): Difference[] {
  const groups = new Map<string, { secrets: string[]; difference: Difference }>();
  for (const { secret, ...difference } of found) {
    const key = JSON.stringify(difference);
    const group = groups.get(key) ?? { secrets: [], difference };
    group.secrets.push(secret);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ secrets, difference }) => ({ ...difference, point: `${secrets.join(', ')}: ${difference.point}` }));
}

/** TKG's values text with the library's keys' values replaced by their placeholders, line by line. */
function withPlaceholders(body: string, placed: Json, keys: string[]): string[] {
  const lines = body.split('\n');
  for (const path of keys) {
    const value = at(placed, path);
    if (value === undefined) {
      continue;
    }
    const key = path.split('.').pop()!;
    const depth = path.split('.').length - 1;
    const prefix = `${'  '.repeat(depth)}${key}: `;
    const index = lines.findIndex((line) => line.startsWith(prefix));
    lines[index] = `${prefix}${String(value)}`;
  }
  return lines;
}

/** The library's keys in a Secret: the leaves of its document without extra values. */
function libraryKeys(secret: Json): string[] {
  return leafPaths(parse(valuesText(dataText(secret)).body));
}

/** TKG's document without the library's keys: the extra values the library is given. */
function extraValues(theirs: Json, keys: string[]): Json {
  const values: Json = parse(valuesText(dataText(theirs)).body);
  for (const path of keys) {
    if (at(values, path) !== undefined) {
      setAt(values, path, undefined);
    }
  }
  return values;
}

/** The two renders of a case: TKG's Secrets, the library's (adopted or with its defaults), and the library's keys in each. */
function caseOf(testCase: string, adopted: boolean) {
  const input = read(`inputs/${testCase}/cluster-config.yaml`);
  const { imported } = importProxy(ImportSource.TKG, input);
  expect(imported.profile).toBe(CompatibilityProfileName.TKG);
  // The CPI and CSI need the vCenter named; TKG adds VSPHERE_SERVER to no NO_PROXY, so the importer
  // leaves it out of the definition.
  const vcenter = String(parse(input).VSPHERE_SERVER);
  const network = new ClusterNetwork({ ...imported.network!, providerEndpoints: [vcenter] });
  const config = new ClusterProxyConfig(new ProxySettings(imported.settings), network);
  const theirs = parseAllDocuments(read(`rendered/${testCase}/addon-secrets.yaml`)).map((document) => document.toJS() as Json);
  // the node files' adoption options, as `cluster-proxy import --check-no-roll` renders them, and ytt's lists
  const { noProxyForm, urlPortAsGiven } = adoptionFileOptions(imported.profile);
  const cluster = { clusterName: 'demo', namespace: 'default', ...(adopted ? { noProxyForm, urlPortAsGiven, compactSequences: true } : {}) };
  const keys = tkgProxyAddonSecrets(config, cluster).map((secret) => libraryKeys(secret as unknown as Json));
  const extras = Object.fromEntries(theirs.map((secret, index) => {
    const addon = ADDONS[secret.metadata.name];
    const rest = extraValues(secret, keys[index]);
    return [addon.option, addon.root ? rest[addon.root] : rest];
  }));
  const ours = tkgProxyAddonSecrets(config, { ...cluster, ...extras }) as unknown as Json[];
  return { theirs, ours, keys };
}

function differencesOf(testCase: string, adopted: boolean): Difference[] {
  const { theirs, ours, keys } = caseOf(testCase, adopted);
  expect(ours.map((secret) => secret.metadata.name)).toEqual(theirs.map((secret) => secret.metadata.name));
  const style = { compactSequences: adopted };
  return grouped(theirs.flatMap((secret, index) => secretDifferences(secret, ours[index], keys[index], style)));
}

describe.each(['plan-vsphere', 'plan-vsphere-no-port'])('TKG %s: the library\'s addon Secrets against TKG\'s render', (testCase) => {
  test('adopted (NO_PROXY as TKG composes it, the URLs\' ports as given, lists compact), the differences are the ledger\'s', () => {
    expect(differencesOf(testCase, true)).toEqual(ADOPTED);
  });

  test('with the library\'s defaults, the differences are the adopted ones and NO_PROXY\'s, the port\'s and the lists\'', () => {
    expect(byPoint(differencesOf(testCase, false))).toEqual(byPoint([...ADOPTED, ...defaultsOnly(testCase === 'plan-vsphere-no-port')]));
  });
});
