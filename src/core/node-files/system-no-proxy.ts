import { carenNoProxy } from './caren-no-proxy';
import { CompatibilityProfileName } from './compatibility-profile-name';
import { NoProxyForm } from './options';
import type { ResolvedNodeProxyFiles } from './resolution';
import type { SystemNoProxyInputs } from './system-no-proxy-inputs';
import type { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { proxyEnvironment, RenderEnvironment } from '../definition/proxy-environment';
import { formatNoProxyEntry } from '../noproxy/format';
import { USER_CLUSTER_ENTRY_REASON } from '../noproxy/no-proxy';
import { NoProxyItem } from '../noproxy/types';
import { Provider } from '../primitives/providers';

/**
 * NO_PROXY as another system composes it, for node files that must keep the bytes that system
 * wrote (`noProxyForm` `given` or `sorted`): each system's order of its own fixed entries, the
 * cluster's facts and the user's entries, with nothing expanded and nothing added. The importers
 * read the same systems; `cluster-proxy import` compares this list with the library's, client by
 * client.
 */

type Composition = (inputs: SystemNoProxyInputs) => string[];

/** The inputs of what an importer read from a system's file: what it did not read is empty. */
export function readInputs(read: Partial<SystemNoProxyInputs>): SystemNoProxyInputs {
  return {
    given: [], pods: [], services: [], serviceDomain: 'cluster.local', provider: [], providerName: Provider.OTHER, providerEndpoints: [], ipv6: false, ...read,
  };
}

const endpointOf = (inputs: SystemNoProxyInputs): string[] => (inputs.endpoint === undefined ? [] : [inputs.endpoint]);

/** The names TKG adds to every cluster's NO_PROXY, in its order (`::1` on IPv6). */
export function tkgAddedNames(ipv6: boolean): string[] {
  return ['localhost', '127.0.0.1', ...(ipv6 ? ['::1'] : []), '.svc', '.svc.cluster.local'];
}

/**
 * Giant Swarm's `cluster` chart (`cluster.connectivity.proxy.noProxy`): its fixed entries, the
 * cluster's `<cluster>.<baseDomain>`, the CIDRs, the provider integration's entries, then the
 * installation's.
 */
export const giantSwarmChartNoProxy: Composition = (inputs) => [
  '127.0.0.1', 'localhost', 'svc', 'local', ...endpointOf(inputs), ...inputs.services, ...inputs.pods, ...inputs.provider, ...inputs.given,
];

/**
 * EKS Anywhere's provider templates: the CIDRs, the user's entries, its loopback and service names,
 * the provider's endpoints (vCenter, Prism Central), then the control-plane endpoint; Tinkerbell's
 * template writes its IP after the endpoint instead.
 */
export const eksAnywhereNoProxy: Composition = (inputs) => {
  const endpoints = inputs.providerName === Provider.TINKERBELL
    ? [...endpointOf(inputs), ...inputs.providerEndpoints] : [...inputs.providerEndpoints, ...endpointOf(inputs)];
  return [...inputs.pods, ...inputs.services, ...inputs.given, 'localhost', '127.0.0.1', '.svc', ...endpoints];
};

/** Each system's composition, by profile. */
const COMPOSITIONS: Readonly<Record<CompatibilityProfileName, Composition>> = {
  // TKG's list (plan-based clusters): the user's entries, the CIDRs, then its loopback and service names
  'tkg': (inputs) => [...inputs.given, ...inputs.services, ...inputs.pods, ...tkgAddedNames(inputs.ipv6)],
  // the ClusterClass's patches sort the same entries (loopback and service names first in the input)
  'tkg-clusterclass': (inputs) => [...tkgAddedNames(inputs.ipv6), ...inputs.given, ...inputs.services, ...inputs.pods].sort(),
  // The importer reads every entry of the chart's list into the definition, in the chart's order,
  // so they come first here; entries it lacks follow.
  'giantswarm': (inputs) => [...inputs.given, ...giantSwarmChartNoProxy({ ...inputs, given: [] })],
  'caren': carenNoProxy,
  'eks-anywhere': eksAnywhereNoProxy,
};

/** The NO_PROXY entries a profile's system writes for these inputs, each once, in its order. */
export function systemNoProxy(profile: CompatibilityProfileName, inputs: SystemNoProxyInputs): string[] {
  return [...new Set(COMPOSITIONS[profile](inputs))];
}

/**
 * The environments the node files are written from: the cluster's own, or with NO_PROXY in the
 * form the files ask for and the URLs' ports as given. Without a profile, `given` is the
 * installation's entries, then the cluster's (computed and additional) ones. Entries of
 * `additionalNoProxy` follow a system's list.
 */
export function nodeFileEnvironments(
  proxy: ClusterProxyConfig, files: Pick<ResolvedNodeProxyFiles, 'profile' | 'noProxyForm' | 'urlPortAsGiven'>,
): { render: RenderEnvironment; public: RenderEnvironment } {
  if (files.noProxyForm === NoProxyForm.EXPANDED && !files.urlPortAsGiven) {
    return { render: proxy.renderEnvironment, public: proxy.publicEnvironment };
  }
  const noProxy = files.noProxyForm === NoProxyForm.EXPANDED ? proxy.environment.noProxy : formedNoProxy(proxy, files);
  const portsAsGiven = files.urlPortAsGiven;
  return {
    render: proxyEnvironment(proxy.settings, noProxy, { portsAsGiven }),
    public: proxyEnvironment(proxy.settings, noProxy, { credentials: false, portsAsGiven }),
  };
}

/** NO_PROXY in the form `given` or `sorted`. */
function formedNoProxy(proxy: ClusterProxyConfig, files: Pick<ResolvedNodeProxyFiles, 'profile' | 'noProxyForm'>): string {
  const given = givenEntries(proxy);
  const entries = files.profile === undefined
    ? [...given, ...text(proxy.noProxy.clusterSpecific)]
    : [...systemNoProxy(files.profile, inputsOf(proxy, given)), ...userClusterEntries(proxy)];
  return inForm(entries, files.noProxyForm);
}

/**
 * The NO_PROXY entries the user gave, in the form `given` or `sorted`: the installation's, then the
 * cluster's own additional ones, nothing computed. What a system that composes its list itself
 * stores as its input (TKG's `TKG_NO_PROXY` in the config values).
 */
export function userNoProxy(proxy: ClusterProxyConfig, form: NoProxyForm): string {
  return inForm(userNoProxyEntries(proxy), form);
}

/** The NO_PROXY entries the user gave, as written: the installation's, then the cluster's own additional ones. */
export function userNoProxyEntries(proxy: ClusterProxyConfig): string[] {
  return [...givenEntries(proxy), ...userClusterEntries(proxy)];
}

const text = (items: readonly NoProxyItem[]): string[] => items.map((item) => formatNoProxyEntry(item.entry));

/** As written: the settings' entries before the engine drops those another entry covers. */
const givenEntries = (proxy: ClusterProxyConfig): string[] => proxy.settings.noProxy.map(formatNoProxyEntry);

const userClusterEntries = (proxy: ClusterProxyConfig): string[] =>
  text(proxy.noProxy.clusterSpecific.filter((item) => item.reason === USER_CLUSTER_ENTRY_REASON));

/** Each entry once, in order or sorted. */
function inForm(entries: string[], form: NoProxyForm): string {
  const unique = [...new Set(entries)];
  return (form === NoProxyForm.SORTED ? unique.sort() : unique).join(',');
}

function inputsOf(proxy: ClusterProxyConfig, given: string[]): SystemNoProxyInputs {
  const network = proxy.network;
  return {
    given,
    pods: network.pods,
    services: network.services,
    ...(network.controlPlaneEndpoint === undefined ? {} : { endpoint: network.controlPlaneEndpoint }),
    serviceDomain: network.serviceDomain,
    provider: network.providerEntries.map((entry) => entry.value),
    providerName: network.provider,
    providerEndpoints: network.providerEndpoints,
    ipv6: network.ipFamilies.includes('IPv6'),
  };
}
