import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { nodeChanges, rollsNothing } from '../../../src/core/import/node-changes';
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
