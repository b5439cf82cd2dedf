import { BOOTSTRAP_API_GROUP, CapiVersion, capiVersionOf, CONTROL_PLANE_API_GROUP } from './capi-version';
import { checkKubeadmSpelling } from './kubeadm-spelling';
import { TRUSTED_CA_SETTING } from '../definition/proxy-settings';
import { forControlPlane, NodeProxyBootstrap, parseBootstrapFormat } from '../node-files/bootstrap';
import { BootstrapFormat } from '../node-files/bootstrap-format';
import { isProxyCommand, PROXY_EXPORT, REVISION_COMMAND_PREFIX } from '../node-files/commands';
import { MAX_COMMANDS, MAX_FILES } from '../node-files/kubeadm-file';
import { NodeProxyPosition } from '../node-files/options';
import { invalidValue, kindForError, ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { KubeObject } from '../primitives/k8s/manifest';
import { checkJsonData, isRecord } from '../primitives/validation/json-data';
import { optionalList } from '../primitives/validation/strict-props';

/**
 * Merging the node proxy into a KubeadmConfigSpec the user already has: plain JSON in, a new plain
 * JSON object out. The input is never modified, and merging twice gives the same result as merging
 * once: files at the proxy's paths are replaced, and commands carrying the library's marker are
 * removed before the current ones are put first.
 */

type Json = Record<string, unknown>;

/** Where the KubeadmConfigSpec sits in each kind that carries one. */
const SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  [`${CONTROL_PLANE_API_GROUP}/KubeadmControlPlane`]: ['spec', 'kubeadmConfigSpec'],
  [`${BOOTSTRAP_API_GROUP}/KubeadmConfigTemplate`]: ['spec', 'template', 'spec'],
  [`${BOOTSTRAP_API_GROUP}/KubeadmConfig`]: ['spec'],
};

/** Path (property names) of the KubeadmConfigSpec inside `object`, or `undefined` for other kinds. */
export function kubeadmConfigSpecPath(object: { readonly apiVersion?: unknown; readonly kind?: unknown }): readonly string[] | undefined {
  const group = typeof object.apiVersion === 'string' ? object.apiVersion.split('/')[0] : '';
  return SPEC_PATHS[`${group}/${String(object.kind)}`];
}

/**
 * The KubeadmConfigSpec inside a kubeadm object, to read or change in place (`{}`, detached, when
 * the object has none yet).
 */
export function kubeadmConfigSpecOf(object: KubeObject): Record<string, any> {
  const spec = (kubeadmConfigSpecPath(object) ?? []).reduce<any>((node, key) => node?.[key], object);
  return spec && typeof spec === 'object' ? spec : {};
}

/**
 * Add the node proxy to a KubeadmConfigSpec: the proxy's files first (replacing any file at the
 * same path), its commands first in `preKubeadmCommands` (replacing earlier copies) -- or both
 * last, when the bootstrap's position says so -- and
 * `format: ignition` when the proxy was rendered for Ignition. A spec that declares a different
 * format than the proxy was rendered for is refused.
 *
 * @param spec the KubeadmConfigSpec (`undefined` for none yet)
 * @param bootstrap from `nodeProxyBootstrap`
 * @param field name of the spec in error messages
 * @param capiVersion the Cluster API version the spec is sent in: a spec in the other version's
 *   spelling is refused (see `checkKubeadmSpelling`)
 */
export function addProxyToKubeadmConfigSpec(
  spec: unknown, bootstrap: NodeProxyBootstrap, field = 'kubeadmConfigSpec', capiVersion?: CapiVersion,
): { [key: string]: unknown } {
  if (spec !== undefined && !isRecord(spec)) {
    throw invalidValue(field, spec, 'must be an object (a KubeadmConfigSpec)');
  }
  checkJsonData(field, spec);
  const copy = copyJson((spec ?? {}) as Json);
  if (capiVersion !== undefined) {
    checkKubeadmSpelling(copy, capiVersion, field);
  }
  const format = copy.format === undefined ? undefined : parseBootstrapFormat(`${field}.format`, copy.format);
  if (format !== undefined && format !== bootstrap.bootstrapFormat) {
    throw new ProxyConfigError(`${field}.format`,
      `is "${format}" but the proxy was rendered for "${bootstrap.bootstrapFormat}"; set bootstrapFormat to "${format}"`);
  }

  const proxyPaths = new Set(bootstrap.files.map((file) => file.path));
  const specFiles = optionalList(`${field}.files`, copy.files);
  const isProxyFile = specFiles.map((file, index) => proxyPaths.has(filePath(`${field}.files[${index}]`, file)));
  const ownFiles = specFiles.filter((_, index) => !isProxyFile[index]);
  const ownCommands = optionalList(`${field}.preKubeadmCommands`, copy.preKubeadmCommands).filter((command) => !isOwnedByProxy(command, bootstrap));
  const proxyFiles = bootstrap.files.map((file) => copyJson(file));
  const firstProxyFile = isProxyFile.indexOf(true);
  const at = firstProxyFile === -1 || !bootstrap.systemCommands ? undefined : isProxyFile.slice(0, firstProxyFile).filter((proxy) => !proxy).length;
  // the files where the spec had them (a system's), the commands after the one the bootstrap names
  const files = withProxyItems(ownFiles, proxyFiles, at, bootstrap);
  const after = bootstrap.afterCommand === undefined ? -1 : ownCommands.indexOf(bootstrap.afterCommand);
  const commands = withProxyItems(ownCommands, bootstrap.preKubeadmCommands, after === -1 ? undefined : after + 1, bootstrap);
  if (files.length > MAX_FILES) {
    throw new ProxyConfigError(`${field}.files`, `would hold ${files.length} files: ${ownFiles.length} of its own and ${proxyFiles.length} of the node proxy's `
      + `(which writes one per certificate of ${TRUSTED_CA_SETTING}); Cluster API accepts at most ${MAX_FILES}`);
  }
  if (commands.length > MAX_COMMANDS) {
    throw new ProxyConfigError(`${field}.preKubeadmCommands`, `would hold ${commands.length} commands with the proxy's; Cluster API accepts at most ${MAX_COMMANDS}`);
  }
  return {
    ...copy,
    ...(bootstrap.bootstrapFormat === BootstrapFormat.IGNITION ? { format: 'ignition' } : {}),
    files,
    preKubeadmCommands: commands,
  };
}

/**
 * Whether a command of the spec is the proxy's, to be replaced: the library's (marked), or, when
 * the proxy's commands are a system's (unmarked), one of them or an earlier version of its exports.
 */
function isOwnedByProxy(command: unknown, bootstrap: NodeProxyBootstrap): boolean {
  if (isProxyCommand(command)) {
    return true;
  }
  return bootstrap.systemCommands === true && typeof command === 'string'
    // also an earlier apply's exports and revision, whose values have changed since
    && (bootstrap.preKubeadmCommands.includes(command) || PROXY_EXPORT.test(command) || command.startsWith(REVISION_COMMAND_PREFIX));
}

/**
 * The spec's own files or commands with the proxy's: at `at` (how many of its own come before them)
 * when given, so that adopting objects that carry a system's proxy moves nothing; else first or
 * last, as the bootstrap's position says.
 */
function withProxyItems(own: readonly unknown[], proxy: readonly unknown[], at: number | undefined, bootstrap: NodeProxyBootstrap): unknown[] {
  if (at !== undefined) {
    return [...own.slice(0, at), ...proxy, ...own.slice(at)];
  }
  return bootstrap.position === NodeProxyPosition.LAST ? [...own, ...proxy] : [...proxy, ...own];
}

/**
 * Add the node proxy to a KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig (v1beta1 or
 * v1beta2: the proxy's files and commands are spelled the same in both, and the object's own spec
 * must be in its version's spelling). Returns a new object; other kinds are refused.
 */
export function addProxyToKubeadmObject(object: KubeObject, bootstrap: NodeProxyBootstrap): KubeObject {
  const path = kubeadmConfigSpecPath(object);
  const name = `${object.kind}/${object.metadata?.name}`;
  if (!path) {
    throw invalidValue('object', kindForError(object),
      'is not a KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig (controlplane/bootstrap.cluster.x-k8s.io)');
  }
  const copy = copyJson(object) as Json;
  let parent = copy;
  for (const key of path.slice(0, -1)) {
    const next = parent[key] ?? {};
    if (!isRecord(next)) {
      throw invalidValue(`${name}: ${path.join('.')}`, next, `has no object at ${key}`);
    }
    parent[key] = next;
    parent = next as Json;
  }
  const last = path[path.length - 1];
  const forObject = object.kind === 'KubeadmControlPlane' ? forControlPlane(bootstrap) : bootstrap;
  parent[last] = addProxyToKubeadmConfigSpec(parent[last], forObject, `${name}: ${path.join('.')}`, capiVersionOf(object.apiVersion));
  return copy as KubeObject;
}

function filePath(field: string, file: unknown): string {
  const path = (file as { path?: unknown } | null)?.path;
  if (typeof path !== 'string') {
    throw invalidValue(`${field}.path`, path, 'must be a string (every file needs a path)');
  }
  return path;
}
