import { ImportedProxy, importedProxy, ImportNotes, ImportSource, Json, readProxy, stringList } from './imported-proxy';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { readInputs, systemNoProxy, tkgAddedNames } from '../node-files/system-no-proxy';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { valueAt } from '../primitives/validation/json-data';

/**
 * VMware TKG: the cluster configuration variables of plan-based clusters (`TKG_HTTP_PROXY`,
 * `TKG_HTTPS_PROXY`, `TKG_NO_PROXY`, `TKG_PROXY_CA_CERT`, `CLUSTER_CIDR`, `SERVICE_CIDR`,
 * `TKG_IP_FAMILY`, the provider's `INFRASTRUCTURE_PROVIDER` or `PROVIDER_TYPE`, `AWS_VPC_CIDR`,
 * `AZURE_VNET_CIDR`), or a ClusterClass-based Cluster with its
 * `proxy {httpProxy, httpsProxy, noProxy}` and `trust {additionalTrustedCAs[name=proxy]}` variables.
 *
 * TKG's own NO_PROXY (tanzu-framework `get_no_proxy()`): `TKG_NO_PROXY`, on AWS the VPC CIDR and
 * `169.254.0.0/16`, on Azure the VNet CIDR, `169.254.0.0/16` and `168.63.129.16`, the service and
 * pod CIDRs, `localhost`, `127.0.0.1`, `::1` on IPv6, `.svc`, `.svc.cluster.local`, de-duplicated;
 * the ClusterClass variant sorts the same list.
 */

/** What TKG adds to NO_PROXY on a provider: its network's CIDR, then fixed addresses. */
interface ProviderAdditions {
  /** The plan-based variable of the CIDR, and TKG's default for it (config_default.yaml). */
  readonly cidrVariable: string;
  readonly defaultCidr: string;
  /** Where the class's `network` variable holds it (the path its patch reads), and the class's default. */
  readonly classCidrPath: readonly string[];
  readonly classDefaultCidr?: string;
  readonly entries: readonly string[];
}

const PROVIDER_ADDITIONS: Readonly<Record<string, ProviderAdditions>> = {
  aws: {
    cidrVariable: 'AWS_VPC_CIDR',
    defaultCidr: '10.0.0.0/16',
    classCidrPath: ['vpc', 'cidr'],
    classDefaultCidr: '10.0.0.0/16',
    entries: ['169.254.0.0/16'],
  },
  // The Azure class's patch reads network.vnet.cidr, which its variable's schema does not define
  // (it has vnet.cidrBlocks), so a Cluster cannot set it and the class adds no VNet CIDR.
  azure: {
    cidrVariable: 'AZURE_VNET_CIDR',
    defaultCidr: '10.0.0.0/16',
    classCidrPath: ['vnet', 'cidr'],
    entries: ['169.254.0.0/16', '168.63.129.16'],
  },
};

/** The CIDRs and entries TKG adds on a provider, once read from the plan's variables or the class's. */
interface ProviderAddition {
  readonly cidrs: string[];
  readonly entries: readonly string[];
}

const NO_PROVIDER_ADDITION: ProviderAddition = { cidrs: [], entries: [] };

/** Read a TKG cluster configuration or ClusterClass-based Cluster. */
export function importTkg(doc: Json): ImportedProxy {
  return doc.kind === 'Cluster' ? fromClusterClass(doc) : fromConfigVariables(doc);
}

/**
 * Every entry TKG renders is kept: the CIDRs as the network, the provider's as entries, and the
 * names TKG adds to every cluster are computed by the library too (noted).
 */
function fromConfigVariables(doc: Json): ImportedProxy {
  const notes = new ImportNotes();
  if (doc.TKG_HTTP_PROXY === undefined && doc.TKG_HTTPS_PROXY === undefined) {
    throw new ProxyConfigError('TKG_HTTP_PROXY', 'is not set: the file has no TKG proxy configuration (TKG_HTTP_PROXY, TKG_HTTPS_PROXY)');
  }
  if (String(doc.TKG_HTTP_PROXY_ENABLED ?? 'true') === 'false') {
    notes.add('TKG_HTTP_PROXY_ENABLED', 'is false: TKG ignores the proxy variables; imported anyway');
  }
  const proxy = readProxy(doc, '', notes, { http: 'TKG_HTTP_PROXY', https: 'TKG_HTTPS_PROXY', noProxy: 'TKG_NO_PROXY' });
  const pods = cidrsOrDefault(doc, 'CLUSTER_CIDR', '100.96.0.0/11', notes);
  const services = cidrsOrDefault(doc, 'SERVICE_CIDR', '100.64.0.0/13', notes);
  const provider = providerAdditions(doc, notes);
  const ipv6 = /ipv6/i.test(String(doc.TKG_IP_FAMILY ?? ''));
  noteTkgAdditions('TKG_NO_PROXY', [...services, ...pods], tkgAddedNames(ipv6), true, notes);
  const given = [...proxy.noProxy, ...provider.cidrs, ...provider.entries];
  const sourceNoProxy = systemNoProxy(CompatibilityProfileName.TKG, readInputs({ given, services, pods, ipv6 }));
  const trustedCaPem = decodeCa('TKG_PROXY_CA_CERT', doc.TKG_PROXY_CA_CERT);
  const network = { pods, services, ...(provider.cidrs.length > 0 ? { machineCidrs: provider.cidrs } : {}) };
  const facts = { network, sourceNoProxy, profile: CompatibilityProfileName.TKG };
  // TKG's order: the user's entries, then the provider's; the names TKG adds the library computes
  // (and the tkg profile writes them after the CIDRs, as TKG does)
  const withAdditions = { ...proxy, noProxy: [...new Set(given)] };
  return importedProxy(ImportSource.TKG, withAdditions, notes, facts, trustedCaPem);
}

/** A CIDR list variable, or TKG's default for it (noted). */
function cidrsOrDefault(doc: Json, variable: string, tkgDefault: string, notes: ImportNotes): string[] {
  const cidrs = stringList(doc[variable]);
  if (cidrs.length === 0) {
    notes.add(variable, `not set: TKG's default ${tkgDefault} assumed`);
  }
  return cidrs.length > 0 ? cidrs : [tkgDefault];
}

/** The network CIDRs and entries TKG adds on the plan-based cluster's infrastructure provider. */
function providerAdditions(doc: Json, notes: ImportNotes): ProviderAddition {
  const field = doc.PROVIDER_TYPE !== undefined ? 'PROVIDER_TYPE' : 'INFRASTRUCTURE_PROVIDER';
  // INFRASTRUCTURE_PROVIDER may name a version, as in `aws:v2.0.2`.
  const provider = String(doc[field] ?? '').split(':')[0];
  if (provider === 'docker') {
    notes.add(field, "docker: TKG's CLI also adds the CIDR of the Docker bridge network of the machine it runs on, which the file does not say; "
      + 'add it to noProxy if the nodes reach hosts on that network');
  }
  const additions = additionsOn(provider);
  if (!additions) {
    return NO_PROVIDER_ADDITION;
  }
  const given = stringList(doc[additions.cidrVariable]);
  const cidrs = given.length > 0 ? given : [additions.defaultCidr];
  const cidrText = `${additions.cidrVariable} (${cidrs.join(', ')}${given.length > 0 ? '' : ", TKG's default"})`;
  noteProviderAdditions(field, `${provider}: TKG adds`, [cidrText], additions.entries, 'machineCidrs', notes);
  return { cidrs, entries: additions.entries };
}

/** The same on a ClusterClass-based cluster: the class (`tkg-<provider>-default...`) and its `network` variable. */
function classProviderAdditions(doc: Json, variables: Json[], notes: ImportNotes, cidrsTo: string): ProviderAddition {
  const provider = /^tkg-([a-z]+)-default/.exec(String(valueAt(doc, ['spec', 'topology', 'class']) ?? ''))?.[1] ?? '';
  const additions = additionsOn(provider);
  if (!additions) {
    return NO_PROVIDER_ADDITION;
  }
  const given = stringList(valueAt(variables.find((variable) => variable?.name === 'network')?.value, additions.classCidrPath));
  const cidrs = given.length > 0 || additions.classDefaultCidr === undefined ? given : [additions.classDefaultCidr];
  const cidrText = cidrs.length > 0 ? [`network.${additions.classCidrPath.join('.')} (${cidrs.join(', ')}${given.length > 0 ? '' : ", the class's default"})`] : [];
  noteProviderAdditions('spec.topology.class', `${provider}: TKG's class adds`, cidrText, additions.entries, cidrsTo, notes);
  return { cidrs, entries: additions.entries };
}

function additionsOn(provider: string): ProviderAdditions | undefined {
  return Object.hasOwn(PROVIDER_ADDITIONS, provider) ? PROVIDER_ADDITIONS[provider] : undefined;
}

/** Where a provider's additions went: its network CIDR (when there is one) to `cidrsTo`, the others entries. */
function noteProviderAdditions(field: string, who: string, cidrs: string[], entries: readonly string[], cidrsTo: string, notes: ImportNotes): void {
  const where = cidrs.length > 0 ? `the CIDR imported as ${cidrsTo}, the others as entries` : 'imported as entries';
  notes.add(field, `${who} ${[...cidrs, ...entries].join(', ')} to NO_PROXY: ${where}`);
}

function fromClusterClass(doc: Json): ImportedProxy {
  const notes = new ImportNotes();
  const variables: Json[] = valueAt(doc, ['spec', 'topology', 'variables']) ?? [];
  const proxy = variables.find((variable) => variable?.name === 'proxy')?.value;
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('spec.topology.variables[proxy]', 'is missing: the Cluster sets no TKG proxy variable');
  }
  const read = readProxy(proxy, 'proxy', notes);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const networkKnown = pods.length > 0 && services.length > 0;
  const provider = classProviderAdditions(doc, variables, notes, networkKnown ? 'machineCidrs' : 'an entry');
  const clusterCidrs = [...services, ...pods];
  const ipv6 = clusterCidrs.some((cidr) => cidr.includes(':'));
  noteTkgAdditions('proxy.noProxy', clusterCidrs, tkgAddedNames(ipv6), networkKnown, notes);
  const given = [...provider.cidrs, ...provider.entries, ...read.noProxy];
  const sourceNoProxy = systemNoProxy(CompatibilityProfileName.TKG_CLUSTERCLASS, readInputs({ given, services, pods, ipv6 }));
  const trust = variables.find((variable) => variable?.name === 'trust')?.value;
  const proxyCa = (trust?.additionalTrustedCAs ?? []).find((ca: Json) => ca?.name === 'proxy');
  const trustedCaPem = decodeCa('trust.additionalTrustedCAs[proxy].data', proxyCa?.data);
  if (trustedCaPem) {
    notes.add('trust.additionalTrustedCAs[proxy]',
      'imported as trustedCaPem; a ClusterClass can keep reading each Cluster\'s CA from this variable instead (ClusterClassProxy trustedCaVariable: {}, settings without trustedCaPem)');
  }
  if (proxy.systemWide === true) {
    notes.add('proxy.systemWide', 'is true: TKG also writes the proxy into /etc/environment and /etc/profile; the library does not (the proxy stays with the services that need it)');
  }
  // Without both CIDR lists there is no network to import: the CIDRs TKG adds stay entries.
  const entries = [...new Set([...read.noProxy, ...provider.cidrs, ...(networkKnown ? [] : clusterCidrs), ...provider.entries])];
  return importedProxy(ImportSource.TKG, { ...read, noProxy: entries }, notes, {
    ...(networkKnown ? { network: { pods, services, ...(provider.cidrs.length > 0 ? { machineCidrs: provider.cidrs } : {}) } } : {}),
    sourceNoProxy,
    profile: CompatibilityProfileName.TKG_CLUSTERCLASS,
    variableShape: ClassVariableShape.TKG,
  }, trustedCaPem);
}

/**
 * Where the entries TKG adds went: the CIDRs are the network (when it is imported), the names are
 * computed by the library for every cluster too.
 */
function noteTkgAdditions(field: string, cidrs: string[], names: string[], cidrsInNetwork: boolean, notes: ImportNotes): void {
  const what = cidrs.length > 0 ? `${cidrs.join(', ')} (the service and pod CIDRs) and ${names.join(', ')}` : names.join(', ');
  const cidrsWhere = cidrs.length === 0 ? '' : cidrsInNetwork ? 'the CIDRs imported as the network, ' : 'the CIDRs imported as entries, ';
  notes.add(field, `TKG adds ${what} to every cluster's NO_PROXY: ${cidrsWhere}`
    + 'the names computed by the library for every cluster too (the tkg profiles write them where TKG does with noProxyForm "given")');
}

/** A base64-encoded PEM (TKG's encoding of CA variables). */
function decodeCa(field: string, value: unknown): string | undefined {
  if (value === undefined || value === '') {
    return undefined;
  }
  const pem = Buffer.from(String(value), 'base64').toString('utf8');
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw invalidValue(field, '(base64 data)', 'must be a base64-encoded PEM certificate');
  }
  return pem;
}
