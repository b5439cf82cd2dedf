import { ImportedProxy, importedProxy, ImportNotes, ImportSource, readProxy, stringList, valueAt } from './imported-proxy';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { invalidValue, ProxyConfigError } from '../primitives/errors';

/**
 * VMware TKG: the cluster configuration variables of plan-based clusters (`TKG_HTTP_PROXY`,
 * `TKG_HTTPS_PROXY`, `TKG_NO_PROXY`, `TKG_PROXY_CA_CERT`, `CLUSTER_CIDR`, `SERVICE_CIDR`,
 * `TKG_IP_FAMILY`), or a ClusterClass-based Cluster with its `proxy {httpProxy, httpsProxy, noProxy}`
 * and `trust {additionalTrustedCAs[name=proxy]}` variables.
 *
 * TKG's own NO_PROXY (tanzu-framework `get_no_proxy()`): `TKG_NO_PROXY`, the service and pod
 * CIDRs, `localhost`, `127.0.0.1`, `::1` on IPv6, `.svc`, `.svc.cluster.local`; the ClusterClass
 * variant sorts and de-duplicates the same list.
 */

type Json = Record<string, any>;

/** TKG's defaults for CLUSTER_CIDR and SERVICE_CIDR. */
const TKG_DEFAULT_CLUSTER_CIDR = '100.96.0.0/11';
const TKG_DEFAULT_SERVICE_CIDR = '100.64.0.0/13';

/** Read a TKG cluster configuration or ClusterClass-based Cluster. */
export function importTkg(doc: Json): ImportedProxy {
  return doc.kind === 'Cluster' ? fromClusterClass(doc) : fromConfigVariables(doc);
}

function fromConfigVariables(doc: Json): ImportedProxy {
  const notes = new ImportNotes();
  if (doc.TKG_HTTP_PROXY === undefined && doc.TKG_HTTPS_PROXY === undefined) {
    throw new ProxyConfigError('TKG_HTTP_PROXY', 'is not set: the file has no TKG proxy configuration (TKG_HTTP_PROXY, TKG_HTTPS_PROXY)');
  }
  if (String(doc.TKG_HTTP_PROXY_ENABLED ?? 'true') === 'false') {
    notes.add('TKG_HTTP_PROXY_ENABLED', 'is false: TKG ignores the proxy variables; imported anyway');
  }
  const proxy = readProxy({ http: 'TKG_HTTP_PROXY', https: 'TKG_HTTPS_PROXY', noProxy: 'TKG_NO_PROXY' },
    { http: doc.TKG_HTTP_PROXY, https: doc.TKG_HTTPS_PROXY, noProxy: doc.TKG_NO_PROXY }, notes);
  const pods = stringList(doc.CLUSTER_CIDR);
  const services = stringList(doc.SERVICE_CIDR);
  if (pods.length === 0) {
    notes.add('CLUSTER_CIDR', `not set: TKG's default ${TKG_DEFAULT_CLUSTER_CIDR} assumed`);
    pods.push(TKG_DEFAULT_CLUSTER_CIDR);
  }
  if (services.length === 0) {
    notes.add('SERVICE_CIDR', `not set: TKG's default ${TKG_DEFAULT_SERVICE_CIDR} assumed`);
    services.push(TKG_DEFAULT_SERVICE_CIDR);
  }
  const ipv6 = /ipv6/i.test(String(doc.TKG_IP_FAMILY ?? ''));
  const sourceNoProxy = unique([...proxy.noProxy, ...services, ...pods, 'localhost', '127.0.0.1', ...(ipv6 ? ['::1'] : []), '.svc', '.svc.cluster.local']);
  const trustedCaPem = decodeCa('TKG_PROXY_CA_CERT', doc.TKG_PROXY_CA_CERT);
  const facts = { network: { pods, services }, sourceNoProxy, profile: CompatibilityProfileName.TKG };
  return importedProxy(ImportSource.TKG, proxy, notes, facts, trustedCaPem);
}

function fromClusterClass(doc: Json): ImportedProxy {
  const notes = new ImportNotes();
  const variables: Json[] = valueAt(doc, ['spec', 'topology', 'variables']) ?? [];
  const proxy = variables.find((variable) => variable?.name === 'proxy')?.value;
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('spec.topology.variables[proxy]', 'is missing: the Cluster sets no TKG proxy variable');
  }
  const read = readProxy({ http: 'proxy.httpProxy', https: 'proxy.httpsProxy', noProxy: 'proxy.noProxy' },
    { http: proxy.httpProxy, https: proxy.httpsProxy, noProxy: proxy.noProxy }, notes);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const ipv6 = [...pods, ...services].some((cidr) => cidr.includes(':'));
  const sourceNoProxy = unique(['localhost', '127.0.0.1', '.svc', '.svc.cluster.local', ...(ipv6 ? ['::1'] : []), ...read.noProxy, ...services, ...pods]).sort();
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
  return importedProxy(ImportSource.TKG, read, notes, {
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services } } : {}),
    sourceNoProxy,
    profile: CompatibilityProfileName.TKG_CLUSTERCLASS,
    variableShape: ClassVariableShape.TKG,
  }, trustedCaPem);
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

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
