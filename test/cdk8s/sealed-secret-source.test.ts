/**
 * Credentials sealed for a Sealed Secrets controller: every construct synthesized with
 * `CredentialSource.sealedSecret(...)` emits a strict-scope SealedSecret (valid against the CRD) for
 * each Secret the literal source writes; an independent implementation (Python `cryptography`, from
 * Debian) opens every sealed value with the controller's private key, as kubeseal's format
 * prescribes, and finds the literal Secret's value byte for byte. With a reuse key and the previous
 * output, an unchanged definition reproduces its output byte for byte; any change reseals.
 */
import { spawnSync } from 'node:child_process';
import { inspect } from 'node:util';
import { Testing, Yaml } from 'cdk8s';
import { proxyWith as baseProxyWith, synthWith } from './credential-source-fixtures';
import { EVERY_CONSTRUCT } from './every-construct';
import * as cdk8s from '../../src/cdk8s';
import { CredentialSource, SealedSecretCredentialsProps } from '../../src/core/credentials/credential-source';
import { SEALED_DIGEST_ANNOTATION } from '../../src/core/credentials/sealed-secret';
import { ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { OsFamily } from '../../src/core/node-files/os-family';
import { CA_1, infraRef } from '../support/fixtures/cluster';
import { expectValidObjects } from '../support/schemas';
import { sealingKeyPair } from '../support/sealing-certificate';

const CREDENTIALS = { username: 'CORP\\svc k8s', password: 'p@ss:w/rd %41 "q" \'s\' $(x) `y` {{z}} #? & ! ~ + ü 🔑' };
const REUSE_KEY = 'test-reuse-key-0123456789abcdef0123456789';

/** The controller's key pair. */
const { certificate: CERTIFICATE, privateKey: PRIVATE_KEY } = sealingKeyPair();

/** Python `cryptography` (Debian's python3-cryptography) opening kubeseal's hybrid format. */
const PYTHON_UNSEAL = `
import base64, json, sys
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
request = json.load(sys.stdin)
key = serialization.load_pem_private_key(request["privateKey"].encode(), password=None)
out = []
for item in request["items"]:
    blob = base64.b64decode(item["sealed"])
    n = int.from_bytes(blob[:2], "big")
    session = key.decrypt(blob[2:2 + n], padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=item["label"].encode()))
    out.append(AESGCM(session).decrypt(bytes(12), blob[2 + n:], None).decode("utf-8"))
json.dump(out, sys.stdout)
`;

function unsealWithPython(items: Array<{ sealed: string; label: string }>): string[] {
  const run = spawnSync('/usr/bin/python3', ['-c', PYTHON_UNSEAL], { input: JSON.stringify({ privateKey: PRIVATE_KEY, items }), encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) {
    throw new Error(`unsealing failed (python3-cryptography, see scripts/test-tools.list): ${run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

const sealed = (props: Partial<SealedSecretCredentialsProps> = {}) => CredentialSource.sealedSecret({ certificatePem: CERTIFICATE, ...props });
/** The forward proxy carries its own credentials, not the definition's; the bare kubeadm objects have no namespace. */
const NAMESPACELESS = ['ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate', 'addProxyToKubeadmObjects'];
const CASES = EVERY_CONSTRUCT.filter(([name]) => !name.startsWith('InClusterForwardProxy') && !NAMESPACELESS.includes(name));

/** The test's proxy: its credentials, then `props`. */
const proxyWith = (props: Partial<ProxySettingsProps>) => baseProxyWith({ ...CREDENTIALS, ...props });
const synth = (build: (typeof CASES)[number][1], props: Partial<ProxySettingsProps>) => synthWith(build, { ...CREDENTIALS, ...props });

const identity = (manifest: any) => `${manifest.metadata.namespace ?? ''}/${manifest.metadata.name}`;

describe.each(CASES)('%s with sealed credentials', (_, build) => {
  test('every Secret is a SealedSecret whose values open to the literal Secret\'s, and nothing else changes', () => {
    const literal = synth(build, {});
    const output = synth(build, { credentialSource: sealed() });
    expect(output.filter((m) => m.kind === 'Secret')).toEqual([]);
    expectValidObjects(output.filter((m) => !m.apiVersion.startsWith('admissionregistration.k8s.io/')));
    const sealedSecrets = output.filter((m) => m.kind === 'SealedSecret');
    const literalSecrets = new Map(literal.filter((m) => m.kind === 'Secret').map((m) => [identity(m), m]));
    expect(new Set(sealedSecrets.map(identity))).toEqual(new Set(literalSecrets.keys()));
    const items = sealedSecrets.flatMap((s) => Object.entries(s.spec.encryptedData as Record<string, string>)
      .map(([key, value]) => ({ id: identity(s), key, sealed: value, label: `${s.metadata.namespace}/${s.metadata.name}` })));
    const opened = unsealWithPython(items);
    items.forEach((item, index) => expect(opened[index]).toBe(literalSecrets.get(item.id).stringData[item.key]));
    for (const s of sealedSecrets) {
      const secret = literalSecrets.get(identity(s));
      expect(Object.keys(s.spec.encryptedData).sort()).toEqual(Object.keys(secret.stringData).sort());
      const { name, namespace, labels, annotations } = secret.metadata;
      expect(s.spec.template.metadata).toEqual({ name, namespace, labels, ...(annotations ? { annotations } : {}) });
      expect(s.spec.template.type).toBe(secret.type);
      expect(s.spec.template.immutable).toBe(secret.immutable);
    }
    const others = (manifests: any[]) => Yaml.stringify(...manifests.filter((m) => m.kind !== 'Secret' && m.kind !== 'SealedSecret'));
    expect(others(output)).toBe(others(literal));
  });
});

describe('sealed credentials: the grep proof and quiet diffs', () => {
  const build = CASES[0][1];

  test('no rendering of either credential appears in the output', () => {
    const text = CASES.map(([, b]) => Yaml.stringify(...synth(b, { credentialSource: sealed({ reuseKey: REUSE_KEY }) }))).join('\n');
    for (const secret of [CREDENTIALS.password, CREDENTIALS.username]) {
      for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), JSON.stringify(secret).slice(1, -1)]) {
        expect(text).not.toContain(form);
      }
    }
    expect(text).toContain('kind: SealedSecret');
  });

  test('sealing is randomized: without reuse, two synths differ', () => {
    const first = Yaml.stringify(...synth(build, { credentialSource: sealed() }));
    expect(Yaml.stringify(...synth(build, { credentialSource: sealed() }))).not.toBe(first);
  });

  test('an unchanged definition with the previous output and the reuse key reproduces it byte for byte', () => {
    const first = Yaml.stringify(...synth(build, { credentialSource: sealed({ reuseKey: REUSE_KEY }) }));
    const second = Yaml.stringify(...synth(build, { credentialSource: sealed({ reuseKey: REUSE_KEY, previousManifests: first }) }));
    expect(second).toBe(first);
    expect(first).toContain(`${SEALED_DIGEST_ANNOTATION}: hmac-sha256:`);
  });

  test('a new password, another reuse key or a swapped ciphertext reseals', () => {
    const first = synth(build, { credentialSource: sealed({ reuseKey: REUSE_KEY }) });
    const previousManifests = Yaml.stringify(...first);
    const data = (manifests: any[]) => manifests.filter((m) => m.kind === 'SealedSecret').map((m) => m.spec.encryptedData);
    const rotated = synth(build, { credentialSource: sealed({ reuseKey: REUSE_KEY, previousManifests }), password: 'another' });
    const rekeyed = synth(build, { credentialSource: sealed({ reuseKey: `${REUSE_KEY}-2`, previousManifests }) });
    for (const changed of [rotated, rekeyed]) {
      data(changed).forEach((encrypted, index) => {
        for (const key of Object.keys(encrypted)) {
          expect(encrypted[key]).not.toBe(data(first)[index][key]);
        }
      });
    }
    // a ciphertext swapped in git under the copied digest is not reused
    const [firstSealed] = first.filter((m) => m.kind === 'SealedSecret');
    const [key, value] = Object.entries(firstSealed.spec.encryptedData as Record<string, string>)[0];
    const other = Object.values(firstSealed.spec.encryptedData as Record<string, string>)[1];
    const swapped = previousManifests.replace(value, other);
    const resealed = synth(build, { credentialSource: sealed({ reuseKey: REUSE_KEY, previousManifests: swapped }) });
    const again = resealed.find((m) => identity(m) === identity(firstSealed));
    expect(again.spec.encryptedData[key]).not.toBe(other);
    expect(again.spec.encryptedData[key]).not.toBe(value);
  });
});

describe('sealed credentials: one cluster\'s objects built separately share one SealedSecret', () => {
  test('a control plane and two worker templates of one cluster emit the node-proxy SealedSecret once', () => {
    const chart = Testing.chart();
    const proxy = proxyWith({ credentialSource: sealed() });
    const common = { proxy, clusterName: 'demo', namespace: 'clusters', osFamily: OsFamily.UBUNTU };
    new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { ...common, version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') });
    new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { ...common, name: 'demo-workers' });
    new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Gpu', { ...common, name: 'demo-gpu' });
    const output = Testing.synth(chart);
    const sealedSecrets = output.filter((m) => m.kind === 'SealedSecret');
    expect(sealedSecrets.map(identity)).toEqual([expect.stringMatching(/^clusters\/demo-systemd-proxy-[0-9a-f]+$/)]);
    const references = JSON.stringify(output).match(/"name":"demo-systemd-proxy-[0-9a-f]+"/g) ?? [];
    expect(new Set(references)).toEqual(new Set([`"name":"${sealedSecrets[0].metadata.name}"`]));
  });

  test('two worker templates of one cluster with other credentials under one revision are refused, naming what names the Secret', () => {
    const chart = Testing.chart();
    const common = { clusterName: 'demo', namespace: 'clusters', osFamily: OsFamily.UBUNTU };
    new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { ...common, proxy: proxyWith({ credentialSource: sealed() }), name: 'demo-workers' });
    expect(() => new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Gpu', { ...common, proxy: proxyWith({ credentialSource: sealed(), password: 'another' }), name: 'demo-gpu' }))
      .toThrow(/^clusterName: two different proxy configurations both need the SealedSecret "demo-systemd-proxy-[0-9a-f]+" in namespace "clusters" with different content/);
  });
});

describe('CredentialSource.sealedSecret: bad input', () => {
  test.each(EVERY_CONSTRUCT.filter(([name]) => NAMESPACELESS.includes(name)))('%s without a namespace: the Secret is named, nothing is sealed for a guessed one', (_, build) => {
    expect(() => synth(build, { credentialSource: sealed() })).toThrow(/^Secret\/demo-systemd-proxy-[0-9a-f]+: has no namespace; a strict-scope SealedSecret is sealed for its namespace/);
  });

  test.each([
    ['no certificate', () => CredentialSource.sealedSecret({} as any), /^credentialSource\.certificatePem: must be one PEM CERTIFICATE block/],
    ['a CA bundle of two', () => CredentialSource.sealedSecret({ certificatePem: CERTIFICATE + CERTIFICATE }), /^credentialSource\.certificatePem: must be one PEM CERTIFICATE block/],
    ['an EC certificate', () => CredentialSource.sealedSecret({ certificatePem: CA_1 }), /^credentialSource\.certificatePem: holds a ec key; Sealed Secrets seals with RSA/],
    ['a short reuse key', () => sealed({ reuseKey: 'short-key' }), /^credentialSource\.reuseKey: must be a secret string of at least 32 characters/],
    ['previous output without a reuse key', () => sealed({ previousManifests: '' }), /^credentialSource\.previousManifests: needs reuseKey/],
    ['previous output that is not YAML', () => sealed({ reuseKey: REUSE_KEY, previousManifests: 'a: [' }), /^credentialSource\.previousManifests#1: is not valid YAML/],
    ['an unknown field', () => CredentialSource.sealedSecret({ certificatePem: CERTIFICATE, scope: 'cluster-wide' } as any), /^credentialSource\.scope: is not a Sealed Secrets setting/],
  ])('%s', (_, fn, message) => {
    expect(fn).toThrow(message);
  });

  test('the reuse key never shows, the password stays masked', () => {
    const settings = proxyWith({ credentialSource: sealed({ reuseKey: REUSE_KEY }) }).settings;
    const shown = [settings.toString(), JSON.stringify(settings), inspect(settings.credentialSource), JSON.stringify(settings.credentialSource)];
    for (const text of shown) {
      expect(text).not.toContain(REUSE_KEY);
      expect(text).not.toContain('p%40ss');
    }
    expect(settings.toString()).toContain('credentials=SealedSecret(');
  });
});
