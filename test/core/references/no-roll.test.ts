import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Migration } from '../../../src/core/api/migration';
import { ClusterClassProxy } from '../../../src/core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeChanges, rollsNothing } from '../../../src/core/import/node-changes';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { SYSTEM_RENDERS } from '../../support/fixtures/system-renders';

/**
 * The no-roll check (`cluster-proxy import --check-no-roll`) on the objects each system renders
 * itself (test/support/fixtures/system-renders.ts): imported from the system's own inputs and
 * adopted with the system's layout, every KubeadmControlPlane, KubeadmConfigTemplate and
 * KubeadmConfig keeps its spec byte for byte, so Cluster API rolls no machine. Changing the proxy
 * afterwards is caught.
 */

describe.each(SYSTEM_RENDERS)('$name', ({ source, input, objects }) => {
  test('adopted with the system\'s layout, no object\'s spec changes: no machine rolls', () => {
    const { imported, config } = importProxy(source, input());
    const running = objects();
    expect(running.length).toBeGreaterThanOrEqual(2);
    const changes = nodeChanges(running, config!, { clusterName: 'demo', files: adoptionFileOptions(imported.profile) });
    expect(changes.map((object) => [object.object, object.rollingFields])).toEqual(changes.map((object) => [object.object, []]));
    expect(rollsNothing(changes)).toBe(true);
  });

  test('with another NO_PROXY entry, every object rolls, and the report names the fields', () => {
    const { imported, config } = importProxy(source, input());
    const settings = new ProxySettings({ ...imported.settings, noProxy: [...(imported.settings.noProxy ?? []) as string[], 'added.corp.example'] });
    const changes = nodeChanges(objects(), new ClusterProxyConfig(settings, config!.network), { clusterName: 'demo', files: adoptionFileOptions(imported.profile) });
    expect(changes.every((object) => object.rollingFields.length > 0)).toBe(true);
    expect(rollsNothing(changes)).toBe(false);
  });
});

/**
 * A Cluster on TKG's own ClusterClass is adopted by taking over its `proxy` variable, not its class:
 * TKG's patches then render the node files from the same variable as before. Set by the library
 * from the imported definition, the variable, and so the whole Cluster, stays byte for byte.
 */
describe.each(['clusterclass-vsphere', 'clusterclass-vsphere-no-port'])('TKG %s: a Cluster on TKG\'s class', (name) => {
  const input = () => readFileSync(join(__dirname, '..', '..', 'fixtures', 'references', 'tkg', 'inputs', name, 'cluster.yaml'), 'utf8');
  const adopt = (settings: ProxySettings) => addProxyToTopologyCluster(
    parse(input()), new ClusterClassProxy({ settings, variableShape: ClassVariableShape.TKG }), { systemClass: true },
  );

  test('adopted through its proxy variable, the Cluster keeps every byte, so TKG\'s class renders the same node files', () => {
    const { imported } = importProxy(ImportSource.TKG, input());
    expect(imported.profile).toBe(CompatibilityProfileName.TKG_CLUSTERCLASS);
    const { cluster } = adopt(new ProxySettings(imported.settings));
    expect(JSON.stringify(cluster)).toBe(JSON.stringify(parse(input())));
  });

  test('a changed definition reaches the variable: an entry added, one removed, a new URL', () => {
    const { imported } = importProxy(ImportSource.TKG, input());
    const noProxy = [...(imported.settings.noProxy ?? []) as string[]].slice(1);
    const { variable } = adopt(new ProxySettings({ ...imported.settings, httpProxy: 'http://proxy2.corp.example:3128', noProxy: [...noProxy, 'added.corp.example'] }));
    expect(variable.value).toEqual({ ...parse(input()).spec.topology.variables[0].value, httpProxy: 'http://proxy2.corp.example:3128', noProxy: [...noProxy, 'added.corp.example'] });
  });
});

test('the public Migration.adoptionFileOptions gives the layout the check adopts with, and refuses an unknown profile', () => {
  expect(Migration.adoptionFileOptions(CompatibilityProfileName.GIANTSWARM)).toEqual(adoptionFileOptions(CompatibilityProfileName.GIANTSWARM));
  expect(Migration.adoptionFileOptions(CompatibilityProfileName.TKG)).toEqual({ profile: 'tkg', commands: 'system', noProxyForm: 'given', urlPortAsGiven: true });
  expect(Migration.adoptionFileOptions()).toEqual({ noProxyForm: 'given', urlPortAsGiven: true });
  expect(() => Migration.adoptionFileOptions('rancher' as CompatibilityProfileName)).toThrow(/^profile: .*"tkg"/);
});
