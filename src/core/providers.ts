/**
 * Infrastructure provider presets: NO_PROXY entries every cluster on a provider needs, kept as
 * data so that adding a provider means adding a row, not another `if`.
 *
 * Sources: the defaults of CAREN (`GenerateNoProxy`), OpenShift (`MergeUserSystemNoProxy`), TKG
 * (`get_no_proxy`) and EKS Anywhere, summarized in `shared/reference/prior-art.md`.
 */

/** Infrastructure providers the library knows presets for. */
export type Provider = 'aws' | 'azure' | 'gcp' | 'vsphere' | 'openstack' | 'vcd' | 'nutanix' | 'docker' | 'other';

/** One NO_PROXY entry with the reason it is there (shown by `explain` and in docs). */
export interface ReasonedEntry {
  readonly value: string;
  readonly reason: string;
}

/** What a provider contributes to the cluster-specific NO_PROXY. */
export interface ProviderPreset {
  /** Human name, for docs and messages. */
  readonly title: string;
  /** Entries every cluster on this provider gets. */
  readonly entries: readonly ReasonedEntry[];
  /** Entries derived from the region, when the user gives one. */
  readonly regionEntries?: (region: string) => readonly ReasonedEntry[];
  /**
   * What `providerEndpoints` means on this provider (vCenter, Prism Central, ...). Nodes and
   * in-cluster controllers (CPI, CSI, CAPI providers) talk to these directly.
   */
  readonly endpointRole?: string;
}

const INSTANCE_METADATA: ReasonedEntry = {
  value: '169.254.169.254',
  reason: 'link-local instance metadata service (cloud-init, cloud controller manager, CSI, node identity)',
};

/** The preset of every supported provider. */
export const PROVIDER_PRESETS: Readonly<Record<Provider, ProviderPreset>> = {
  aws: {
    title: 'Amazon Web Services',
    entries: [
      INSTANCE_METADATA,
      { value: 'fd00:ec2::254', reason: 'instance metadata service over IPv6 (Nitro instances in IPv6 clusters)' },
      { value: '.elb.amazonaws.com', reason: 'load balancer names: the CAPA control-plane endpoint is an ELB/NLB hostname (CAREN, Giant Swarm)' },
    ],
    regionEntries: (region) => [{
      // us-east-1 uses the legacy ec2.internal zone for private DNS names (OpenShift does the same).
      value: region === 'us-east-1' ? '.ec2.internal' : `.${region}.compute.internal`,
      reason: `EC2 private DNS names in ${region}: node names that the API server and kubelets resolve`,
    }],
  },
  azure: {
    title: 'Microsoft Azure',
    entries: [
      INSTANCE_METADATA,
      { value: '168.63.129.16', reason: 'Azure WireServer: VM agent, platform DNS and load balancer health probes (TKG)' },
    ],
  },
  gcp: {
    title: 'Google Cloud',
    entries: [
      INSTANCE_METADATA,
      { value: 'metadata', reason: 'short name of the GCE metadata server (CAREN, OpenShift)' },
      { value: 'metadata.google.internal', reason: 'GCE metadata server name used by Google client libraries' },
      { value: 'metadata.google.internal.', reason: 'fully-qualified form some libraries request (OpenShift, Bugzilla 1754049)' },
    ],
  },
  vsphere: {
    title: 'VMware vSphere',
    entries: [],
    endpointRole: 'vCenter server (vSphere CPI, CSI and CAPV talk to it; TKG requires it in NO_PROXY)',
  },
  openstack: {
    title: 'OpenStack',
    entries: [{ ...INSTANCE_METADATA, reason: 'Nova metadata service (cloud-init, OpenStack cloud controller manager)' }],
    endpointRole: 'OpenStack API endpoints (Keystone, Nova, Cinder) when they are internal',
  },
  vcd: {
    title: 'VMware Cloud Director',
    entries: [],
    endpointRole: 'Cloud Director host (CAPVCD, its CPI and CSI talk to it)',
  },
  nutanix: {
    title: 'Nutanix',
    entries: [],
    endpointRole: 'Prism Central (CAPX, Nutanix CCM and CSI talk to it; EKS Anywhere adds it)',
  },
  docker: {
    title: 'Docker (CAPD, development only)',
    entries: [],
  },
  other: {
    title: 'other provider',
    entries: [],
  },
};

/** Supported provider names, in documentation order. */
export const PROVIDERS = Object.keys(PROVIDER_PRESETS) as Provider[];
