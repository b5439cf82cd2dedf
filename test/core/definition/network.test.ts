import { inspect } from 'node:util';
import { ClusterNetwork, ClusterNetworkProps } from '../../../src/core/definition/network';
import { parseNoProxyEntry } from '../../../src/core/noproxy/parse';
import { PROVIDER_PRESETS, PROVIDERS, Provider } from '../../../src/core/primitives/providers';

const ipv4: ClusterNetworkProps = { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] };

describe('ClusterNetwork', () => {
  test('derives API server and DNS ClusterIPs from the first service CIDR', () => {
    const network = new ClusterNetwork(ipv4);
    expect(network.apiServerIp).toBe('10.96.0.1');
    expect(network.dnsServiceIp).toBe('10.96.0.10');
    expect(network.serviceDomain).toBe('cluster.local');
    expect(network.provider).toBe('other');
    expect(network.ipFamilies).toEqual(['IPv4']);
  });

  test('IPv6-only and dual-stack clusters derive IPv6 ClusterIPs from the primary family', () => {
    const v6 = new ClusterNetwork({ pods: ['fd00:10:244::/56'], services: ['fd00:10:96::/112'] });
    expect(v6.apiServerIp).toBe('fd00:10:96::1');
    expect(v6.dnsServiceIp).toBe('fd00:10:96::a');
    const dual = new ClusterNetwork({
      pods: ['fd00:10:244::/56', '192.168.0.0/16'],
      services: ['fd00:10:96::/112', '10.96.0.0/12'],
    });
    expect(dual.ipFamilies).toEqual(['IPv6', 'IPv4']);
    expect(dual.apiServerIp).toBe('fd00:10:96::1');
  });

  test('normalizes CIDRs and the control-plane endpoint', () => {
    const network = new ClusterNetwork({
      pods: [' FD00:10:244:0::/56 '],
      services: ['fd00:10:96::/112'],
      controlPlaneEndpoint: '[FD00::1]',
      serviceDomain: 'Corp.Internal',
    });
    expect(network.pods).toEqual(['fd00:10:244::/56']);
    expect(network.controlPlaneEndpoint).toBe('fd00::1');
    expect(network.serviceDomain).toBe('corp.internal');
  });

  test('a custom DNS service IP must lie in the first service CIDR', () => {
    expect(new ClusterNetwork({ ...ipv4, dnsServiceIp: '10.96.0.53' }).dnsServiceIp).toBe('10.96.0.53');
    expect(() => new ClusterNetwork({ ...ipv4, dnsServiceIp: '10.200.0.10' }))
      .toThrow('dnsServiceIp: must lie inside the first service CIDR 10.96.0.0/12 (got "10.200.0.10")');
  });

  test.each<[string, Partial<ClusterNetworkProps>, string]>([
    ['missing pods', { pods: [] }, 'pods: at least one pod CIDR is required'],
    ['pods not an array', { pods: '10.0.0.0/8' as unknown as string[] }, 'pods: must be an array (got "10.0.0.0/8")'],
    ['bad CIDR', { pods: ['10.0.0.0/33'] }, 'pods[0]: prefix length must be at most 32 for IPv4 (got "10.0.0.0/33")'],
    ['host bits', { services: ['10.96.0.1/12'] }, 'services[0]: has host bits set; did you mean 10.96.0.0/12? (got "10.96.0.1/12")'],
    ['garbage', { pods: ['banana'] }, 'pods[0]: must be a CIDR such as 10.96.0.0/12 or fd00:10:96::/112 (got "banana")'],
    ['legacy IPv4 form', { pods: ['10.1/16'] }, 'pods[0]: must be a CIDR'],
    ['overlap', { pods: ['10.0.0.0/8'], services: ['10.96.0.0/12'] }, 'services: service CIDR 10.96.0.0/12 overlaps pod CIDR 10.0.0.0/8'],
    ['family mismatch', { services: ['fd00:10:96::/112'] }, 'services: must cover the same IP families as pods, in the same order (pods: IPv4, services: IPv6)'],
    ['two of a family', { pods: ['10.0.0.0/16', '10.1.0.0/16'] }, 'pods: dual-stack needs one IPv4 and one IPv6 CIDR'],
    ['tiny service CIDR', { services: ['10.96.0.0/30'] }, 'services[0]: is too small for the API server and DNS ClusterIPs'],
    ['unknown provider', { provider: 'hetzner' as never }, 'provider: is not a supported provider; use one of aws, azure, gcp, vsphere, openstack, vcd, nutanix, tinkerbell, docker, other (got "hetzner")'],
    ['bad domain', { serviceDomain: '.cluster.local' }, 'serviceDomain: must be a DNS domain such as cluster.local'],
    ['endpoint with port', { controlPlaneEndpoint: 'api.example.com:6443' }, 'controlPlaneEndpoint: must be a bare host, without a port (got "api.example.com:6443")'],
    ['endpoint with scheme', { controlPlaneEndpoint: 'https://api.example.com' }, 'controlPlaneEndpoint: must be a bare host, without a scheme'],
    ['bad region', { region: 'EU Central' }, 'region: must be a region name such as eu-central-1 (at most 63 characters) (got "EU Central")'],
    ['endpoint with credentials', { providerEndpoints: ['https://admin:hunter2@vcenter.corp'] }, 'providerEndpoints[0]: must not contain credentials (got "https://admin:***")'],
    ['endpoint password with raw / # ?', { providerEndpoints: ['https://admin:pa/ss#w?d@vcenter.corp'] }, 'providerEndpoints[0]: must not contain credentials (got "https://admin:***")'],
    ['endpoint host:password (no port)', { providerEndpoints: ['vcenter.corp:S3cret-Canary'] }, 'providerEndpoints[0]: must be a host name, host:port or URL (what follows ":" is not a port) (got "vcenter.corp:***")'],
    ['endpoint URL host:password (no port)', { providerEndpoints: ['https://vcenter.corp:S3cret-Canary/sdk'] }, 'providerEndpoints[0]: must be a host name, host:port or URL (what follows ":" is not a port) (got "https://vcenter.corp:***")'],
    ['endpoint port 0', { providerEndpoints: ['vcenter.corp:0'] }, 'providerEndpoints[0]: has a port outside 1-65535 (got "vcenter.corp:0")'],
    ['endpoint port 99999', { providerEndpoints: ['vcenter.corp:99999'] }, 'providerEndpoints[0]: has a port outside 1-65535 (got "vcenter.corp:99999")'],
    ['endpoint with a fragment', { providerEndpoints: ['vc#x.corp'] }, 'providerEndpoints[0]: must be a host name, host:port or URL (a bare host has no "/", "?" or "#")'],
    ['DNS service IP at the network address', { dnsServiceIp: '10.96.0.0' }, 'dnsServiceIp: must not be the network address or the API server\'s ClusterIP of 10.96.0.0/12'],
    ['DNS service IP at the API server\'s ClusterIP', { dnsServiceIp: '10.96.0.1' }, 'dnsServiceIp: must not be the network address or the API server\'s ClusterIP of 10.96.0.0/12'],
  ])('rejects %s with a message naming the field', (_name, override, message) => {
    expect(() => new ClusterNetwork({ ...ipv4, ...override })).toThrow(message);
  });

  test('provider presets contribute entries with reasons; region and endpoints are added', () => {
    const aws = new ClusterNetwork({ ...ipv4, provider: Provider.AWS, region: 'eu-central-1' });
    const values = aws.providerEntries.map((e) => e.value);
    expect(values).toEqual(['169.254.169.254', 'fd00:ec2::254', '169.254.170.2', '169.254.170.23', 'fd00:ec2::23', '.elb.amazonaws.com',
      '.eu-central-1.compute.internal']);
    expect(new ClusterNetwork({ ...ipv4, provider: Provider.AWS, region: 'us-east-1' }).providerEntries.map((e) => e.value))
      .toContain('.ec2.internal');
    const vsphere = new ClusterNetwork({ ...ipv4, provider: Provider.VSPHERE, providerEndpoints: ['https://VCenter.corp.example:443/sdk', '10.0.0.5:443', '[fd00::5]:443'] });
    expect(vsphere.providerEntries.map((e) => e.value)).toEqual(['vcenter.corp.example', '10.0.0.5', 'fd00::5']);
    expect(vsphere.providerEntries[0].reason).toContain('vCenter');
  });

  test('every preset entry, and every audited endpoint left out, has a reason and a source, and parses', () => {
    for (const provider of PROVIDERS) {
      const preset = PROVIDER_PRESETS[provider];
      expect(preset.title.length).toBeGreaterThan(0);
      for (const entry of [...preset.entries, ...preset.regionEntries?.('eu-west-1') ?? [], ...preset.notListed ?? []]) {
        expect([entry.value, entry.reason.length > 10]).toEqual([entry.value, true]);
        expect([entry.value, entry.source]).toEqual([entry.value, expect.stringMatching(/^https:\/\/(docs\.aws\.amazon\.com|learn\.microsoft\.com|cloud\.google\.com|docs\.openstack\.org|specs\.openstack\.org)\/|^shared\/reference\/prior-art\.md/)]);
        expect(() => parseNoProxyEntry(entry.value, 'preset')).not.toThrow();
      }
    }
    // nothing is both listed and left out
    for (const provider of PROVIDERS) {
      const listed = PROVIDER_PRESETS[provider].entries.map((entry) => entry.value);
      expect((PROVIDER_PRESETS[provider].notListed ?? []).filter((entry) => listed.includes(entry.value))).toEqual([]);
    }
    expect(new ClusterNetwork({ ...ipv4, provider: Provider.GCP }).providerEntries.map((e) => e.value))
      .toEqual(['169.254.169.254', 'metadata', 'metadata.google.internal', 'metadata.google.internal.']);
    expect(new ClusterNetwork({ ...ipv4, provider: Provider.AZURE }).providerEntries.map((e) => e.value))
      .toEqual(['169.254.169.254', '168.63.129.16']);
  });

  test('serializes to a plain summary', () => {
    const network = new ClusterNetwork({ ...ipv4, machineCidrs: ['172.16.0.0/16'] });
    expect(JSON.parse(JSON.stringify(network))).toMatchObject({ machineCidrs: ['172.16.0.0/16'], apiServerIp: '10.96.0.1' });
    expect(inspect(network)).toContain('ClusterNetwork');
  });
});
