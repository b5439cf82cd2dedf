/**
 * Credentials have one home: the data of the Secrets that carry them. For every construct, the
 * same definition synthesized with two different passwords and user names (same credentials
 * revision) gives byte-identical non-Secret objects, and Secrets that differ only in their data.
 * A name, hash or annotation computed from a password would be an offline guessing oracle for
 * anyone who can read the Cluster API objects.
 */
import { Testing, Yaml } from 'cdk8s';
import { ConstructCase, EVERY_CONSTRUCT } from './every-construct';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { CA_1, demoNetwork } from '../support/fixtures/cluster';

const CREDENTIALS = [
  { username: 'svc-k8s', password: 'first p@ss:w/rd%41 "q" $(x)' },
  { username: 'CORP\\other', password: 'second-entirely-different-secret' },
] as const;

type Credentials = (typeof CREDENTIALS)[number];

function proxyWith(credentials: Credentials, network = demoNetwork()): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    noProxy: ['.corp.example'],
    trustedCaPem: CA_1,
    credentialsRevision: '7',
    ...credentials,
  }), network);
}

/** The synthesized objects split into non-Secret YAML and Secrets without their data. */
function synthesized(build: ConstructCase[1], credentials: Credentials) {
  const chart = Testing.chart();
  build(chart, proxyWith(credentials), credentials.password);
  const manifests = Testing.synth(chart);
  const isSecret = (manifest: any) => manifest.kind === 'Secret' || manifest.kind === 'SealedSecret';
  return {
    nonSecret: Yaml.stringify(...manifests.filter((manifest) => !isSecret(manifest))),
    secretMetadata: manifests.filter(isSecret).map(({ data, stringData, ...rest }) => rest),
    secretData: manifests.filter(isSecret).map(({ data, stringData }) => ({ data, stringData })),
  };
}

describe.each(EVERY_CONSTRUCT)('%s: nothing outside Secret data depends on the credentials', (_, build) => {
  let first: ReturnType<typeof synthesized>;
  let second: ReturnType<typeof synthesized>;
  beforeAll(() => {
    [first, second] = CREDENTIALS.map((credentials) => synthesized(build, credentials));
  });

  test('non-Secret objects are byte-identical for two passwords with the same revision', () => {
    expect(second.nonSecret).toBe(first.nonSecret);
    for (const { password, username } of CREDENTIALS) {
      expect(first.nonSecret).not.toContain(password);
      expect(first.nonSecret).not.toContain(encodeURIComponent(password));
      expect(first.nonSecret).not.toContain(Buffer.from(password).toString('base64'));
      expect(first.nonSecret).not.toContain(encodeURIComponent(username));
    }
  });

  test('Secrets keep their names, labels and annotations; only their data differs', () => {
    expect(second.secretMetadata).toEqual(first.secretMetadata);
  });
});

test('the credentials do reach the Secrets (the test above compares something)', () => {
  const [first, second] = CREDENTIALS.map((credentials) => synthesized(EVERY_CONSTRUCT[0][1], credentials));
  expect(first.secretData).not.toEqual(second.secretData);
});
