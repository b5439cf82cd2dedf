/**
 * kubeadm copies its proxy variables into the control-plane static pods (kube-apiserver,
 * kube-controller-manager, kube-scheduler), where anyone who can read pods in kube-system reads
 * them. So for every node-file layout (OS family and bootstrap format, drop-in units, variable
 * styles, how kubeadm gets the proxy, the kubeadmCredentials opt-in, profiles), simulate what
 * kubeadm runs with and apply its copying rule: a credential in what it copies is a failure unless
 * `kubeadmCredentials` accepts it.
 *
 * What kubeadm runs with: the environment of the unit that runs it (with the variables of that
 * unit's drop-in, as real systemd parses the rendered drop-in), then the preKubeadmCommands run in
 * a real shell (sourcing the env file, or the `export` commands) before kubeadm itself, which
 * records the environment it was started with. The unit that runs kubeadm is modelled here, not
 * taken from the library: cloud-init runs Cluster API's `runcmd` in its final stage
 * (`cloud-final.service`, the scripts-user module); Cluster API's Ignition bootstrap runs
 * `/etc/kubeadm.sh` from `kubeadm.service`.
 */
import * as fc from 'fast-check';
import { NodeProxyBootstrap, nodeProxyBootstrap } from '../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { CompatibilityProfileName } from '../../src/core/node-files/compatibility-profile-name';
import { NodeProxyDelivery } from '../../src/core/node-files/delivery';
import { KubeadmEnvironment, VariableStyle } from '../../src/core/node-files/options';
import { OsFamily } from '../../src/core/node-files/os-family';
import { ProxyConfigError } from '../../src/core/primitives/errors';
import { copiedIntoStaticPods, createScratchNode, ScratchNode } from '../core/node-files/bootstrap-script-harness';
import { createUnitDirectory, parsedEnvironment, UnitDirectory } from '../core/render/systemd-harness';
import { credentialForms, demoProxy } from '../support/fixtures/cluster';

/** The unit whose processes include kubeadm, per bootstrap format. */
const KUBEADM_RUNS_IN = { 'cloud-config': 'cloud-final', 'ignition': 'kubeadm' } as const;

/** Units a drop-in may be asked for: the ones cloud-init and Ignition run, and an unrelated one. */
const EXTRA_UNITS = ['cloud-init-local', 'cloud-init', 'cloud-config', 'cloud-final', 'kubeadm', 'teleport'];

/** One layout: the definition's side (credentials or not) and the node-file options. */
interface Layout {
  readonly osFamily: OsFamily;
  readonly credentials: boolean;
  readonly dropInUnits: string[];
  readonly dropInVariables?: VariableStyle;
  readonly exportVariables?: VariableStyle;
  readonly kubeadmEnvironment?: KubeadmEnvironment;
  readonly kubeadmCredentials?: boolean;
  readonly profile?: CompatibilityProfileName;
  readonly delivery?: NodeProxyDelivery;
}

const anonymous = { username: undefined, password: undefined };

let node: ScratchNode;
let unit: UnitDirectory;
beforeAll(() => {
  node = createScratchNode();
  unit = createUnitDirectory();
});
afterAll(() => {
  node.remove();
  unit.remove();
});

/** The text of a node file: from the Secret in delivery `secret`, else inline (decoded). */
function fileText(bootstrap: NodeProxyBootstrap, path: string): string | undefined {
  const file = bootstrap.files.find((candidate) => candidate.path === path);
  if (!file) {
    return undefined;
  }
  if (file.contentFrom) {
    return bootstrap.secret!.stringData[file.contentFrom.secret.key];
  }
  return file.encoding === 'base64' ? Buffer.from(file.content!, 'base64').toString('utf8') : file.content;
}

/** A drop-in's variables as systemd itself parses them (once per distinct drop-in). */
const dropInEnvironments = new Map<string, Record<string, string>>();
function systemdEnvironment(dropIn: string): Record<string, string> {
  let environment = dropInEnvironments.get(dropIn);
  if (!environment) {
    unit.writeDropIn(dropIn);
    const parsed = parsedEnvironment(unit);
    expect(parsed.warnings).toEqual([]);
    environment = Object.fromEntries(parsed.environment.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    dropInEnvironments.set(dropIn, environment);
  }
  return environment;
}

/** kubeadm's environment for a bootstrap (once per distinct format, commands, env file and unit environment). */
const kubeadmEnvironments = new Map<string, Record<string, string>>();
function environmentOfKubeadm(bootstrap: NodeProxyBootstrap, envFilePath: string): Record<string, string> {
  const format = bootstrap.bootstrapFormat as 'cloud-config' | 'ignition';
  const dropIn = bootstrap.files.find((file) => file.path.includes(`/${KUBEADM_RUNS_IN[format]}.service.d/`));
  const unitEnvironment = dropIn ? systemdEnvironment(fileText(bootstrap, dropIn.path)!) : {};
  const envFile = fileText(bootstrap, envFilePath);
  const key = JSON.stringify([format, bootstrap.preKubeadmCommands, envFile, unitEnvironment]);
  let environment = kubeadmEnvironments.get(key);
  if (!environment) {
    node.writeFile(envFilePath, envFile ?? '');
    const run = node.run(format, bootstrap.preKubeadmCommands, 0, unitEnvironment);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    environment = run.kubeadmEnvironment!;
    kubeadmEnvironments.set(key, environment);
  }
  return environment;
}

/** What the static pods get for a layout, or `refused` with the library's error naming a file option. */
function staticPodsOf(layout: Layout): { copied: Record<string, string>; forms: string[] } | 'refused' {
  const proxy = layout.credentials ? demoProxy() : demoProxy(anonymous);
  const envFilePath = `${node.path}/proxy-env.sh`;
  let bootstrap: NodeProxyBootstrap;
  try {
    bootstrap = nodeProxyBootstrap(proxy, {
      clusterName: 'demo',
      osFamily: layout.osFamily,
      bootstrapFormat: layout.osFamily === OsFamily.FLATCAR ? BootstrapFormat.IGNITION : undefined,
      ...(layout.delivery ? { delivery: layout.delivery } : {}),
      files: {
        envFilePath,
        dropInUnits: layout.dropInUnits,
        ...(layout.dropInVariables ? { dropInVariables: layout.dropInVariables } : {}),
        ...(layout.exportVariables ? { exportVariables: layout.exportVariables } : {}),
        ...(layout.kubeadmEnvironment ? { kubeadmEnvironment: layout.kubeadmEnvironment } : {}),
        ...(layout.kubeadmCredentials === undefined ? {} : { kubeadmCredentials: layout.kubeadmCredentials }),
        ...(layout.profile ? { profile: layout.profile } : {}),
      },
    });
  } catch (error) {
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect((error as ProxyConfigError).field).toMatch(/^(files|delivery)\b/);
    return 'refused';
  }
  return { copied: copiedIntoStaticPods(environmentOfKubeadm(bootstrap, envFilePath)), forms: layout.credentials ? credentialForms(proxy) : [] };
}

/** The rule: a credential in what kubeadm copies, only with kubeadmCredentials. */
function expectCopyRule(layout: Layout): 'refused' | 'copied' | 'clean' {
  const result = staticPodsOf(layout);
  if (result === 'refused') {
    return 'refused';
  }
  const text = JSON.stringify(result.copied);
  const leaked = result.forms.filter((form) => text.includes(form));
  if (layout.kubeadmCredentials !== true) {
    expect({ layout, leaked }).toEqual({ layout, leaked: [] });
  }
  return leaked.length > 0 ? 'copied' : 'clean';
}

const STYLES = Object.values(VariableStyle);
const ENVIRONMENTS = Object.values(KubeadmEnvironment);

describe('kubeadm copies no credential into the static pods unless kubeadmCredentials accepts it', () => {
  test('every combination of OS family, drop-in units, variable styles, kubeadm environment and the opt-in', () => {
    const unitLists = [['containerd'], ['containerd', 'kubelet'], ...EXTRA_UNITS.map((extra) => ['containerd', 'kubelet', extra])];
    const outcomes = { refused: 0, copied: 0, clean: 0 };
    for (const osFamily of Object.values(OsFamily)) {
      for (const credentials of [true, false]) {
        for (const dropInUnits of unitLists) {
          for (const dropInVariables of STYLES) {
            for (const exportVariables of STYLES) {
              for (const kubeadmEnvironment of ENVIRONMENTS) {
                for (const kubeadmCredentials of [undefined, true]) {
                  const layout = { osFamily, credentials, dropInUnits, dropInVariables, exportVariables, kubeadmEnvironment, kubeadmCredentials };
                  outcomes[expectCopyRule(layout)] += 1;
                }
              }
            }
          }
        }
      }
    }
    // the simulation sees credentials where the opt-in puts them, so their absence elsewhere means something
    expect(outcomes.copied).toBeGreaterThan(0);
    expect(outcomes.clean).toBeGreaterThan(outcomes.refused);
  }, 120_000);

  test('any set of drop-in units, with profiles, deliveries and every option left out or given', () => {
    const layout: fc.Arbitrary<Layout> = fc.record({
      osFamily: fc.constantFrom(...Object.values(OsFamily)),
      credentials: fc.boolean(),
      dropInUnits: fc.subarray(['kubelet', ...EXTRA_UNITS]).map((units) => ['containerd', ...units]),
      dropInVariables: fc.option(fc.constantFrom(...STYLES), { nil: undefined }),
      exportVariables: fc.option(fc.constantFrom(...STYLES), { nil: undefined }),
      kubeadmEnvironment: fc.option(fc.constantFrom(...ENVIRONMENTS), { nil: undefined }),
      kubeadmCredentials: fc.constantFrom(undefined, false, true),
      profile: fc.option(fc.constantFrom(...Object.values(CompatibilityProfileName)), { nil: undefined }),
      delivery: fc.option(fc.constantFrom(...Object.values(NodeProxyDelivery)), { nil: undefined }),
    });
    fc.assert(fc.property(layout, (value) => {
      expectCopyRule(value);
    }), { numRuns: 300 });
  }, 120_000);
});
