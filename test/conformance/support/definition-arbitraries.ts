import * as fc from 'fast-check';
import * as ipaddr from 'ipaddr.js';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { PROVIDERS, Provider } from '../../../src/core/primitives/providers';
import { dnsName, ipv4, ipv6, rawEntry } from '../../support/fixtures/no-proxy-arbitraries';

/**
 * fast-check generators of valid cluster definitions: networks of every IP family layout, custom
 * domains, endpoints of every kind, every provider, and random installation-wide NO_PROXY lists
 * (the NO_PROXY generators of test/core/noproxy/arbitraries.ts). A generated definition that the
 * library refuses is dropped by {@link constructDefinition}, so only valid ones are tested.
 */

/** Input of one generated definition. */
export interface GeneratedDefinition {
  readonly network: ClusterNetworkProps;
  readonly installationNoProxy: readonly string[];
}

const v4Pods = fc.tuple(fc.nat(127), fc.integer({ min: 12, max: 20 }))
  .map(([octet, prefix]) => `${ipaddr.IPv4.networkAddressFromCIDR(`10.${octet}.0.0/${prefix}`)}/${prefix}`);
// services from 10.128.0.0/9 upwards never overlap pods from 10.0.0.0/9
const v4Services = fc.tuple(fc.integer({ min: 128, max: 255 }), fc.integer({ min: 12, max: 28 }))
  .map(([octet, prefix]) => `${ipaddr.IPv4.networkAddressFromCIDR(`10.${octet}.${octet % 7}.0/${prefix}`)}/${prefix}`);
const v6Pods = fc.tuple(fc.nat(0xffff), fc.integer({ min: 48, max: 64 }))
  .map(([word, prefix]) => `${ipaddr.IPv6.networkAddressFromCIDR(`fd00:${word.toString(16)}::/${prefix}`)}/${prefix}`);
// fd01::/16 never overlaps fd00::/16
const v6Services = fc.tuple(fc.nat(0xffff), fc.integer({ min: 100, max: 124 }))
  .map(([word, prefix]) => `${ipaddr.IPv6.networkAddressFromCIDR(`fd01:${word.toString(16)}::/${prefix}`)}/${prefix}`);

const families = fc.constantFrom('IPv4', 'IPv6', 'IPv4,IPv6', 'IPv6,IPv4');
const cidrText = fc.oneof(
  ipv4.chain((ip) => fc.integer({ min: 8, max: 30 }).map((bits) => `${ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${bits}`)}/${bits}`)),
  ipv6.chain((ip) => fc.integer({ min: 32, max: 124 }).map((bits) => `${ipaddr.IPv6.networkAddressFromCIDR(`${ip}/${bits}`)}/${bits}`)),
);
const plainName = dnsName.map((name) => name.replace(/\.$/, ''));

/** A generated definition (not yet validated). */
export const definition: fc.Arbitrary<GeneratedDefinition> = fc.record({
  families,
  v4: fc.tuple(v4Pods, v4Services),
  v6: fc.tuple(v6Pods, v6Services),
  serviceDomain: fc.option(fc.oneof(fc.constantFrom('cluster.local', 'k8s.internal', 'cluster.example'), plainName), { nil: undefined }),
  controlPlaneEndpoint: fc.option(fc.oneof(plainName, ipv4, ipv6), { nil: undefined }),
  machineCidrs: fc.array(cidrText, { maxLength: 2 }),
  provider: fc.constantFrom(...PROVIDERS),
  region: fc.option(fc.constantFrom('eu-central-1', 'us-east-1', 'ap-south-2'), { nil: undefined }),
  providerEndpoints: fc.array(plainName, { maxLength: 2 }),
  installation: fc.array(rawEntry, { maxLength: 5 }),
}).map((generated) => {
  const order = generated.families.split(',');
  const pick = (index: 0 | 1): string[] => order.map((family) => (family === 'IPv4' ? generated.v4 : generated.v6)[index]);
  return {
    network: {
      pods: pick(0),
      services: pick(1),
      serviceDomain: generated.serviceDomain,
      controlPlaneEndpoint: generated.controlPlaneEndpoint,
      machineCidrs: generated.machineCidrs,
      provider: generated.provider,
      region: generated.provider === Provider.AWS ? generated.region : undefined,
      providerEndpoints: ['vsphere', 'vcd', 'nutanix', 'openstack'].includes(generated.provider) ? generated.providerEndpoints : undefined,
    },
    installationNoProxy: generated.installation,
  };
});

/** The library's configuration of a generated definition, or undefined when the library refuses it. */
export function constructDefinition(input: GeneratedDefinition): ClusterProxyConfig | undefined {
  try {
    const settings = new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', noProxy: [...input.installationNoProxy] });
    return new ClusterProxyConfig(settings, new ClusterNetwork(input.network));
  } catch (error) {
    if (error instanceof Error && error.name === 'ProxyConfigError') {
      return undefined;
    }
    throw error;
  }
}
