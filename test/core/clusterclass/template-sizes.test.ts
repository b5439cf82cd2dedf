import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { MAX_TEMPLATE_LENGTH } from '../../../src/core/clusterclass/go-template';
import { CLASS_VARIABLE_SHAPES, ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { NodeProxyFileOptions, NodeFileEncoding, VariableStyle } from '../../../src/core/node-files/options';
import { demoSettings } from '../../support/fixtures/cluster';
import { classFixture } from '../../support/fixtures/cluster-class';

/**
 * Cluster API caps every `valueFrom.template` at 10240 characters, and the installation-wide
 * NO_PROXY is embedded in the templates: the engine itself must leave room for it in every
 * variable shape and node-file layout.
 */

/** Characters every template must leave free with the smallest installation-wide NO_PROXY. */
const HEADROOM = 1000;

const LAYOUTS: Record<string, NodeProxyFileOptions | undefined> = {
  'default': undefined,
  'base64': { encoding: NodeFileEncoding.BASE64 },
  'upperOnly': { dropInVariables: VariableStyle.UPPER_ONLY, exportVariables: VariableStyle.UPPER_ONLY },
  'upperThenLower, base64': { dropInVariables: VariableStyle.UPPER_THEN_LOWER, exportVariables: VariableStyle.UPPER_THEN_LOWER, encoding: NodeFileEncoding.BASE64 },
  'mixed styles, base64': { dropInVariables: VariableStyle.UPPER_ONLY, exportVariables: VariableStyle.UPPER_THEN_LOWER, encoding: NodeFileEncoding.BASE64 },
};

/**
 * An installation-wide NO_PROXY as large sites write it: 30 entries, none covering another (so the
 * library keeps all of them), 22 characters on average: corporate suffixes, internal hosts with
 * long names, networks, addresses, a registry with a port, a range.
 */
const LARGE_SITE_NO_PROXY: readonly string[] = [
  '.corp.example', '.example.net', '.internal.example.org', '.lab.example.com',
  'registry.build.example.io:5000', 'artifactory.build.example.io', 'git.engineering.example.io',
  'vault.security.example.io', 'ldap.identity.example.io', 'ntp1.infra.example.co', 'ntp2.infra.example.co',
  'vcenter01.dc1.example.eu', 'nexus.build.example.io', 'jenkins.ci.example.io', 'sso.identity.example.io',
  'monitoring.platform.example.dev', 'logs.platform.example.dev', 'metrics-gateway.platform.example.dev',
  'backup01.storage.example.eu', 'nfs01.storage.example.eu', 'proxy-bypass.dmz.example.biz',
  '172.16.0.0/12', '100.64.0.0/10', '203.0.113.0/24', 'fd00:c0:ffee::/48',
  '10.10.10.53', '10.10.10.54', '198.51.100.10', '2001:db8:c0::53', '192.0.2.10-192.0.2.40',
];

/** Every `valueFrom.template` of the class's patches. */
function templateLengths(patches: unknown): number[] {
  const lengths: number[] = [];
  JSON.stringify(patches, (key, value) => {
    if (key === 'template' && typeof value === 'string') {
      lengths.push(value.length);
    }
    return value;
  });
  return lengths;
}

/** The longest template of the class, and how many installation-wide entries it embeds. */
function longestTemplate(shape: (typeof CLASS_VARIABLE_SHAPES)[number], layout: string, noProxy: readonly string[]): number {
  const fixture = classFixture(CapiVersion.V1BETA2);
  const settings = demoSettings({ username: undefined, password: undefined, noProxy: [...noProxy] });
  const files = LAYOUTS[layout];
  const props = { settings, variableShape: shape, ...(files ? { files } : {}) };
  const { patches, classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
  expect(classProxy.plan.installationWide).toHaveLength(noProxy.length);
  const lengths = templateLengths(patches);
  expect(lengths.length).toBeGreaterThan(0);
  return Math.max(...lengths);
}

describe.each(CLASS_VARIABLE_SHAPES)('variable shape %s', (shape) => {
  test.each(Object.keys(LAYOUTS))(`layout %s: every template leaves ${HEADROOM} characters under the limit`, (layout) => {
    expect(longestTemplate(shape, layout, ['.corp.example'])).toBeLessThanOrEqual(MAX_TEMPLATE_LENGTH - HEADROOM);
  });

  test.each(Object.keys(LAYOUTS))('layout %s: a large site\'s 30-entry NO_PROXY fits', (layout) => {
    expect(LARGE_SITE_NO_PROXY).toHaveLength(30);
    expect(longestTemplate(shape, layout, LARGE_SITE_NO_PROXY)).toBeLessThanOrEqual(MAX_TEMPLATE_LENGTH);
  });
});

test('an installation-wide entry costs its text in the template, a port or range its record', () => {
  const base = longestTemplate(ClassVariableShape.LIBRARY, 'default', ['.corp.example']);
  const name = 'artifactory.build.example.io';
  // The name once, quoted, with the item's one-character prefix and a separating space.
  expect(longestTemplate(ClassVariableShape.LIBRARY, 'default', ['.corp.example', name]) - base).toBe(name.length + 4);
  expect(longestTemplate(ClassVariableShape.LIBRARY, 'default', ['.corp.example', `${name}:5000`]) - base).toBeGreaterThan(3 * name.length);
});
