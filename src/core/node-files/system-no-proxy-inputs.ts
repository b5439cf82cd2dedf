import type { Provider } from '../primitives/providers';

/** What a system composes its NO_PROXY from, as the library knows it for one cluster. */
export interface SystemNoProxyInputs {
  /** The installation-wide entries, each as its canonical text, in the order given. */
  readonly given: readonly string[];
  /** Pod CIDRs. */
  readonly pods: readonly string[];
  /** Service CIDRs. */
  readonly services: readonly string[];
  /** The API server's host name or address, when known. */
  readonly endpoint?: string;
  /** The cluster's DNS domain (`cluster.local`). */
  readonly serviceDomain: string;
  /** Entries of the infrastructure provider: metadata service, provider API endpoints. */
  readonly provider: readonly string[];
  /** The infrastructure provider. */
  readonly providerName: Provider;
  /** The provider API endpoints given for the cluster (vCenter, Prism Central). */
  readonly providerEndpoints: readonly string[];
  /** Whether the cluster has IPv6 pods. */
  readonly ipv6: boolean;
}
