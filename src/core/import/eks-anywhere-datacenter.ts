import { ImportNotes, Json, stringList } from './imported-proxy';
import { Provider } from '../primitives/providers';
import { valueAt } from '../primitives/validation/json-data';

/**
 * The endpoints EKS Anywhere's provider templates add to NO_PROXY from the datacenter config a
 * Cluster's `spec.datacenterRef` names (`pkg/providers/<provider>/template.go`): vCenter, Prism
 * Central, the CloudStack management API hosts, the Tinkerbell IP. Snow (`pkg/clusterapi/proxy.go`)
 * and Docker add none.
 */

interface DatacenterKind {
  /** The library's provider, when it has one for this kind. */
  readonly provider?: Provider;
  /** The field read, as the datacenter config spells it. */
  readonly field: string;
  /** What EKS Anywhere adds. */
  readonly role: string;
  readonly endpoints: (spec: Json) => string[];
}

/** The host of a URL, as `GetCloudStackManagementAPIEndpointHostname` takes it. */
function urlHost(url: string): string[] {
  try {
    return [new URL(url).hostname];
  } catch {
    return [];
  }
}

/** The datacenter kinds read (VSphere, Nutanix, CloudStack, Tinkerbell), and the ones known to add nothing. */
const DATACENTER_KINDS: Readonly<Record<string, DatacenterKind | undefined>> = {
  VSphereDatacenterConfig: { provider: Provider.VSPHERE, field: 'spec.server', role: 'the vCenter server', endpoints: (spec) => stringList(spec.server) },
  NutanixDatacenterConfig: { provider: Provider.NUTANIX, field: 'spec.endpoint', role: 'the Prism Central endpoint', endpoints: (spec) => stringList(spec.endpoint) },
  CloudStackDatacenterConfig: {
    field: 'spec.availabilityZones[].managementApiEndpoint',
    role: 'the management API host of each availability zone',
    endpoints: (spec) => (Array.isArray(spec.availabilityZones) ? spec.availabilityZones : [])
      .flatMap((zone: Json) => (typeof zone?.managementApiEndpoint === 'string' ? urlHost(zone.managementApiEndpoint) : [])),
  },
  TinkerbellDatacenterConfig: {
    provider: Provider.TINKERBELL, field: 'spec.tinkerbellIP', role: 'the Tinkerbell IP', endpoints: (spec) => stringList(spec.tinkerbellIP),
  },
  SnowDatacenterConfig: undefined,
  DockerDatacenterConfig: undefined,
};

/** What the datacenter config of a Cluster adds. */
export interface EksAnywhereDatacenter {
  readonly provider?: Provider;
  readonly endpoints: string[];
}

/**
 * The datacenter config `cluster` names, from the other documents of the file; a note when EKS
 * Anywhere adds an endpoint for its kind that the file does not give.
 */
export function readEksAnywhereDatacenter(cluster: Json, documents: readonly Json[], notes: ImportNotes): EksAnywhereDatacenter {
  const none = { endpoints: [] };
  const ref = valueAt(cluster, ['spec', 'datacenterRef']) as Json | undefined;
  if (typeof ref?.kind !== 'string') {
    return none;
  }
  if (!Object.hasOwn(DATACENTER_KINDS, ref.kind)) {
    notes.add('spec.datacenterRef.kind', `${ref.kind} is not read: the NO_PROXY entries its provider adds, if any, are not compared`);
    return none;
  }
  const kind = DATACENTER_KINDS[ref.kind];
  if (!kind) {
    return none;
  }
  const datacenter = documents.find((document) => document?.kind === ref.kind && valueAt(document, ['metadata', 'name']) === ref.name);
  if (!datacenter) {
    notes.add('spec.datacenterRef', `${ref.kind} ${ref.name} is not in the file: EKS Anywhere also adds ${kind.role} to NO_PROXY, which neither the definition nor the comparison has (import the cluster configuration file with its datacenter config)`);
    return none;
  }
  const endpoints = kind.endpoints(valueAt(datacenter, ['spec']) ?? {});
  if (endpoints.length > 0) {
    notes.add(`${ref.kind}.${kind.field}`, `${endpoints.join(', ')}: a provider endpoint of the network, as EKS Anywhere adds ${kind.role} to NO_PROXY`);
  }
  return { ...(kind.provider ? { provider: kind.provider } : {}), endpoints };
}
