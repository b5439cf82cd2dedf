import { invalidValue, ProxyConfigError } from '../errors';

/**
 * Where the proxy files go on a node, who owns them and their mode. Validated here because a bad
 * value breaks a node silently: systemd ignores a drop-in outside a `<unit>.d/` directory, and
 * Ignition reads `permissions` as a YAML integer, so `640` (no leading zero) becomes mode 01200.
 */

/** Locations and access of the proxy files on a node. */
export interface NodeProxyFileOptions {
  /**
   * containerd drop-in (image pulls go through the proxy).
   *
   * @default '/etc/systemd/system/containerd.service.d/http-proxy.conf'
   */
  readonly containerdDropInPath?: string;
  /**
   * kubelet drop-in (the in-tree cloud providers' API calls go through the proxy). The kubelet's
   * own drop-in directory may be `/usr/lib/systemd/system/kubelet.service.d` on some images; a
   * drop-in in `/etc/systemd/system/kubelet.service.d` applies on all of them.
   *
   * @default '/etc/systemd/system/kubelet.service.d/http-proxy.conf'
   */
  readonly kubeletDropInPath?: string;
  /**
   * Shell file with `export NAME='value'` lines, sourced by the preKubeadmCommands so kubeadm, and
   * through it the control-plane static pods, get the proxy.
   *
   * @default '/etc/cluster-proxy/proxy-env.sh'
   */
  readonly envFilePath?: string;
  /**
   * Owner of the three files, `user` or `user:group`.
   *
   * @default 'root:root'
   */
  readonly owner?: string;
  /**
   * Octal mode of the three files (three digits, optional leading zero). World-writable modes are
   * always refused; world-readable ones too when the proxy URLs carry credentials.
   *
   * @default '0640'
   */
  readonly permissions?: string;
}

/** {@link NodeProxyFileOptions} validated, defaults applied, `permissions` normalized to `0nnn`. */
export interface ResolvedNodeProxyFiles {
  /** containerd drop-in path. */
  readonly containerdDropInPath: string;
  /** kubelet drop-in path. */
  readonly kubeletDropInPath: string;
  /** Path of the sourced `export` file. */
  readonly envFilePath: string;
  /** `user` or `user:group`. */
  readonly owner: string;
  /** Octal mode, `0nnn`. */
  readonly permissions: string;
}

/** Default locations. */
export const DEFAULT_NODE_PROXY_FILES: ResolvedNodeProxyFiles = Object.freeze({
  containerdDropInPath: '/etc/systemd/system/containerd.service.d/http-proxy.conf',
  kubeletDropInPath: '/etc/systemd/system/kubelet.service.d/http-proxy.conf',
  envFilePath: '/etc/cluster-proxy/proxy-env.sh',
  owner: 'root:root',
  permissions: '0640',
});

/** Conservative path alphabet: safe unquoted in YAML, cloud-init, Ignition and (quoted) in sh. */
const PATH = /^(\/[A-Za-z0-9._@-]+)+$/;
const DROP_IN = /\/[A-Za-z0-9_.@-]+\.service\.d\/[A-Za-z0-9_.@-]+\.conf$/;
const OWNER_NAME = '[a-z_][a-z0-9_-]{0,31}';
const OWNER = new RegExp(`^${OWNER_NAME}(:${OWNER_NAME})?$`);
const MODE = /^0?[0-7]{3}$/;

/**
 * Validate and complete the file options. `hasCredentials` tightens the mode check: a file holding
 * a proxy password must not be readable by every local user.
 */
export function resolveNodeProxyFiles(field: string, options: NodeProxyFileOptions | undefined, hasCredentials: boolean): ResolvedNodeProxyFiles {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw invalidValue(field, options, 'must be an object');
  }
  const given = options ?? {};
  const resolved: ResolvedNodeProxyFiles = {
    containerdDropInPath: parseDropInPath(`${field}.containerdDropInPath`, given.containerdDropInPath ?? DEFAULT_NODE_PROXY_FILES.containerdDropInPath),
    kubeletDropInPath: parseDropInPath(`${field}.kubeletDropInPath`, given.kubeletDropInPath ?? DEFAULT_NODE_PROXY_FILES.kubeletDropInPath),
    envFilePath: parsePath(`${field}.envFilePath`, given.envFilePath ?? DEFAULT_NODE_PROXY_FILES.envFilePath),
    owner: parseOwner(`${field}.owner`, given.owner ?? DEFAULT_NODE_PROXY_FILES.owner),
    permissions: parsePermissions(`${field}.permissions`, given.permissions ?? DEFAULT_NODE_PROXY_FILES.permissions, hasCredentials),
  };
  const paths = [resolved.containerdDropInPath, resolved.kubeletDropInPath, resolved.envFilePath];
  if (new Set(paths).size !== paths.length) {
    throw invalidValue(field, paths, 'containerdDropInPath, kubeletDropInPath and envFilePath must be three different files');
  }
  return Object.freeze(resolved);
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
