/**
 * Adopting a running cluster rolls no machine, through a real API server. For each cluster another
 * system put behind the proxy (TKG, Giant Swarm, EKS Anywhere: the objects each renders itself),
 * the system creates its KubeadmControlPlane, KubeadmConfigTemplates and KubeadmConfigs under a
 * field manager of its own (`systemFieldManager`); `cluster-proxy import --check-no-roll` reads them back
 * as the API server returns them; then a GitOps applier applies what the library renders to adopt
 * them, as a migration taking ownership does (server-side apply, `--force-conflicts`: the library's
 * manager then owns every field it sets, beside the system's where the values agree). The API
 * server bumps `metadata.generation` on any change of these objects' spec, and Cluster API rolls
 * machines only on a spec change: no generation may move, and every stored spec must be the same.
 * The same adoption with one more NO_PROXY entry must bump every object's generation.
 */
import { stringify } from 'yaml';
import { runImportCommand } from '../../src/cli/import';
import { addProxyToObjects } from '../../src/core/capi/add-proxy-to-objects';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { adoptionFileOptions } from '../../src/core/import/adoption';
import { importProxy } from '../../src/core/import/import-proxy';
import { ImportSource } from '../../src/core/import/imported-proxy';
import { KubeObject } from '../../src/core/primitives/k8s/manifest';
import { deleteObjects, FIELD_MANAGER, liveObjects, serverSideApply } from '../support/control-plane/apply';
import { ControlPlane, controlPlanesByStorage } from '../support/control-plane/control-plane';
import { displayName, GitOpsApplier } from '../support/control-plane/gitops';
import { SYSTEM_RENDERS, SystemRender } from '../support/fixtures/system-renders';

/**
 * TKG's plan-based objects are Cluster API v1beta1, which its management clusters (Cluster API 1.10
 * or earlier) store; the others are v1beta2. No conversion webhook runs here, so each system's
 * objects go to a control plane that stores their version (as in apply.e2e-test.ts).
 */
const planes = controlPlanesByStorage();

const CLUSTER_NAME = 'demo';
const ADDED_NO_PROXY = 'added.corp.example';

/**
 * The field manager a system applies its objects with. EKS Anywhere's controller applies the Cluster
 * API objects server-side as `eks-a-controller` (pkg/controller/serverside/reconcile.go); TKG's and
 * Giant Swarm's tooling was not traced, so theirs is named after the system.
 */
function systemFieldManager(source: ImportSource): string {
  return source === ImportSource.EKS_ANYWHERE ? 'eks-a-controller' : source;
}

/** A copy without the fields whose value is null. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutNulls);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null).map(([key, field]) => [key, withoutNulls(field)]));
  }
  return value;
}

/**
 * The objects as the system applies them. EKS Anywhere's controller reads its templates' output
 * into Cluster API's Go types before it applies them (a template's empty `value:` of a taint is
 * then the empty string, which the types leave out), and gives the templates the machine template
 * names the reference driver did not (`<no value>`): `<cluster>-control-plane-1`
 * (pkg/providers/vsphere/controlplane.go, pkg/clusterapi/name.go). TKG's and Giant Swarm's objects
 * are applied as rendered.
 */
function asApplied(render: SystemRender): KubeObject[] {
  const objects = render.objects();
  if (render.source !== ImportSource.EKS_ANYWHERE) {
    return objects;
  }
  const named = JSON.parse(JSON.stringify(objects).replace(/"<no value>"/g, JSON.stringify(`${CLUSTER_NAME}-control-plane-1`)));
  return withoutNulls(named) as KubeObject[];
}

/** The field managers of a live object and how they wrote (`cluster-proxy-e2e Apply`). */
function managersOf(controlPlane: ControlPlane, object: KubeObject): string[] {
  const [group, version] = object.apiVersion.split('/');
  const resource = `${controlPlane.resource(object.apiVersion, object.kind).plural}.${version}.${group}/${object.metadata.name}`;
  const live = JSON.parse(controlPlane.kubectl(['get', resource, '-n', object.metadata.namespace ?? 'default', '--show-managed-fields', '-o', 'json']).stdout);
  return live.metadata.managedFields.map((entry: any) => `${entry.manager} ${entry.operation}`);
}

function controlPlaneFor(objects: readonly KubeObject[]): ControlPlane {
  const versions = [...new Set(objects.map((object) => object.apiVersion.split('/')[1]))];
  if (versions.length !== 1) {
    throw new Error(`the objects mix Cluster API versions (${versions.join(', ')}): no control plane stores both`);
  }
  return versions[0] === 'v1beta1' ? planes.earlier : planes.current;
}

/**
 * What Cluster API's rollout depends on: each object's generation and the spec the API server
 * stores, defaults included (a v1beta1 KubeadmControlPlane gets `rolloutStrategy` from its CRD's
 * schema; the library's apply does not send it, and server-side apply leaves it as it was).
 */
function storedSpecs(controlPlane: ControlPlane, objects: readonly KubeObject[]): Array<{ object: string; generation: number; spec: unknown }> {
  return liveObjects(controlPlane, objects).map((live, index) => {
    if (!live) {
      throw new Error(`${objects[index].kind}/${objects[index].metadata.name} is not there`);
    }
    return { object: `${live.kind}/${live.metadata.name}`, generation: live.metadata.generation, spec: live.spec };
  });
}

/**
 * What the library renders to adopt the running objects: the system's layout
 * (`adoptionFileOptions`), otherwise the defaults, under which a template the proxy leaves as it is
 * keeps its name. A changed proxy is merged in place (`renameTemplates: false`, as `--check-no-roll`
 * compares), so each object's generation shows the change; by default a changed template would get
 * a new name instead.
 */
function adoptedObjects(render: SystemRender, running: KubeObject[], extraNoProxy: string[] = []): KubeObject[] {
  const { imported, config } = importProxy(render.source, render.input());
  const noProxy = [...(imported.settings.noProxy ?? []) as string[], ...extraNoProxy];
  const proxy = extraNoProxy.length === 0 ? config! : new ClusterProxyConfig(new ProxySettings({ ...imported.settings, noProxy }), config!.network);
  const inPlace = extraNoProxy.length > 0 ? { renameTemplates: false } : {};
  const options = { clusterName: CLUSTER_NAME, files: adoptionFileOptions(imported.profile), ...inPlace };
  return addProxyToObjects(running, proxy, options).objects;
}

/** `cluster-proxy import --from <system> FILE --nodes running.yaml --check-no-roll`, on the objects as `kubectl get -o yaml` prints them. */
function checkNoRoll(render: SystemRender, live: readonly any[]): { exitCode: number; stdout: string; stderr: string } {
  const files: Record<string, string> = {
    'system.yaml': render.input(),
    'running.yaml': stringify({ apiVersion: 'v1', kind: 'List', items: live }),
  };
  return runImportCommand(['--from', render.source, 'system.yaml', '--nodes', 'running.yaml', '--cluster-name', CLUSTER_NAME, '--check-no-roll'], (path) => files[path]);
}

describe.each(SYSTEM_RENDERS)('$name', (render) => {
  const running = asApplied(render);
  let controlPlane: ControlPlane;
  let applier: GitOpsApplier;
  let created: ReturnType<typeof storedSpecs>;
  beforeAll(() => {
    controlPlane = controlPlaneFor(running);
  });
  // the cases share names and namespaces (`default/demo-control-plane`): each leaves an empty store
  afterAll(() => controlPlane && deleteObjects(controlPlane, adoptedObjects(render, running)));

  test('the system creates its objects under its own field manager', () => {
    expect(running.length).toBeGreaterThanOrEqual(2);
    serverSideApply(controlPlane, running, { fieldManager: systemFieldManager(render.source) });
    created = storedSpecs(controlPlane, running);
    expect(created.map(({ object, generation }) => [object, generation])).toEqual(created.map(({ object }) => [object, 1]));
  });

  test('--check-no-roll on the objects the API server holds: no machine rolls', () => {
    const result = checkNoRoll(render, liveObjects(controlPlane, running));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('No machine rolls');
    expect(result.exitCode).toBe(0);
  });

  test('adopted by the library, taking ownership: no generation moves, every stored spec is the same', () => {
    applier = new GitOpsApplier(controlPlane, { name: `adopt-${render.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` });
    const step = applier.apply(adoptedObjects(render, running), ['--force-conflicts']);
    expect(step).toEqual({ created: [], changed: {}, pruned: [], unchanged: running.map(displayName) });
    expect(storedSpecs(controlPlane, running)).toEqual(created);
    // the apply was not a no-op: the library's manager now owns the objects' fields too
    for (const object of running) {
      expect(managersOf(controlPlane, object)).toEqual(expect.arrayContaining([`${systemFieldManager(render.source)} Apply`, `${FIELD_MANAGER} Apply`]));
    }
  });

  test('the same adoption with one more NO_PROXY entry changes every spec and bumps every generation', () => {
    const step = applier.apply(adoptedObjects(render, running, [ADDED_NO_PROXY]), ['--force-conflicts']);
    expect(Object.keys(step.changed)).toEqual(running.map(displayName));
    expect(Object.values(step.changed).flat().filter((path) => !path.startsWith('spec.'))).toEqual([]);
    const changed = storedSpecs(controlPlane, running);
    expect(changed.map(({ object, generation }) => [object, generation])).toEqual(created.map(({ object, generation }) => [object, generation + 1]));
  });
});
