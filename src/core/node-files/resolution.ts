import type { CompatibilityProfileName } from './compatibility-profile-name';
import { profileLayout } from './compatibility-profiles';
import { KubeadmEnvironment, NodeFileEncoding, NodeProxyCommands, NodeProxyFileOptions, NodeProxyPosition, NoProxyForm, VariableStyle } from './options';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { frozen } from '../primitives/frozen';
import { parseFlag, parseOneOf } from '../primitives/validation/one-of';
import { fieldPath } from '../primitives/validation/strict-props';

// The node-file options validated and completed: defaults, a compatibility profile's layout, and
// the checks that keep a bad path or mode from breaking a node silently.

/** One drop-in: the unit it configures, its path and its Secret key. */
export interface ResolvedDropIn {
  /** Unit name without `.service`. */
  readonly unit: string;
  /** Path on the node. */
  readonly path: string;
  /** Key in the node-proxy Secret. */
  readonly secretKey: string;
}

/** {@link NodeProxyFileOptions} validated, defaults and profile applied, `permissions` normalized to `0nnn`. */
export interface ResolvedNodeProxyFiles {
  /** Path of the sourced `export` file. */
  readonly envFilePath: string;
  /** `user` or `user:group`; empty when omitted. */
  readonly owner: string;
  /** Octal mode, `0nnn`; empty when omitted. */
  readonly permissions: string;
  /** The drop-ins, in `dropInUnits` order. */
  readonly dropIns: ResolvedDropIn[];
  /** Variable style of the drop-ins. */
  readonly dropInVariables: VariableStyle;
  /** How the files write NO_PROXY. */
  readonly noProxyForm: NoProxyForm;
  /** The proxy URLs' ports only where they were written. */
  readonly urlPortAsGiven: boolean;
  /** The library's commands or the profile's system's. */
  readonly commands: NodeProxyCommands;
  /** How kubeadm gets the proxy. */
  readonly kubeadmEnvironment: KubeadmEnvironment;
  /** kubeadm (and the static pods) get the credentials too. */
  readonly kubeadmCredentials: boolean;
  /** Variable style of the env file or `export` commands. */
  readonly exportVariables: VariableStyle;
  /** Files and commands before or after the spec's own. */
  readonly position: NodeProxyPosition;
  /** Inline content encoding. */
  readonly encoding: NodeFileEncoding;
  /** Secret named `<cluster>-systemd-proxy` without a hash. */
  readonly fixedSecretName: boolean;
  /** The profile applied, if any. */
  readonly profile?: CompatibilityProfileName;
}

/** The defaults of the options that are not enums or flags (those default to their first value or false). */
const DEFAULTS = {
  containerdDropInPath: '/etc/systemd/system/containerd.service.d/http-proxy.conf',
  kubeletDropInPath: '/etc/systemd/system/kubelet.service.d/http-proxy.conf',
  envFilePath: '/etc/cluster-proxy/proxy-env.sh',
  owner: 'root:root',
  permissions: '0640',
  dropInUnits: ['containerd', 'kubelet'],
  dropInDirectory: '/etc/systemd/system',
  dropInFileName: 'http-proxy.conf',
};

/** Unit names that are also valid Secret keys (`<unit>Proxy`) and path segments. */
const UNIT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const FILE_NAME = /^[A-Za-z0-9_.@-]+\.conf$/;
const VARIABLE_STYLES: VariableStyle[] = Object.values(VariableStyle);
/** Every key of {@link NodeProxyFileOptions}, to catch misspelled options from untyped callers. */
const KNOWN_OPTIONS: ReadonlySet<string> = new Set([
  'profile', 'containerdDropInPath', 'kubeletDropInPath', 'envFilePath', 'owner', 'permissions', 'dropInUnits', 'dropInDirectory',
  'dropInFileName', 'dropInVariables', 'kubeadmEnvironment', 'exportVariables', 'position', 'encoding', 'omitOwner', 'omitPermissions',
  'fixedSecretName', 'kubeadmCredentials', 'noProxyForm', 'urlPortAsGiven', 'commands',
]);

/** Conservative path alphabet: safe unquoted in YAML, cloud-init, Ignition and (quoted) in sh. */
const PATH = /^(\/[A-Za-z0-9._@-]+)+$/;
const DROP_IN = /\/[A-Za-z0-9_.@-]+\.service\.d\/[A-Za-z0-9_.@-]+\.conf$/;
const OWNER_NAME = '[a-z_][a-z0-9_-]{0,31}';
const OWNER = new RegExp(`^${OWNER_NAME}(:${OWNER_NAME})?$`);
const MODE = /^0?[0-7]{3}$/;

/**
 * Validate and complete the file options. `hasCredentials` tightens the mode check: a file holding
 * a proxy password must not be readable by every local user; it also decides which choices of a
 * profile apply (see `profileLayout`).
 */
export function resolveNodeProxyFiles(field: string, options: NodeProxyFileOptions | undefined, hasCredentials: boolean): ResolvedNodeProxyFiles {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw invalidValue(field, options, 'must be an object');
  }
  const unknown = Object.keys(options ?? {}).filter((key) => !KNOWN_OPTIONS.has(key));
  if (unknown.length > 0) {
    throw invalidValue(fieldPath(field, unknown[0]), unknown[0], `is not a file option; use one of ${[...KNOWN_OPTIONS].join(', ')}`);
  }
  const own = options ?? {};
  const given: NodeProxyFileOptions = { ...(own.profile === undefined ? {} : profileLayout(`${field}.profile`, own.profile, hasCredentials)), ...withoutUndefined(own) };
  const containerdDropInPath = parseDropInPath(`${field}.containerdDropInPath`, given.containerdDropInPath ?? DEFAULTS.containerdDropInPath);
  const kubeletDropInPath = parseDropInPath(`${field}.kubeletDropInPath`, given.kubeletDropInPath ?? DEFAULTS.kubeletDropInPath);
  const directory = parsePath(`${field}.dropInDirectory`, given.dropInDirectory ?? DEFAULTS.dropInDirectory);
  const fileName = given.dropInFileName ?? DEFAULTS.dropInFileName;
  if (typeof fileName !== 'string' || !FILE_NAME.test(fileName)) {
    throw invalidValue(`${field}.dropInFileName`, fileName, 'must be a *.conf file name of letters, digits and . _ @ - (systemd reads only *.conf drop-ins)');
  }
  const kubeadmCredentials = parseFlag(`${field}.kubeadmCredentials`, given.kubeadmCredentials);
  const units = parseUnits(`${field}.dropInUnits`, given.dropInUnits ?? DEFAULTS.dropInUnits);
  refuseKubeadmUnits(field, units, hasCredentials && !kubeadmCredentials);
  const dropIns = units.map((unit): ResolvedDropIn => ({
    unit,
    path: unit === 'containerd' ? containerdDropInPath : unit === 'kubelet' ? kubeletDropInPath : `${directory}/${unit}.service.d/${fileName}`,
    secretKey: `${unit}Proxy`,
  }));
  const kubeadmEnvironment = parseOneOf(`${field}.kubeadmEnvironment`, given.kubeadmEnvironment, Object.values(KubeadmEnvironment), KubeadmEnvironment.ENV_FILE);
  if (kubeadmEnvironment === KubeadmEnvironment.EXPORTS && hasCredentials && kubeadmCredentials) {
    throw new ProxyConfigError(`${field}.kubeadmEnvironment`,
      'must not be "exports" with kubeadmCredentials: the password would be written into the preKubeadmCommands of the KubeadmControlPlane and KubeadmConfigTemplates; use "envFile"');
  }
  const omitOwner = parseFlag(`${field}.omitOwner`, given.omitOwner);
  const omitPermissions = parseFlag(`${field}.omitPermissions`, given.omitPermissions);
  if (omitPermissions && hasCredentials) {
    throw new ProxyConfigError(`${field}.omitPermissions`,
      'must not be true when the proxy URLs carry credentials: the files would get the default mode 0644, readable by every local user');
  }
  const resolved: ResolvedNodeProxyFiles = {
    envFilePath: parsePath(`${field}.envFilePath`, given.envFilePath ?? DEFAULTS.envFilePath),
    owner: omitOwner ? '' : parseOwner(`${field}.owner`, given.owner ?? DEFAULTS.owner),
    permissions: omitPermissions ? '' : parsePermissions(`${field}.permissions`, given.permissions ?? DEFAULTS.permissions, hasCredentials),
    dropIns: frozen(dropIns),
    dropInVariables: parseOneOf(`${field}.dropInVariables`, given.dropInVariables, VARIABLE_STYLES, VariableStyle.PAIRS),
    noProxyForm: parseOneOf(`${field}.noProxyForm`, given.noProxyForm, Object.values(NoProxyForm), NoProxyForm.EXPANDED),
    urlPortAsGiven: parseFlag(`${field}.urlPortAsGiven`, given.urlPortAsGiven),
    commands: parseCommands(field, given.commands, own.profile),
    kubeadmEnvironment,
    kubeadmCredentials,
    exportVariables: parseOneOf(`${field}.exportVariables`, given.exportVariables, VARIABLE_STYLES, VariableStyle.PAIRS),
    position: parseOneOf(`${field}.position`, given.position, Object.values(NodeProxyPosition), NodeProxyPosition.FIRST),
    encoding: parseOneOf(`${field}.encoding`, given.encoding, Object.values(NodeFileEncoding), NodeFileEncoding.PLAIN),
    fixedSecretName: parseFlag(`${field}.fixedSecretName`, given.fixedSecretName),
    ...(own.profile !== undefined ? { profile: own.profile } : {}),
  };
  const paths = [...dropIns.map((dropIn) => dropIn.path), ...(kubeadmEnvironment === KubeadmEnvironment.ENV_FILE ? [resolved.envFilePath] : [])];
  if (new Set(paths).size !== paths.length) {
    throw invalidValue(field, paths, 'the drop-ins and the env file must be different files');
  }
  return Object.freeze(resolved);
}

function parseCommands(field: string, value: unknown, profile: unknown): NodeProxyCommands {
  const commands = parseOneOf(`${field}.commands`, value, Object.values(NodeProxyCommands), NodeProxyCommands.LIBRARY);
  if (commands === NodeProxyCommands.SYSTEM && profile === undefined) {
    throw new ProxyConfigError(`${field}.commands`, 'is "system", the commands of the profile\'s system, but no profile is set: set profile');
  }
  return commands;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Units whose processes run kubeadm or are its ancestors: cloud-init's stages (`runcmd`, where
 * Cluster API's kubeadm commands run, is cloud-final's) and the `kubeadm` unit Cluster API's
 * Ignition bootstrap runs it from. A drop-in there hands kubeadm the proxy variables with their
 * credentials, and kubeadm copies them into the control-plane static pods.
 */
const KUBEADM_UNITS = ['cloud-init-local', 'cloud-init', 'cloud-config', 'cloud-final', 'kubeadm'];

function refuseKubeadmUnits(field: string, units: readonly string[], withCredentials: boolean): void {
  const index = units.findIndex((unit) => KUBEADM_UNITS.includes(unit));
  if (withCredentials && index !== -1) {
    throw new ProxyConfigError(`${field}.dropInUnits[${index}]`,
      `"${units[index]}" runs kubeadm (or its parent), which would copy the proxy credentials into the kube-apiserver, `
      + 'kube-controller-manager and kube-scheduler static pods; leave it out (kubeadm gets the proxy without credentials), '
      + `or set ${field}.kubeadmCredentials to accept the copies`);
  }
}

function parseUnits(field: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidValue(field, value, 'must be a non-empty array of systemd unit names (without ".service")');
  }
  value.forEach((unit, index) => {
    if (typeof unit !== 'string' || !UNIT.test(unit) || unit.endsWith('.service')) {
      throw invalidValue(`${field}[${index}]`, unit, 'must be a systemd unit name without ".service": letters, digits, "_", "." and "-"');
    }
  });
  if (new Set(value).size !== value.length) {
    throw invalidValue(field, value, 'must not name a unit twice');
  }
  if (!value.includes('containerd')) {
    throw invalidValue(field, value, 'must include "containerd": image pulls go through it, and the node commands restart it');
  }
  return value;
}

/** An absolute path without `.`/`..` segments, in a conservative alphabet, at most 512 characters (the CRD limit). */
export function parsePath(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 512 || !PATH.test(value)) {
    throw invalidValue(field, value, 'must be an absolute path of letters, digits and . _ @ - (at most 512 characters)');
  }
  if (value.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw invalidValue(field, value, 'must not contain "." or ".." segments');
  }
  return value;
}

function parseDropInPath(field: string, value: unknown): string {
  const path = parsePath(field, value);
  if (!DROP_IN.test(path)) {
    throw invalidValue(field, path, 'must be a systemd drop-in: a *.conf file directly inside a <unit>.service.d directory (systemd ignores anything else)');
  }
  return path;
}

function parseOwner(field: string, value: unknown): string {
  if (typeof value !== 'string' || !OWNER.test(value)) {
    throw invalidValue(field, value, 'must be "user" or "user:group" (POSIX names such as root:root)');
  }
  return value;
}

/**
 * Three octal digits, optional leading zero, returned as `0nnn`. Special bits (a fourth digit) are
 * refused: Ignition parses the mode as a YAML integer, where `1640` would be decimal.
 */
export function parsePermissions(field: string, value: unknown, hasCredentials: boolean): string {
  if (typeof value !== 'string' || !MODE.test(value)) {
    throw invalidValue(field, value, 'must be an octal mode of three digits, optionally with a leading zero, such as "0640"');
  }
  const mode = value.length === 3 ? `0${value}` : value;
  const others = Number(mode[3]);
  // Digit arithmetic instead of bit masks (no-bitwise): write is 2, read is 4.
  if (others % 4 >= 2) {
    throw invalidValue(field, value, 'must not be world-writable: any local user could point containerd at another proxy');
  }
  if (hasCredentials && others >= 4) {
    throw new ProxyConfigError(field,
      `must not be world-readable when the proxy URLs carry credentials: every local user could read the password (got "${value}"; use e.g. "0640" or "0600")`);
  }
  return mode;
}

/** The library's own layout. */
export const DEFAULT_NODE_PROXY_FILES: ResolvedNodeProxyFiles = resolveNodeProxyFiles('files', undefined, false);
