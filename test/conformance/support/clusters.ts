import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { NoProxyFormat } from '../../../src/core/noproxy/render';
import { Provider } from '../../../src/core/primitives/providers';

/**
 * The representative clusters of the conformance suite: IPv4, IPv6-only and dual-stack; the
 * default and custom cluster domains; control-plane endpoints as names, IPv4 and IPv6; every
 * provider preset once. Each NO_PROXY is the library's own output for the definition.
 */

/** One cluster definition of the suite. */
export interface ConformanceCluster {
  /** Stable id, used in case ids and the report. */
  readonly id: string;
  /** What the cluster stands for, for the report. */
  readonly description: string;
  /** Installation-wide NO_PROXY entries of its installation. */
  readonly installationNoProxy: readonly string[];
  readonly network: ClusterNetworkProps;
}

/** A cluster with the library's computed configuration. */
export interface ComputedCluster extends ConformanceCluster {
  readonly config: ClusterProxyConfig;
  /** The rendered NO_PROXY, exactly what the renderers write into every variable. */
  readonly noProxy: string;
  /** The rendered `http.nonProxyHosts` value for the JVM. */
  readonly javaNonProxyHosts: string;
}

const CORP = ['.corp.example'];

export const CONFORMANCE_CLUSTERS: readonly ConformanceCluster[] = [
  {
    id: 'aws-ipv4',
    description: 'IPv4, default domain, AWS eu-central-1, endpoint name, machine network',
    installationNoProxy: CORP,
    network: {
      pods: ['192.168.0.0/16'],
      services: ['10.96.0.0/12'],
      controlPlaneEndpoint: 'api.demo.corp.example',
      machineCidrs: ['10.0.0.0/16'],
      provider: Provider.AWS,
      region: 'eu-central-1',
    },
  },
  {
    id: 'azure-dual-stack',
    description: 'dual-stack (IPv4 primary), default domain, Azure, endpoint name outside the corporate domain',
    installationNoProxy: CORP,
    network: {
      pods: ['10.244.0.0/16', 'fd00:10:244::/56'],
      services: ['10.0.0.0/16', 'fd00:10:96::/112'],
      controlPlaneEndpoint: 'demo-api.westeurope.cloudapp.azure.com',
      machineCidrs: ['10.1.0.0/16'],
      provider: Provider.AZURE,
    },
  },
  {
    id: 'gcp-ipv6-custom-domain',
    description: 'IPv6-only, custom domain k8s.internal, GCP, IPv6 endpoint',
    installationNoProxy: CORP,
    network: {
      pods: ['fd00:10:244::/56'],
      services: ['fd00:10:96::/112'],
      serviceDomain: 'k8s.internal',
      controlPlaneEndpoint: 'fd00:100::10',
      machineCidrs: ['fd00:100::/64'],
      provider: Provider.GCP,
    },
  },
  {
    id: 'vsphere-ipv4-custom-domain',
    description: 'IPv4, custom domain cluster.example, vSphere with a vCenter endpoint, IPv4 endpoint',
    installationNoProxy: [...CORP, '10.20.0.0/16'],
    network: {
      pods: ['10.42.0.0/16'],
      services: ['10.43.0.0/16'],
      serviceDomain: 'cluster.example',
      controlPlaneEndpoint: '10.20.0.5',
      machineCidrs: ['10.20.0.0/24'],
      provider: Provider.VSPHERE,
      providerEndpoints: ['https://vcenter.corp.example'],
    },
  },
  {
    id: 'openstack-dual-stack-custom-domain',
    description: 'dual-stack (IPv6 primary), custom domain kube.local, OpenStack',
    installationNoProxy: CORP,
    network: {
      pods: ['fd00:20:244::/56', '10.244.0.0/16'],
      services: ['fd00:20:96::/112', '10.96.0.0/16'],
      serviceDomain: 'kube.local',
      controlPlaneEndpoint: 'api.os.corp.example',
      provider: Provider.OPENSTACK,
    },
  },
  {
    id: 'vcd-ipv4',
    description: 'IPv4 in 100.64.0.0/10, default domain, VMware Cloud Director endpoint',
    installationNoProxy: CORP,
    network: {
      pods: ['100.96.0.0/11'],
      services: ['100.64.0.0/13'],
      controlPlaneEndpoint: 'api.vcd-demo.example.net',
      provider: Provider.VCD,
      providerEndpoints: ['vcd.example.net'],
    },
  },
  {
    id: 'nutanix-ipv4',
    description: 'IPv4 in 172.16.0.0/12, default domain, Nutanix Prism Central endpoint with a port',
    installationNoProxy: CORP,
    network: {
      pods: ['172.20.0.0/16'],
      services: ['172.19.0.0/16'],
      controlPlaneEndpoint: '172.16.0.10',
      machineCidrs: ['172.16.0.0/24'],
      provider: Provider.NUTANIX,
      providerEndpoints: ['prism.corp.example:9440'],
    },
  },
  {
    id: 'docker-ipv4-minimal',
    description: 'IPv4, default domain, CAPD (no preset entries), no endpoint, no installation-wide entries',
    installationNoProxy: [],
    network: { pods: ['192.168.0.0/16'], services: ['10.128.0.0/12'], provider: Provider.DOCKER },
  },
  {
    id: 'other-ipv6-only',
    description: 'IPv6-only, default domain, no provider preset, endpoint name',
    installationNoProxy: CORP,
    network: {
      pods: ['fd00:42:244::/56'], services: ['fd00:42:96::/112'], controlPlaneEndpoint: 'api.v6.corp.example', provider: Provider.OTHER,
    },
  },
];

/** Compute the library's configuration of a cluster, as a user of the library would. */
export function computeCluster(cluster: ConformanceCluster): ComputedCluster {
  const settings = new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    noProxy: [...cluster.installationNoProxy],
  });
  const config = new ClusterProxyConfig(settings, new ClusterNetwork(cluster.network));
  return { ...cluster, config, noProxy: config.environment.noProxy, javaNonProxyHosts: config.noProxy.render(NoProxyFormat.JAVA) };
}
