/**
 * The in-cluster forward proxy's BasicAuth credentials from each credential source. tinyproxy reads
 * them only from its config file, so the config is a Secret; with External Secrets the operator
 * writes that Secret from the store (an ExternalSecret templates the BasicAuth line), with existing
 * Secrets the user's pipeline does (from the template ConfigMap), and only the literal source writes
 * the credentials itself, into Secret data. The derived proxy for workloads takes the same source.
 */
import { Testing, Yaml } from 'cdk8s';
import { InClusterForwardProxy } from '../../src/cdk8s';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { renderCredentialTemplate, renderSecretTemplate } from '../../src/core/credentials/secret-template';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxyConfigError } from '../../src/core/primitives/errors';
import { credentialForms } from '../support/fixtures/credential-leaks';
import { expectValidObjects } from '../support/schemas';
import { sealingKeyPair } from '../support/sealing-certificate';

const CREDENTIALS = { username: 'pods', password: 'Fwd-proxy_pw.7' };
const NETWORK = { pods: ['fd00:10::/56'], services: ['fd00:20::/108'] };
const EXTERNAL = CredentialSource.externalSecret({
  storeName: 'vault',
  username: { key: 'infra/egress', property: 'username' },
  password: { key: 'infra/egress', property: 'password' },
});

function synth(props: object): any[] {
  const chart = Testing.chart();
  new InClusterForwardProxy(chart, 'Egress', { network: NETWORK, image: 'tinyproxy:1.11', credentialsRevision: '7', ...props } as any);
  return Testing.synth(chart);
}

const byKind = (manifests: any[], kind: string) => manifests.filter((m) => m.kind === kind);
const configVolume = (manifests: any[]) => byKind(manifests, 'DaemonSet')[0].spec.template.spec.volumes[0];
const literalConfig = () => byKind(synth({ basicAuth: CREDENTIALS }), 'Secret')[0].stringData['tinyproxy.conf'];

/** Every object but `except`, as text: where no form of the password may be. */
const textOf = (manifests: any[], except?: any) => Yaml.stringify(...manifests.filter((m) => m !== except));

test('literal: the password is in the config Secret\'s data only', () => {
  const manifests = synth({ basicAuth: CREDENTIALS });
  const [secret] = byKind(manifests, 'Secret');
  expect(secret.stringData['tinyproxy.conf']).toContain(`BasicAuth ${CREDENTIALS.username} ${CREDENTIALS.password}\n`);
  expect(configVolume(manifests)).toEqual({ name: 'config', secret: { secretName: 'http-proxy-config' } });
  expect(credentialForms(CREDENTIALS.password).filter((form) => textOf(manifests, secret).includes(form))).toEqual([]);
  expectValidObjects(manifests);
});

test('sealed: the config Secret is sealed, the password in no object in any form', () => {
  const sealed = CredentialSource.sealedSecret({ certificatePem: sealingKeyPair().certificate });
  const manifests = synth({ basicAuth: CREDENTIALS, credentialSource: sealed });
  expect(byKind(manifests, 'Secret')).toEqual([]);
  expect(byKind(manifests, 'SealedSecret').map((m) => m.metadata.name)).toEqual(['http-proxy-config']);
  expect(configVolume(manifests)).toEqual({ name: 'config', secret: { secretName: 'http-proxy-config' } });
  expect(credentialForms(CREDENTIALS.password).filter((form) => textOf(manifests).includes(form))).toEqual([]);
});

test('External Secrets: the operator writes the config Secret, its BasicAuth line templated from the store', () => {
  const manifests = synth({ credentialSource: EXTERNAL });
  expect(byKind(manifests, 'Secret')).toEqual([]);
  expect(byKind(manifests, 'ConfigMap')).toEqual([]);
  const [external] = byKind(manifests, 'ExternalSecret');
  expect(external.spec.target.name).toBe('http-proxy-config');
  expect(external.spec.data).toEqual([
    { secretKey: 'username', remoteRef: { key: 'infra/egress', property: 'username' } },
    { secretKey: 'password', remoteRef: { key: 'infra/egress', property: 'password' } },
  ]);
  const template = external.spec.target.template.data['tinyproxy.conf'];
  expect(template).toContain('\nBasicAuth {{ .username | urlquery | replace "+" "%20" }} {{ .password | urlquery | replace "+" "%20" }}\n');
  // the DaemonSet mounts the Secret the operator writes
  expect(configVolume(manifests)).toEqual({ name: 'config', secret: { secretName: 'http-proxy-config' } });
  // rendered with the store's credentials, the config is the literal source's, byte for byte
  // (the library's renderer of these templates; test/cdk8s/external-secret-source.test.ts checks it against Go's)
  expect(renderCredentialTemplate('tinyproxy.conf', template, CREDENTIALS)).toBe(literalConfig());
  expect(textOf(manifests)).not.toMatch(/cpx(user|password)marker/);
  expectValidObjects(manifests);
});

test('existing Secret: the user\'s pipeline writes the config Secret from its template', () => {
  const manifests = synth({ credentialSource: CredentialSource.existingSecret() });
  expect(byKind(manifests, 'Secret')).toEqual([]);
  const [template] = byKind(manifests, 'ConfigMap');
  expect(template.metadata.name).toBe('http-proxy-config.secret-template');
  expect(renderSecretTemplate(template, CREDENTIALS).stringData['tinyproxy.conf']).toBe(literalConfig());
  expect(configVolume(manifests)).toEqual({ name: 'config', secret: { secretName: 'http-proxy-config' } });
  expect(textOf(manifests)).not.toMatch(/cpx(user|password)marker/);
});

test('the derived proxy for workloads takes the same source, and the rollout hash does not depend on it', () => {
  const chart = Testing.chart();
  const external = new InClusterForwardProxy(chart, 'A', { network: new ClusterNetwork(NETWORK), image: 'tinyproxy:1.11', credentialSource: EXTERNAL });
  expect(external.settings.credentialSource).toBe(EXTERNAL);
  expect(external.settings.hasCredentials).toBe(true);
  const hash = (manifests: any[]) => byKind(manifests, 'DaemonSet')[0].spec.template.metadata.annotations;
  expect(hash(synth({ credentialSource: EXTERNAL }))).toEqual(hash(synth({ basicAuth: CREDENTIALS })));
});

test('basicAuth with a source that keeps the credentials is refused, naming it', () => {
  expect(() => synth({ credentialSource: EXTERNAL, basicAuth: CREDENTIALS })).toThrow(ProxyConfigError);
  expect(() => synth({ credentialSource: EXTERNAL, basicAuth: CREDENTIALS })).toThrow(/^basicAuth: must not be set with credentialSource ExternalSecret/);
});
