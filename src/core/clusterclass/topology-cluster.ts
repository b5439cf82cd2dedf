import { ClusterClassProxy, TopologyClusterFacts } from './cluster-class-proxy';
import { keptLibraryFacts } from './kept-library-facts';
import { ProxyVariableValue } from './proxy-variable';
import { foreignNoProxyEntries, foreignVariableValue, ClassVariableShape } from './variable-shapes';
import { CLUSTER_API_GROUP, isKind } from '../capi/capi-version';
import { clusterNetworkSpec } from '../capi/cluster';
import { parseTrustAnchors } from '../definition/ca-bundle';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ClusterNetwork } from '../definition/network';
import { ProxyUrl } from '../definition/proxy-url';
import { nodeProxyBootstrap } from '../node-files/bootstrap';
import { NodeProxyDelivery } from '../node-files/delivery';
import { formatNoProxyEntry } from '../noproxy/format';
import { parseNoProxyList } from '../noproxy/parse';
import { NoProxyEntryKind } from '../noproxy/types';
import { invalidValue, kindForError, ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { plainString } from '../primitives/secret-text';
import { checkJsonData } from '../primitives/validation/json-data';
import { parseFlag } from '../primitives/validation/one-of';
import { checkProps, optionalList, propKeys } from '../primitives/validation/strict-props';

/**
 * Setting the proxy variable on a topology Cluster (`spec.topology`). The network facts come from
 * the Cluster itself (`spec.clusterNetwork`, `spec.controlPlaneEndpoint`), the same fields Cluster
 * API passes to the patches as builtin variables, so the NO_PROXY the library computes (in the
 * per-cluster Secret) and the one the templates compute cannot be computed from different facts.
 */

/** Network facts for a Cluster that does not carry them yet (written into its spec). */
export interface TopologyNetworkProps {
  /** Pod CIDRs. */
  readonly pods: string[];
  /** Service CIDRs. */
  readonly services: string[];
  /**
   * Service domain.
   *
   * @default 'cluster.local'
   */
  readonly serviceDomain?: string;
  /**
   * Host of the control-plane endpoint (written with port 6443 when the Cluster has none).
   *
   * @default - none
   */
  readonly controlPlaneEndpoint?: string;
}

/** Options of `addProxyToTopologyCluster`. */
export interface TopologyClusterProxyOptions {
  /**
   * `secret`: the variable names the per-cluster node-proxy Secret (returned, to apply with the
   * Cluster); `inline`: the variable carries the URLs and facts. Inline is refused when the URLs
   * carry credentials: they would sit in plain text in the Cluster.
   *
   * @default - NodeProxyDelivery.SECRET when the proxy URLs carry credentials, otherwise NodeProxyDelivery.INLINE
   */
  readonly delivery?: NodeProxyDelivery;
  /**
   * Network facts, for a Cluster without `spec.clusterNetwork` (they are written into it); when the
   * Cluster has them, these must agree.
   *
   * @default - read from the Cluster
   */
  readonly network?: TopologyNetworkProps;
  /**
   * Machine (node) network CIDRs.
   *
   * @default - those the Cluster's proxy variable holds (variable shape `library`), else none
   */
  readonly machineCidrs?: string[];
  /**
   * ClusterIP of the cluster DNS Service.
   *
   * @default - the one the Cluster's proxy variable holds (variable shape `library`), else the 10th address of the first service CIDR
   */
  readonly dnsServiceIp?: string;
  /**
   * The cluster's own NO_PROXY entries (names, suffixes, IPs and CIDRs: the forms the templates
   * read), after those the Cluster's proxy variable already holds, which stay.
   *
   * @default - none
   */
  readonly additionalNoProxy?: string[];
  /**
   * The cluster's proxy CA (PEM), for a class with `trustedCaVariable`: written base64-encoded into
   * the Cluster's trust variable under the class's entry name, its other entries kept.
   *
   * @default - the trust variable is left as the Cluster has it
   */
  readonly trustedCaPem?: string;
  /**
   * The Cluster's class is the variable shape's own system's (TKG's `tkg-vsphere-default`, CAREN's),
   * not this library's. That class reads the whole proxy from the variable, so the variable carries
   * the settings' NO_PROXY entries as written, then `additionalNoProxy`, and the URLs as written;
   * of what the variable held before, only its other fields stay (TKG's `systemWide`). Set from
   * the definition imported from such a Cluster, the variable keeps every byte, so the system's
   * patches render the same node files and no machine rolls. Needs a foreign `variableShape`
   * (which refuses URLs with credentials); the node-proxy Secret is not used.
   *
   * @default false
   */
  readonly systemClass?: boolean;
}

const TOPOLOGY_CLUSTER_PROXY_KEYS = propKeys<TopologyClusterProxyOptions>({
  delivery: true, network: true, machineCidrs: true, dnsServiceIp: true, additionalNoProxy: true, trustedCaPem: true, systemClass: true,
});

/** A ClusterClass variable as set on a Cluster: its name and value. */
export interface ProxyVariableAssignment {
  /** The variable's name. */
  readonly name: string;
  /** The value. */
  readonly value: ProxyVariableValue;
}

/** Result of `addProxyToTopologyCluster`. */
export interface TopologyClusterProxyResult {
  /** The Cluster with the variable (and, if it had none, the network). A new object. */
  readonly cluster: KubeObject;
  /** The variable as set: `{ name, value }`. */
  readonly variable: ProxyVariableAssignment;
  /**
   * The node-proxy Secret (delivery `secret`), to create in the Cluster's namespace.
   *
   * @default - none (delivery `inline`)
   */
  readonly secret?: SecretObject;
  /** The cluster's proxy: its NO_PROXY is what the class's templates render for this Cluster. */
  readonly proxy: ClusterProxyConfig;
}

type Json = Record<string, any>;

/**
 * Set the class's proxy variable on a topology Cluster (v1beta1 or v1beta2) and, with delivery
 * `secret`, render its node-proxy Secret: the same Secret `ProxiedCluster` renders for the same
 * definition. A variable the Cluster already has is merged into, not replaced: the Cluster's own
 * facts in it (NO_PROXY entries; with the library's shape also machine CIDRs, DNS address,
 * control-plane endpoint and CA Secret) stay, and a foreign shape's other fields too, its fields
 * and the variable itself where they stand, so a variable that already says the same is the same
 * text. The input is not modified.
 */
export function addProxyToTopologyCluster(
  cluster: KubeObject, classProxy: ClusterClassProxy, options: TopologyClusterProxyOptions = {},
): TopologyClusterProxyResult {
  if (!(classProxy instanceof ClusterClassProxy)) {
    throw invalidValue('classProxy', classProxy, 'must be a ClusterClassProxy');
  }
  checkProps('', options, TOPOLOGY_CLUSTER_PROXY_KEYS, 'topology cluster option');
  const object = cluster as Json;
  if (!object || !isKind(object, CLUSTER_API_GROUP, 'Cluster')) {
    throw invalidValue('cluster', kindForError(object), `must be a ${CLUSTER_API_GROUP} Cluster`);
  }
  checkJsonData('cluster', object);
  if (!object.spec?.topology || typeof object.spec.topology !== 'object') {
    throw new ProxyConfigError('cluster.spec.topology', 'is missing: the proxy variable is for Clusters created from a ClusterClass');
  }
  const clusterName = assertDnsLabel('cluster.metadata.name', object.metadata?.name);
  const namespace = object.metadata?.namespace as string | undefined;
  const foreignShape = classProxy.variableShape !== ClassVariableShape.LIBRARY;
  if (foreignShape) {
    const unsupported = (['machineCidrs', 'dnsServiceIp'] as const).find((key) => options[key] !== undefined);
    if (unsupported) {
      throw new ProxyConfigError(unsupported, `cannot be set per cluster with variableShape "${classProxy.variableShape}": that variable has no such field`);
    }
  }
  const systemClass = parseSystemClass(options, classProxy);
  const variablePath = `cluster.spec.topology.variables[name=${classProxy.variableName}].value`;
  const previous = (optionalList('cluster.spec.topology.variables', object.spec.topology.variables ?? undefined) as Json[]).find((entry: Json) => entry?.name === classProxy.variableName)?.value;
  // The variable keeps the facts the Cluster already has: they are the Cluster's own (TKG puts the
  // vCenter network in its NO_PROXY), and the templates read them from the variable.
  const library = foreignShape ? undefined : keptLibraryFacts(previous, variablePath);
  // a system's class reads the whole list from the variable, which the definition now writes
  const kept = library ? { entries: library.noProxy, field: 'noProxy' }
    : systemClass ? { entries: [], field: 'noProxy' } : foreignNoProxyEntries(classProxy.variableShape, previous);
  checkTemplateForms(kept.entries, `${variablePath}.${kept.field}`);
  checkTemplateForms(options.additionalNoProxy, 'additionalNoProxy');
  const facts = clusterFacts(object, {
    ...options,
    machineCidrs: options.machineCidrs ?? library?.machineCidrs,
    dnsServiceIp: options.dnsServiceIp ?? library?.dnsServiceIp,
  }, kept.entries, !foreignShape, library?.controlPlaneEndpoint);
  const proxy = classProxy.clusterProxy(facts);
  if (systemClass) {
    const value = foreignVariableValue(classProxy.variableShape, systemClassValue(proxy, facts), previous) as ProxyVariableValue;
    const variable = { name: classProxy.variableName, value };
    return { cluster: withVariables(object, [variable]), variable, proxy };
  }
  const delivery = options.delivery ?? (proxy.hasCredentials ? NodeProxyDelivery.SECRET : NodeProxyDelivery.INLINE);
  if (delivery === NodeProxyDelivery.INLINE && proxy.hasCredentials) {
    throw new ProxyConfigError('delivery',
      'must be "secret" when the proxy URLs carry credentials: inline, they would be stored in plain text in the Cluster\'s topology variables');
  }
  if (library?.trustedCaSecretName && delivery === NodeProxyDelivery.SECRET) {
    throw new ProxyConfigError(`${variablePath}.trustedCaSecretName`,
      'cannot stay when the variable names the node-proxy Secret (delivery "secret": that Secret holds the node files and their CA); give the CA in the settings or as trustedCaPem');
  }
  // The same checks and Secret as ProxiedCluster (inline: content within Cluster API's file limit).
  const bootstrap = nodeProxyBootstrap(proxy, { ...classProxy.nodeOptions(clusterName, namespace), delivery });
  const libraryValue: ProxyVariableValue = bootstrap.secret
    ? { secretName: bootstrap.secret.metadata.name }
    : { ...inlineValue(proxy, facts), ...(library?.trustedCaSecretName ? { trustedCaSecretName: library.trustedCaSecretName } : {}) };
  const value = (foreignShape ? foreignVariableValue(classProxy.variableShape, libraryValue, previous) : libraryValue) as ProxyVariableValue;
  const variable = { name: classProxy.variableName, value };

  const copy = copyJson(object);
  if (!copy.spec.clusterNetwork?.pods && !copy.spec.clusterNetwork?.services) {
    copy.spec.clusterNetwork = { ...(copy.spec.clusterNetwork ?? {}), ...clusterNetworkSpec(proxy.network) };
  }
  if (!copy.spec.controlPlaneEndpoint?.host && proxy.network.controlPlaneEndpoint) {
    copy.spec.controlPlaneEndpoint = { host: proxy.network.controlPlaneEndpoint, port: copy.spec.controlPlaneEndpoint?.port ?? 6443 };
  }
  const trust = options.trustedCaPem === undefined ? undefined : trustVariable(classProxy, copy.spec.topology.variables ?? [], options.trustedCaPem);
  const withProxy = withVariables(copy, [variable, ...(trust ? [trust] : [])]);
  return { cluster: withProxy, variable, ...(bootstrap.secret ? { secret: bootstrap.secret } : {}), proxy };
}

/** A copy of the Cluster with these variables set: each replaces the one of its name where it stood, or follows the others. */
function withVariables(cluster: Json, variables: ReadonlyArray<{ name: string; value: unknown }>): KubeObject {
  const copy = copyJson(cluster);
  const current: Json[] = copy.spec.topology.variables ?? [];
  const replaced = current.map((entry) => variables.find((variable) => variable.name === entry?.name) ?? entry);
  const added = variables.filter((variable) => !current.some((entry) => entry?.name === variable.name));
  copy.spec.topology.variables = [...replaced, ...added].map((entry) => copyJson(entry));
  return copy as KubeObject;
}

function parseSystemClass(options: TopologyClusterProxyOptions, classProxy: ClusterClassProxy): boolean {
  if (!parseFlag('systemClass', options.systemClass)) {
    return false;
  }
  if (classProxy.variableShape === ClassVariableShape.LIBRARY) {
    throw new ProxyConfigError('systemClass', 'needs the variable shape of the system whose class the Cluster uses (variableShape "tkg", "caren"...): the library\'s own variable has no system class');
  }
  const unused = (['delivery', 'trustedCaPem'] as const).find((key) => options[key] !== undefined);
  if (unused) {
    throw new ProxyConfigError(unused, 'cannot be set with systemClass: the system\'s class renders the node files from its variable alone');
  }
  return true;
}

/** The variable's proxy for a system's class: the URLs and NO_PROXY entries as the definition wrote them. */
function systemClassValue(proxy: ClusterProxyConfig, facts: TopologyClusterFacts): { http?: string; https?: string; noProxy: string[] } {
  // a class of a foreign variable shape refuses credentials, so the URLs are plain text
  const href = (url: ProxyUrl | undefined) => (url === undefined ? undefined : plainString(url.hrefTextAsGiven));
  const additional = facts.additionalNoProxy === undefined ? [] : parseNoProxyList(facts.additionalNoProxy, 'additionalNoProxy').map(formatNoProxyEntry);
  return {
    http: href(proxy.settings.httpProxy),
    https: href(proxy.settings.httpsProxy),
    noProxy: [...new Set([...proxy.settings.noProxy.map(formatNoProxyEntry), ...additional])],
  };
}

/**
 * The facts of the Cluster: its spec first, `options.network` where the spec has none (they must
 * agree); its NO_PROXY entries are those its variable already holds (`keptNoProxy`), then
 * `options.additionalNoProxy`. The control-plane endpoint only `withEndpoint` (the spec's, the
 * network's, else the one the variable held): a foreign variable has none, so its templates cannot
 * add it, and neither does the library.
 */
function clusterFacts(
  cluster: Json, options: TopologyClusterProxyOptions, keptNoProxy: readonly string[], withEndpoint: boolean, keptEndpoint?: string,
): TopologyClusterFacts {
  const clusterNetwork = cluster.spec.clusterNetwork;
  const given = options.network;
  const fromSpec = clusterNetwork?.pods || clusterNetwork?.services
    ? {
      pods: clusterNetwork.pods?.cidrBlocks ?? [],
      services: clusterNetwork.services?.cidrBlocks ?? [],
      serviceDomain: clusterNetwork.serviceDomain || undefined,
    }
    : undefined;
  if (!fromSpec && !given) {
    throw new ProxyConfigError('cluster.spec.clusterNetwork',
      'is missing: give the pods and services CIDRs (in the Cluster or as network), the nodes\' NO_PROXY is computed from them');
  }
  if (fromSpec && given) {
    const canonical = (facts: { pods: string[]; services: string[]; serviceDomain?: string }): string => {
      const network = new ClusterNetwork({ pods: facts.pods, services: facts.services, serviceDomain: facts.serviceDomain });
      return JSON.stringify([network.pods, network.services, network.serviceDomain]);
    };
    if (canonical(fromSpec) !== canonical(given)) {
      throw invalidValue('network', given, `disagrees with cluster.spec.clusterNetwork ${JSON.stringify(clusterNetwork)}`);
    }
  }
  const base = fromSpec ?? given!;
  const additionalNoProxy = [...new Set([...keptNoProxy, ...(options.additionalNoProxy ?? [])])];
  const endpoint = withEndpoint ? cluster.spec.controlPlaneEndpoint?.host || given?.controlPlaneEndpoint || keptEndpoint : undefined;
  return {
    pods: base.pods,
    services: base.services,
    ...(base.serviceDomain !== undefined ? { serviceDomain: base.serviceDomain } : {}),
    ...(endpoint ? { controlPlaneEndpoint: endpoint } : {}),
    ...(options.machineCidrs !== undefined ? { machineCidrs: options.machineCidrs } : {}),
    ...(options.dnsServiceIp !== undefined ? { dnsServiceIp: options.dnsServiceIp } : {}),
    ...(additionalNoProxy.length > 0 ? { additionalNoProxy } : {}),
  };
}

/**
 * Refuses NO_PROXY entries the ClusterClass templates cannot read (names, .suffixes, IPs and CIDRs
 * without ports are what they read), naming `field[index]`.
 */
function checkTemplateForms(entries: readonly string[] | undefined, field: string): void {
  if (entries === undefined || entries.length === 0) {
    return;
  }
  parseNoProxyList(entries, field).forEach((entry, index) => {
    if (entry.kind === NoProxyEntryKind.WILDCARD || entry.kind === NoProxyEntryKind.RANGE || ('port' in entry && entry.port !== undefined)) {
      throw invalidValue(`${field}[${index}]`, formatNoProxyEntry(entry),
        'is not a form the ClusterClass templates read (names, .suffixes, IPs and CIDRs, without ports); add it class-wide with ClusterClassProxy additionalNoProxy');
    }
  });
}

/** The inline variable value: URLs without credentials and the facts the builtins lack, canonical. */
function inlineValue(proxy: ClusterProxyConfig, facts: TopologyClusterFacts): ProxyVariableValue {
  const extra = facts.additionalNoProxy === undefined ? [] : parseNoProxyList(facts.additionalNoProxy, 'additionalNoProxy');
  const network = proxy.network;
  return {
    ...(proxy.settings.httpProxy ? { http: proxy.settings.httpProxy.href } : {}),
    ...(proxy.settings.httpsProxy ? { https: proxy.settings.httpsProxy.href } : {}),
    ...(network.controlPlaneEndpoint ? { controlPlaneEndpoint: network.controlPlaneEndpoint } : {}),
    ...(network.machineCidrs.length > 0 ? { machineCidrs: [...network.machineCidrs] } : {}),
    ...(facts.dnsServiceIp !== undefined ? { dnsServiceIp: network.dnsServiceIp } : {}),
    ...(extra.length > 0 ? { noProxy: extra.map(formatNoProxyEntry) } : {}),
  };
}

/** The Cluster's trust variable with the proxy CA as the class's entry (base64 of the normalized PEM). */
function trustVariable(classProxy: ClusterClassProxy, variables: readonly Json[], trustedCaPem: string): { name: string; value: Json } {
  const trust = classProxy.trustedCaVariable;
  if (!trust) {
    throw new ProxyConfigError('trustedCaPem',
      'needs a ClusterClass with trustedCaVariable; a class without it carries the CA in its settings (trustedCaPem) for every Cluster');
  }
  const bundle = parseTrustAnchors('trustedCaPem', trustedCaPem);
  const previous = variables.find((entry) => entry?.name === trust.name)?.value;
  const value: Json = previous && typeof previous === 'object' && !Array.isArray(previous) ? copyJson(previous) : {};
  const entries = (Array.isArray(value.additionalTrustedCAs) ? value.additionalTrustedCAs : [])
    .filter((entry: Json) => entry?.name !== trust.entryName);
  value.additionalTrustedCAs = [...entries, { name: trust.entryName, data: Buffer.from(bundle.pem, 'utf8').toString('base64') }];
  return { name: trust.name, value };
}
