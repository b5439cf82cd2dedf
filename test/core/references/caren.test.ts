import { join } from 'node:path';
import { parse } from 'yaml';
import { Difference, fixtureText, LedgerEntry, ledgerOf, NodeData, nodeDataDifferences, referenceCases } from './node-data-differences';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';

/**
 * The `caren` profile against CAREN's HTTP proxy mutation rendered by CAREN's own code
 * (test/fixtures/references/caren, SOURCE.md): the library imports each input Cluster and renders
 * its node files with the profile; those are compared byte for byte with the files and commands
 * CAREN adds to the control plane and to the workers. Every difference is in the ledger, which
 * must match exactly: the test fails when a difference appears or disappears.
 */

const fixtures = join(__dirname, '..', '..', 'fixtures', 'references', 'caren');

function oursFor(input: string): NodeData {
  const { config } = importProxy(ImportSource.CAREN, fixtureText(fixtures, 'inputs', input));
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'default', files: { profile: CompatibilityProfileName.CAREN } });
  return { files: bootstrap.files.map((file) => ({ ...file, content: file.content! })), preKubeadmCommands: bootstrap.preKubeadmCommands };
}

function differencesFor(input: string): Difference[] {
  const theirs = parse(fixtureText(fixtures, 'rendered', input)) as { controlPlane: NodeData; workers: NodeData };
  const ours = oursFor(input);
  return [...nodeDataDifferences(theirs.controlPlane, ours), ...nodeDataDifferences(theirs.workers, ours)];
}

/** Every difference, with the cases showing it (the exact text on both sides). */
const LEDGER: LedgerEntry[] = [
  {
    // CAREN's service CIDR (and its range), covered by the given 10.0.0.0/8; .svc.<domain> and
    // .svc.<domain>., covered by the library's .<domain> and .<domain>. (normalization drops covered entries)
    point: 'NO_PROXY entries only they write',
    theirs: '10.96.0.0/12,10.96.0.0-10.111.255.255,.svc.cluster.local,.svc.cluster.local.',
    ours: '(absent)',
    cases: ['aws', 'docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    // The library's cluster defaults (loopback forms, cluster domain, ClusterIPs, the .name form of
    // domain entries) and, on AWS, the rest of its AWS preset
    point: 'NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '.registry.internal,.localhost,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local,.cluster.local.,.kubernetes,.kubernetes.default,10.96.0.1,10.96.0.10,fd00:ec2::254,[fd00:ec2::254],169.254.170.2,169.254.170.23,fd00:ec2::23,[fd00:ec2::23]',
    cases: ['aws'],
  },
  {
    // The library writes the installation-wide entries first, then its cluster defaults in category order
    point: 'NO_PROXY order of the common entries',
    theirs: 'localhost,127.0.0.1,192.168.0.0/16,192.168.0.0-192.168.255.255,kubernetes,kubernetes.default,.svc,169.254.169.254,.elb.amazonaws.com,.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal',
    ours: '.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal,localhost,127.0.0.1,.svc,kubernetes,kubernetes.default,192.168.0.0/16,192.168.0.0-192.168.255.255,169.254.169.254,.elb.amazonaws.com',
    cases: ['aws'],
  },
  {
    // CAREN adds no commands: the library reloads systemd, restarts containerd and waits for it (marked)
    point: 'preKubeadmCommands[0]',
    theirs: '(absent)',
    ours: 'systemctl daemon-reload # cluster-proxy-constructs',
    cases: ['aws', 'docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    point: 'preKubeadmCommands[1]',
    theirs: '(absent)',
    ours: 'systemctl restart containerd # cluster-proxy-constructs',
    cases: ['aws', 'docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    point: 'preKubeadmCommands[2]',
    theirs: '(absent)',
    ours: 'cluster_proxy_tries=0; until timeout 5 ctr version >/dev/null 2>&1; do if [ "$cluster_proxy_tries" -ge 60 ]; then echo \'cluster-proxy-constructs: containerd did not answer within 60s\' >&2; exit 1; fi; cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; done # cluster-proxy-constructs',
    cases: ['aws', 'docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    point: 'NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '.registry.internal,.localhost,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local,.cluster.local.,.kubernetes,.kubernetes.default,10.96.0.1,10.96.0.10',
    cases: ['docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    point: 'NO_PROXY order of the common entries',
    theirs: 'localhost,127.0.0.1,192.168.0.0/16,192.168.0.0-192.168.255.255,kubernetes,kubernetes.default,.svc,.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal',
    ours: '.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal,localhost,127.0.0.1,.svc,kubernetes,kubernetes.default,192.168.0.0/16,192.168.0.0-192.168.255.255',
    cases: ['docker', 'nutanix-url-without-port', 'nutanix'],
  },
  {
    // A URL without a port: CAREN writes it as given, the library with the port written out
    point: 'Environment HTTP_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['nutanix-url-without-port'],
  },
  {
    point: 'Environment HTTPS_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['nutanix-url-without-port'],
  },
];

test('every difference from CAREN\'s rendered files and commands is in the ledger, and nothing else differs', () => {
  const cases = referenceCases(fixtures);
  expect(cases).toEqual(['aws.yaml', 'docker.yaml', 'nutanix-url-without-port.yaml', 'nutanix.yaml']);
  expect(ledgerOf(cases.map((input) => [input.replace(/\.yaml$/, ''), differencesFor(input)] as const))).toEqual(LEDGER);
});

test('the control plane and the workers get the same files from CAREN, as from the library', () => {
  for (const input of referenceCases(fixtures)) {
    const theirs = parse(fixtureText(fixtures, 'rendered', input)) as { controlPlane: NodeData; workers: NodeData };
    expect(theirs.workers).toEqual(theirs.controlPlane);
  }
});
