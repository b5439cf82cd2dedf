import type { CompatibilityProfileName } from './compatibility-profile-name';

/**
 * Where the proxy files go on a node, who owns them and their mode. Validated here because a bad
 * value breaks a node silently: systemd ignores a drop-in outside a `<unit>.d/` directory, and
 * Ignition reads `permissions` as a YAML integer, so `640` (no leading zero) becomes mode 01200.
 */

/**
 * How a drop-in or the `export` lines spell the proxy variables:
 *  - `pairs`: `HTTP_PROXY`, `http_proxy`, `HTTPS_PROXY`, `https_proxy`, `NO_PROXY`, `no_proxy`;
 *  - `upperThenLower`: the three upper-case names, then the three lower-case ones;
 *  - `upperOnly`: the upper-case names only (Go programs such as containerd and the kubelet read
 *    both spellings; curl reads only the lower-case `http_proxy`).
 */
export enum VariableStyle {
  /** Each variable upper-case then lower-case: `HTTP_PROXY`, `http_proxy`, ... */
  PAIRS = 'pairs',
  /** The three upper-case names, then the three lower-case ones. */
  UPPER_THEN_LOWER = 'upperThenLower',
  /** The upper-case names only. */
  UPPER_ONLY = 'upperOnly',
}

/**
 * How kubeadm (and, through it, the control-plane static pods) gets the proxy:
 *  - `envFile`: a file of `export` lines, sourced by a preKubeadmCommand (works with credentials:
 *    the file can come from the Secret);
 *  - `exports`: `export NAME='value'` preKubeadmCommands, no file; refused when the URLs carry
 *    credentials (the commands sit in the KubeadmControlPlane and KubeadmConfigTemplates);
 *  - `none`: kubeadm runs without proxy variables (image pulls still go through containerd).
 */
export enum KubeadmEnvironment {
  /** A file of `export` lines, sourced before kubeadm. */
  ENV_FILE = 'envFile',
  /** `export` preKubeadmCommands, no file (refused with credentials). */
  EXPORTS = 'exports',
  /** kubeadm runs without proxy variables. */
  NONE = 'none',
}

/** Where the proxy's files and commands go relative to the spec's own: before or after them. */
export enum NodeProxyPosition {
  /** Before the spec's own files and commands. */
  FIRST = 'first',
  /** After the spec's own files and commands. */
  LAST = 'last',
}

/** Encoding of inline file content: as it is, or `base64` (the bootstrap decodes it). */
export enum NodeFileEncoding {
  /** File content as it is. */
  PLAIN = 'plain',
  /** Base64 content that the bootstrap decodes. */
  BASE64 = 'base64',
}

/**
 * How the node files write NO_PROXY:
 *  - `expanded`: the library's value, the one every other renderer writes: each entry in the forms
 *    every client family reads (`example.com` and `.example.com`, a CIDR and its address range),
 *    with the cluster's computed entries;
 *  - `given`: each entry once, as written, in the order the system of the compatibility profile
 *    composes its list (its own fixed entries, the cluster's CIDRs and endpoint, the installation's
 *    entries), or without a profile the installation's entries then the cluster's; nothing added;
 *  - `sorted`: the entries of `given`, sorted.
 * `given` and `sorted` exist to adopt a running cluster without rolling its machines: the files
 * then hold the bytes the system wrote. Some clients read the list differently from the expanded
 * one (Node's http reads address ranges, not CIDRs; proxy-from-env and Node take `example.com` as
 * that host only), which `cluster-proxy import` lists destination by destination.
 */
export enum NoProxyForm {
  /** The library's value, in every form the clients read. */
  EXPANDED = 'expanded',
  /** Each entry once, as written, in the system's order. */
  GIVEN = 'given',
  /** The entries of `given`, sorted. */
  SORTED = 'sorted',
}

/**
 * Which commands activate the proxy files:
 *  - `library`: the library's (`systemctl daemon-reload`, `systemctl restart containerd`, a bounded
 *    wait until containerd answers, then the proxy for kubeadm), each marked as the library's;
 *  - `system`: the commands the profile's system writes, as it writes them (no wait, its own
 *    `export` quoting where the value is safe unquoted, nothing marked), to adopt a running cluster.
 */
export enum NodeProxyCommands {
  /** The library's commands, with the bounded containerd wait, marked. */
  LIBRARY = 'library',
  /** The profile's system's commands, as it writes them. */
  SYSTEM = 'system',
}

/** Locations and access of the proxy files on a node. */
export interface NodeProxyFileOptions {
  /**
   * A compatibility profile: the node-file layout of another system (TKG, Giant Swarm, CAREN,
   * EKS Anywhere), applied beneath the options given here. Where that system's choice is harmful
   * (credentials readable by every user, an unquoted or inline password) the library's own
   * behaviour stays; see the compatibility profiles in docs/migration.md.
   *
   * @default - none: the library's own layout
   */
  readonly profile?: CompatibilityProfileName;
  /**
   * systemd units (names without `.service`) that get a proxy drop-in: `containerd` and `kubelet`
   * at their paths below, any other unit at `<dropInDirectory>/<unit>.service.d/<dropInFileName>`
   * (e.g. `teleport`). A drop-in for a unit a node does not have is ignored by systemd. With
   * credentials, the units that run kubeadm (cloud-init's `cloud-init-local`, `cloud-init`,
   * `cloud-config`, `cloud-final`; `kubeadm` under Ignition) are refused unless
   * `kubeadmCredentials` is set: kubeadm would copy the password into the static pods.
   *
   * @default ['containerd', 'kubelet']
   */
  readonly dropInUnits?: string[];
  /**
   * Directory of the drop-ins of units other than containerd and kubelet.
   *
   * @default '/etc/systemd/system'
   */
  readonly dropInDirectory?: string;
  /**
   * File name of the drop-ins of units other than containerd and kubelet.
   *
   * @default 'http-proxy.conf'
   */
  readonly dropInFileName?: string;
  /**
   * How the drop-ins spell the variables.
   *
   * @default VariableStyle.PAIRS
   */
  readonly dropInVariables?: VariableStyle;
  /**
   * How the drop-ins and the env file or `export` commands write NO_PROXY. `given` and `sorted`
   * reproduce the bytes a system wrote (with `profile`, in that system's order), to adopt a
   * running cluster without rolling its machines; new clusters keep `expanded`.
   *
   * @default NoProxyForm.EXPANDED
   */
  readonly noProxyForm?: NoProxyForm;
  /**
   * Write each proxy URL's port only where the URL as given writes it (`http://proxy.corp`), as
   * the system being adopted did, instead of always (`http://proxy.corp:80`). Clients disagree on
   * a missing port (curl assumes 1080), so new clusters keep it written.
   *
   * @default false
   */
  readonly urlPortAsGiven?: boolean;
  /**
   * The library's commands, or those of the profile's system (needs `profile`): what its nodes
   * already run, so adopting a cluster rolls no machine. The system's commands do not wait for
   * containerd (so `containerdWaitSeconds` does not apply) and carry no marker; applying the proxy
   * again recognises them by their text.
   *
   * @default NodeProxyCommands.LIBRARY
   */
  readonly commands?: NodeProxyCommands;
  /**
   * How kubeadm gets the proxy.
   *
   * @default KubeadmEnvironment.ENV_FILE
   */
  readonly kubeadmEnvironment?: KubeadmEnvironment;
  /**
   * Give kubeadm the proxy URLs **with** their credentials. kubeadm copies every non-empty variable
   * whose name ends in `_proxy` into the kube-apiserver, kube-controller-manager and kube-scheduler
   * static pod manifests, where anyone who can read pods in kube-system reads them. So by default
   * kubeadm gets the URLs without credentials (containerd and kubelet keep theirs in their root-only
   * drop-ins): control-plane components then reach an authenticating proxy without credentials, so
   * what they fetch through it (OIDC discovery, external webhooks) needs the proxy to let the
   * control-plane nodes through by address, or to be in NO_PROXY. `true` restores the copying, at
   * the cost of the password in every static pod spec.
   *
   * @default false
   */
  readonly kubeadmCredentials?: boolean;
  /**
   * How the env file or the `export` commands spell the variables.
   *
   * @default VariableStyle.PAIRS
   */
  readonly exportVariables?: VariableStyle;
  /**
   * Where the proxy's files and commands go relative to the spec's own. Commands a user runs
   * before the proxy's (`last`) run without it, and before containerd has restarted.
   *
   * @default NodeProxyPosition.FIRST
   */
  readonly position?: NodeProxyPosition;
  /**
   * Encoding of inline content (files read from the Secret are never encoded).
   *
   * @default NodeFileEncoding.PLAIN
   */
  readonly encoding?: NodeFileEncoding;
  /**
   * Leave `owner` out of the file entries (the bootstrap's default, root, applies).
   *
   * @default false
   */
  readonly omitOwner?: boolean;
  /**
   * Leave `permissions` out of the file entries (cloud-init's default, 0644, applies). Refused
   * when the proxy URLs carry credentials: the files would be readable by every local user.
   *
   * @default false
   */
  readonly omitPermissions?: boolean;
  /**
   * Name the node-proxy Secret `<cluster>-systemd-proxy`, without the content hash (the name
   * existing charts mount). The Secret is then mutable, and the KubeadmControlPlane and templates
   * carry a revision command instead, a hash of the node files without credentials: a new URL,
   * NO_PROXY or CA still rolls the machines, but a password change alone updates the Secret only
   * and rolls nothing until the credentials revision changes.
   *
   * @default false
   */
  readonly fixedSecretName?: boolean;
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
