import type { SystemNoProxyInputs } from './system-no-proxy-inputs';
import { ipBounds } from '../noproxy/entry-bounds';
import { parseNoProxyEntry } from '../noproxy/parse';
import { formatIpNumber, rangeToCidrs } from '../primitives/ip';
import { Provider } from '../primitives/providers';

/**
 * The NO_PROXY CAREN renders (`api/v1alpha1/http_proxy.go`, `GenerateNoProxyNormalized`):
 * `localhost`, `127.0.0.1`, the pod and service CIDRs, `kubernetes`, `kubernetes.default`, `.svc`,
 * `.svc.<domain>`, `.svc.<domain>.`, the entries of the infrastructure provider, then
 * `additionalNo`; then normalized (`NormalizeNoProxyEntries`).
 */

/** A provider CAREN knows by its Cluster's `spec.infrastructureRef.kind`, and the entries CAREN adds for it. */
export interface CarenInfrastructure {
  /** The library's provider, whose preset writes CAREN's entries among its own. */
  readonly provider: Provider;
  readonly entries: readonly string[];
}

const AWS: CarenInfrastructure = { provider: Provider.AWS, entries: ['169.254.169.254', '.elb.amazonaws.com'] };
const AZURE: CarenInfrastructure = { provider: Provider.AZURE, entries: ['169.254.169.254'] };

/** By infrastructure kind; CAREN adds no entries for Nutanix and Docker. */
export const CAREN_INFRASTRUCTURES: Readonly<Record<string, CarenInfrastructure>> = {
  AWSCluster: AWS,
  AWSManagedCluster: AWS,
  AzureCluster: AZURE,
  AzureManagedControlPlane: AZURE,
  GCPCluster: { provider: Provider.GCP, entries: ['169.254.169.254', 'metadata', 'metadata.google.internal'] },
  NutanixCluster: { provider: Provider.NUTANIX, entries: [] },
  DockerCluster: { provider: Provider.DOCKER, entries: [] },
};

/**
 * CAREN's NO_PROXY for the facts `GenerateNoProxy` reads, in its order: `given` is `additionalNo`,
 * the service domain has no leading dot, and the provider's infrastructure gives its entries.
 */
export function carenNoProxy(inputs: SystemNoProxyInputs): string[] {
  const infrastructure = Object.values(CAREN_INFRASTRUCTURES).find((candidate) => candidate.provider === inputs.providerName);
  return normalizedAsCaren([
    'localhost', '127.0.0.1', ...inputs.pods, ...inputs.services,
    'kubernetes', 'kubernetes.default', '.svc', `.svc.${inputs.serviceDomain}`, `.svc.${inputs.serviceDomain}.`,
    ...infrastructure?.entries ?? [], ...inputs.given,
  ]);
}

/**
 * `NormalizeNoProxyEntries`: each entry trimmed (empty ones dropped), a CIDR followed by its
 * address range (a one-address CIDR by the address), a range by the CIDRs covering it; repeats
 * dropped.
 */
function normalizedAsCaren(entries: readonly string[]): string[] {
  return [...new Set(entries.map((entry) => entry.trim()).filter((entry) => entry !== '').flatMap((entry) => [entry, ...otherNotation(entry)]))];
}

function otherNotation(entry: string): string[] {
  let bounds;
  try {
    bounds = ipBounds(parseNoProxyEntry(entry, 'noProxy'));
  } catch {
    return [];
  }
  // CAREN goes by the written form: the library's parser reads a one-address CIDR as an IP, and a
  // range that is one CIDR as that CIDR.
  if (!bounds || (!entry.includes('/') && !entry.includes('-'))) {
    return [];
  }
  const { family, first, last } = bounds;
  const address = (value: bigint): string => formatIpNumber({ family, value });
  if (entry.includes('-')) {
    return rangeToCidrs(family, first, last).map((block) => `${address(block.network)}/${block.prefixLength}`);
  }
  return [first === last ? address(first) : `${address(first)}-${address(last)}`];
}
