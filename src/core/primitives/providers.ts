/**
 * Infrastructure provider presets: NO_PROXY entries every cluster on a provider needs, kept as
 * data so that adding a provider means adding a row, not another `if`.
 *
 * Each entry is an HTTP endpoint a node or pod reaches locally (metadata, credential and identity
 * agents), in IPv4 and IPv6 where the provider serves both, with the reason and the public
 * document that states the address. Endpoints audited and deliberately left out (DNS and time
 * services speak no HTTP, so no proxy ever sees them) are kept in `notListed`, with the same
 * sourcing, so the audit is visible. The load-balancer and private DNS names follow the defaults
 * of CAREN (`GenerateNoProxy`), OpenShift (`MergeUserSystemNoProxy`), TKG (`get_no_proxy`) and
 * EKS Anywhere, summarized in `shared/reference/prior-art.md`.
 */

/** Infrastructure providers the library knows presets for. */
export enum Provider {
  /** Amazon Web Services (CAPA). */
  AWS = 'aws',
  /** Microsoft Azure (CAPZ). */
  AZURE = 'azure',
  /** Google Cloud (CAPG). */
  GCP = 'gcp',
  /** VMware vSphere (CAPV). */
  VSPHERE = 'vsphere',
  /** OpenStack (CAPO). */
  OPENSTACK = 'openstack',
  /** VMware Cloud Director (CAPVCD). */
  VCD = 'vcd',
  /** Nutanix (CAPX). */
  NUTANIX = 'nutanix',
  /** Tinkerbell, bare metal (CAPT). */
  TINKERBELL = 'tinkerbell',
  /** Docker (CAPD, for tests). */
  DOCKER = 'docker',
  /** Any other provider: no preset entries. */
  OTHER = 'other',
}

/** One NO_PROXY entry with the reason it is there (shown by `explain` and in docs). */
export interface ReasonedEntry {
  readonly value: string;
  readonly reason: string;
  /** The public document stating the address or name. @default - none (user-given endpoints) */
  readonly source?: string;
}

/** What a provider contributes to the cluster-specific NO_PROXY. */
export interface ProviderPreset {
  /** Human name, for docs and messages. */
  readonly title: string;
  /** Entries every cluster on this provider gets. */
  readonly entries: ReasonedEntry[];
  /** Entries derived from the region, when the user gives one. */
  readonly regionEntries?: (region: string) => readonly ReasonedEntry[];
  /**
   * What `providerEndpoints` means on this provider (vCenter, Prism Central, ...). Nodes and
   * in-cluster controllers (CPI, CSI, CAPI providers) talk to these directly.
   */
  readonly endpointRole?: string;
  /**
   * Local endpoints of the provider that the audit found and deliberately left out of NO_PROXY:
   * each with why it is not listed, and the document stating it. @default - none
   */
  readonly notListed?: Required<ReasonedEntry>[];
}

const AWS_VPC_SERVICES = 'https://docs.aws.amazon.com/whitepapers/latest/ipv6-on-aws/supporting-amazon-vpc-services.html';
const AWS_POD_IDENTITY = 'https://docs.aws.amazon.com/eks/latest/userguide/pod-id-agent-setup.html';
const AWS_CONTAINER_CREDENTIALS = 'https://docs.aws.amazon.com/sdkref/latest/guide/feature-container-credentials.html';
const AZURE_IMDS = 'https://learn.microsoft.com/azure/virtual-machines/instance-metadata-service';
const AZURE_WIRESERVER = 'https://learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16';
const GCE_METADATA = 'https://cloud.google.com/compute/docs/storing-retrieving-metadata';
const NOVA_METADATA = 'https://docs.openstack.org/nova/latest/user/metadata.html';
const NEUTRON_METADATA_IPV6 = 'https://specs.openstack.org/openstack/neutron-specs/specs/ussuri/metadata-add-ipv6-support.html';
const PRIOR_ART = 'shared/reference/prior-art.md (CAREN, OpenShift, TKG, EKS Anywhere defaults)';

const NOT_HTTP = 'speaks no HTTP, so no HTTP proxy ever sees it and a NO_PROXY entry would change nothing';

/** The preset of every supported provider. */
export const PROVIDER_PRESETS: Readonly<Record<Provider, ProviderPreset>> = {
  aws: {
    title: 'Amazon Web Services',
    entries: [
      { value: '169.254.169.254', reason: 'EC2 instance metadata service (IMDS): cloud-init, AWS SDKs, cloud controller manager, CSI, node identity', source: AWS_VPC_SERVICES },
      { value: 'fd00:ec2::254', reason: 'EC2 instance metadata service over IPv6 (Nitro instances with IPv6 addresses)', source: AWS_VPC_SERVICES },
      { value: '169.254.170.2', reason: 'container credentials endpoint of the AWS SDKs (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI): ECS task roles and agents that emulate them', source: AWS_CONTAINER_CREDENTIALS },
      { value: '169.254.170.23', reason: 'EKS Pod Identity Agent on every node: pods fetch their IAM credentials from it (AWS_CONTAINER_CREDENTIALS_FULL_URI)', source: AWS_POD_IDENTITY },
      { value: 'fd00:ec2::23', reason: 'EKS Pod Identity Agent over IPv6', source: AWS_POD_IDENTITY },
      { value: '.elb.amazonaws.com', reason: 'load balancer names: the CAPA control-plane endpoint is an ELB/NLB hostname (CAREN, Giant Swarm)', source: PRIOR_ART },
    ],
    regionEntries: (region) => [{
      // us-east-1 uses the legacy ec2.internal zone for private DNS names (OpenShift does the same).
      value: region === 'us-east-1' ? '.ec2.internal' : `.${region}.compute.internal`,
      reason: `EC2 private DNS names in ${region}: node names that the API server and kubelets resolve`,
      source: AWS_VPC_SERVICES,
    }],
    notListed: [
      { value: '169.254.169.253', reason: `Route 53 Resolver (DNS) ${NOT_HTTP}`, source: AWS_VPC_SERVICES },
      { value: 'fd00:ec2::253', reason: `Route 53 Resolver over IPv6 (DNS) ${NOT_HTTP}`, source: AWS_VPC_SERVICES },
      { value: '169.254.169.123', reason: `Amazon Time Sync Service (NTP) ${NOT_HTTP}`, source: AWS_VPC_SERVICES },
      { value: 'fd00:ec2::123', reason: `Amazon Time Sync Service over IPv6 (NTP) ${NOT_HTTP}`, source: AWS_VPC_SERVICES },
    ],
  },
  azure: {
    title: 'Microsoft Azure',
    entries: [
      { value: '169.254.169.254', reason: 'Azure Instance Metadata Service (IMDS) and managed identity tokens; Azure requires clients to bypass proxies for it', source: AZURE_IMDS },
      { value: '168.63.129.16', reason: 'Azure WireServer: VM agent and extensions, platform DNS and load balancer health probes; treated like IMDS (TKG lists it too)', source: AZURE_WIRESERVER },
    ],
  },
  gcp: {
    title: 'Google Cloud',
    entries: [
      { value: '169.254.169.254', reason: 'Compute Engine metadata server: cloud-init, Google client libraries, service account tokens (GKE workload identity too)', source: GCE_METADATA },
      { value: 'metadata', reason: 'short name of the metadata server, resolved through the google.internal search domain (CAREN, OpenShift)', source: PRIOR_ART },
      { value: 'metadata.google.internal', reason: 'the metadata server name used by Google client libraries', source: GCE_METADATA },
      { value: 'metadata.google.internal.', reason: 'fully-qualified form some libraries request (OpenShift, Bugzilla 1754049)', source: PRIOR_ART },
    ],
  },
  vsphere: {
    title: 'VMware vSphere',
    entries: [],
    endpointRole: 'vCenter server (vSphere CPI, CSI and CAPV talk to it; TKG requires it in NO_PROXY)',
  },
  openstack: {
    title: 'OpenStack',
    entries: [
      { value: '169.254.169.254', reason: 'Nova metadata service (cloud-init, OpenStack cloud controller manager, Cinder CSI)', source: NOVA_METADATA },
    ],
    endpointRole: 'OpenStack API endpoints (Keystone, Nova, Cinder) when they are internal',
    notListed: [{
      value: 'fe80::a9fe:a9fe',
      reason: 'metadata over IPv6 is link-local, so URLs carry an interface zone ([fe80::a9fe:a9fe%eth0]) that no client matches against a NO_PROXY entry; '
        + 'and only link-local traffic reaches it, never a proxy',
      source: NEUTRON_METADATA_IPV6,
    }],
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
  tinkerbell: {
    title: 'Tinkerbell (bare metal)',
    entries: [],
    endpointRole: 'the Tinkerbell IP (its provisioning and metadata services; EKS Anywhere adds it)',
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
