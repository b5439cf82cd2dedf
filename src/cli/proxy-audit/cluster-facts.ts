import { ClusterNetworkProps } from '../../core/definition/network';
import { Provider } from '../../core/primitives/providers';
import { dig, ManifestObject } from '../manifests';

/** The infrastructure kind a Cluster refers to, and the provider preset it means. */
const PROVIDER_OF_INFRASTRUCTURE: Readonly<Record<string, Provider>> = {
  AWSCluster: Provider.AWS,
  AWSManagedCluster: Provider.AWS,
  AzureCluster: Provider.AZURE,
  AzureManagedCluster: Provider.AZURE,
  GCPCluster: Provider.GCP,
  VSphereCluster: Provider.VSPHERE,
  OpenStackCluster: Provider.OPENSTACK,
  VCDCluster: Provider.VCD,
  NutanixCluster: Provider.NUTANIX,
  DockerCluster: Provider.DOCKER,
};

/**
 * The cluster facts of a Cluster API `Cluster` object: pod and service CIDRs, service domain,
 * control-plane endpoint host, and the provider its infrastructureRef names. Undefined when the
 * object lists no pod or service CIDRs.
 */
export function clusterFactsOf(cluster: ManifestObject): ClusterNetworkProps | undefined {
  const network = dig(cluster.body, 'spec', 'clusterNetwork');
  const pods = dig(network, 'pods', 'cidrBlocks');
  const services = dig(network, 'services', 'cidrBlocks');
  if (!Array.isArray(pods) || !Array.isArray(services) || pods.length === 0 || services.length === 0) {
    return undefined;
  }
  const domain = dig(network, 'serviceDomain');
  const endpoint = dig(cluster.body, 'spec', 'controlPlaneEndpoint', 'host');
  const infrastructure = dig(cluster.body, 'spec', 'infrastructureRef', 'kind');
  const provider = typeof infrastructure === 'string' ? PROVIDER_OF_INFRASTRUCTURE[infrastructure] : undefined;
  return {
    pods: pods.map(String),
    services: services.map(String),
    ...(typeof domain === 'string' ? { serviceDomain: domain } : {}),
    ...(typeof endpoint === 'string' && endpoint !== '' ? { controlPlaneEndpoint: endpoint } : {}),
    ...(provider ? { provider } : {}),
  };
}
