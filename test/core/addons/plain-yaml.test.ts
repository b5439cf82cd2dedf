import * as fc from 'fast-check';
import * as YAML from 'yaml';
import { giantSwarmClusterValues } from '../../../src/core/addons/giantswarm/cluster-values';
import { plainYaml } from '../../../src/core/addons/plain-yaml';
import { tkgProxyAddonSecrets } from '../../../src/core/addons/tkg/tkg-proxy-addons';
import { renderYaml } from '../../../src/core/addons/yaml-text';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { Provider } from '../../../src/core/primitives/providers';
import { demoNetwork, demoSettings } from '../../support/fixtures/cluster';

/** What the `yaml` library writes with the options `renderYaml` gives it. */
const libraryYaml = (value: unknown, compactSequences = false) => YAML.stringify(value, {
  lineWidth: 0, minContentWidth: 0, indentSeq: !compactSequences,
});

/** Text made of the characters that decide quoting: indicators, digits, signs, words YAML reads as other types. */
const trickyText = fc.oneof(
  // only characters a plain scalar may hold, so the fast path gets long, mixed text too
  fc.string({ unit: fc.constantFrom(...'a01ex.:/,-+_@=%#[]{}'), maxLength: 16 }),
  fc.string({ unit: fc.constantFrom(...'aZ019exo.:/,-+_@=%#[]{}~ "\'!&*|>?\n\t\\é'), maxLength: 12 }),
  fc.constantFrom('', 'null', 'Null', 'NULL', 'nUll', '~', 'true', 'True', 'FALSE', 'yes', 'no', 'on', '1', '-1', '+1', '0o17', '0x1F', '1e3',
    '.5', '5.', '.inf', '-.Inf', '.nan', '10.0.0.1', '::1', '[::1]', 'http://proxy.corp:3128', '.corp.example,10.0.0.0/8,[::1]', 'a:', 'a::b',
    '-', '- a', 'a #b', 'a# b', '2001:db8::/32', '-x', '=x', '@x', '%x'),
);
const scalarValue = fc.oneof(trickyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0),
  fc.constant(Number.MAX_SAFE_INTEGER + 2));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, scalarValue, tie('map'), tie('list')),
  map: fc.dictionary(trickyText, tie('tree'), { maxKeys: 4 }),
  list: fc.array(tie('tree'), { maxLength: 4 }),
}));

describe('plainYaml', () => {
  test('writes exactly what the yaml library writes, or leaves the document to it', () => {
    let written = 0;
    const value = fc.oneof(tree, fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/), tree, { maxKeys: 5 }));
    fc.assert(fc.property(value, fc.boolean(), (document, compactSequences) => {
      const text = plainYaml(document, compactSequences);
      if (text !== undefined) {
        written++;
        expect(text).toBe(libraryYaml(document, compactSequences));
        expect(renderYaml(document, { compactSequences })).toBe(text);
      }
    }), { numRuns: 3000 });
    // the property must reach the fast path often, or it proves nothing
    expect(written).toBeGreaterThan(500);
  });

  test('leaves an object met twice to the yaml library, which writes an anchor and an alias', () => {
    fc.assert(fc.property(tree, tree, (shared, other) => {
      const value = { first: shared, second: [shared], other };
      const text = plainYaml(value);
      if (typeof shared === 'object' && shared !== null) {
        expect(text).toBeUndefined();
      }
      expect(renderYaml(value)).toBe(libraryYaml(value));
    }), { numRuns: 500 });
    const empty = {};
    expect(libraryYaml({ a: empty, b: empty })).toContain('&');
    expect(plainYaml({ a: empty, b: empty })).toBeUndefined();
    expect(plainYaml({ a: {}, b: {} })).toBe(libraryYaml({ a: {}, b: {} }));
  });

  test('writes the values of the TKG addons and Giant Swarm cluster values itself, identical to the yaml library', () => {
    const network = demoNetwork({ provider: Provider.VSPHERE, machineCidrs: ['10.20.0.0/16'], providerEndpoints: ['vcenter.corp.example'] });
    const config = new ClusterProxyConfig(demoSettings({ noProxy: ['.corp.example', '10.0.0.0/8', 'vcenter.corp.example', '2001:db8::/32'] }), network);
    const vsphere = { server: 'vcenter.corp.example', datacenter: '/dc0' };
    const secrets = tkgProxyAddonSecrets(config, { clusterName: 'c1', vsphereCpiValues: vsphere, vsphereCsiValues: vsphere });
    const values = giantSwarmClusterValues(config, { clusterName: 'c1', namespace: 'org-demo' });
    const configMapData = values.configMap.data as Record<string, string>;
    const documents = [...secrets.flatMap((secret) => Object.values(secret.stringData ?? {})), ...Object.values(configMapData)];
    expect(documents.length).toBeGreaterThan(2);
    for (const document of documents) {
      const parsed = YAML.parse(document.replace(/^#@data\/values\n---\n/, ''));
      expect(plainYaml(parsed)).toBe(libraryYaml(parsed));
      expect(renderYaml(parsed)).toBe(libraryYaml(parsed));
    }
  });

  test('leaves to the yaml library what it would quote, fold or write in another style', () => {
    for (const value of [{ a: 'x:' }, { a: '1e3' }, { a: 'true' }, { a: '' }, { a: 'two words' }, { a: 'line\nbreak' }, { a: 0.5 }, { a: [[1]] },
      { a: undefined }, { a: new Date(0) }, { true: 1 }, 'scalar', 1]) {
      expect(plainYaml(value)).toBeUndefined();
      expect(renderYaml(value)).toBe(libraryYaml(value));
    }
  });
});
