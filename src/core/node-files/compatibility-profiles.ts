import { CompatibilityProfileName } from './compatibility-profile-name';
import type { NodeProxyFileOptions } from './options';
import { VariableStyle, NodeProxyPosition, KubeadmEnvironment, NodeFileEncoding } from './options';
import { frozen } from '../primitives/frozen';
import { parseOneOf } from '../primitives/validation/one-of';

/**
 * Compatibility profiles: the node-file layout of the systems teams migrate from, as data. Each
 * reproduces what that system writes on a node where its choice is harmless (paths, units, owner,
 * mode, encoding, variable spelling and order, position of the proxy's entries). Where its choice is
 * harmful the library keeps its own behaviour, and the profile says so in `kept`: that list is
 * what the migration pages (docs/migration/) show as "differences and why".
 *
 * Sources: the systems' public code and documentation (tanzu-framework providers/ytt, Giant Swarm's
 * `cluster` chart and cluster-apps-operator, CAREN's httpproxy handler, EKS Anywhere's
 * pkg/clusterapi and provider templates).
 */

/** One point where the library deliberately differs from the system, and why. */
export interface CompatibilityDifference {
  /** What differs (e.g. `containerd restart`). */
  readonly point: string;
  /** What the system writes. */
  readonly theirs: string;
  /** What the library writes instead. */
  readonly ours: string;
  /** Why the system's choice is harmful. */
  readonly why: string;
}

/** A system's node-file layout. */
export interface CompatibilityProfile {
  /** Profile name. */
  readonly name: CompatibilityProfileName;
  /** The system, as its users call it. */
  readonly system: string;
  /** Choices applied always. */
  readonly layout: NodeProxyFileOptions;
  /**
   * Choices applied only when the proxy URLs carry no credentials (with credentials they would
   * expose the password, so the library's own choice stays).
   */
  readonly withoutCredentials: NodeProxyFileOptions;
  /** Where the library keeps its own behaviour, and why. */
  readonly kept: CompatibilityDifference[];
}

/** Differences every profile shares: the library's commands, escaping and credentials. */
const COMMON: CompatibilityDifference[] = [
  {
    point: '`%` in a proxy URL',
    theirs: 'written as is into `Environment=`',
    ours: 'doubled (`%%`)',
    why: 'systemd reads `%4` as a specifier and drops the whole assignment, so containerd runs without the proxy (docker/for-linux#1149, systemd#9842)',
  },
  {
    point: 'containerd restart',
    theirs: 'restart without waiting, or no restart',
    ours: '`systemctl daemon-reload`, `systemctl restart containerd`, then a bounded wait until containerd answers',
    why: "kubeadm's preflight fails on a containerd that is still starting; without a restart a containerd started before the drop-in was written pulls without the proxy",
  },
  {
    point: 'command marker',
    theirs: 'plain commands',
    ours: 'each proxy command ends with `# cluster-proxy-constructs`',
    why: 'applying the proxy again must replace its commands instead of adding a second copy',
  },
  {
    point: 'credentials',
    theirs: 'inline in `files[].content` (and commands) of the KubeadmControlPlane and KubeadmConfigTemplates',
    ours: 'with credentials, every file is `contentFrom` the node-proxy Secret',
    why: 'anyone who can read the Cluster API objects (or controller logs) would read the proxy password',
  },
];

/** TKG's node files, the same for plan-based and ClusterClass-based clusters. */
const TKG_FILES: Pick<CompatibilityProfile, 'layout' | 'withoutCredentials'> = {
  layout: {
    kubeletDropInPath: '/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf',
    dropInVariables: VariableStyle.UPPER_ONLY,
    exportVariables: VariableStyle.UPPER_ONLY,
    position: NodeProxyPosition.LAST,
  },
  withoutCredentials: { kubeadmEnvironment: KubeadmEnvironment.EXPORTS },
};

/** The profiles by name (each profile carries its name as well). */
const PROFILES: Readonly<Record<CompatibilityProfileName, Omit<CompatibilityProfile, 'name'>>> = {
  'tkg': {
    system: 'VMware TKG (plan-based clusters, TKG_HTTP_PROXY)',
    ...TKG_FILES,
    kept: [
      ...COMMON,
      {
        point: 'control-plane containerd restart',
        theirs: '`systemctl stop containerd`, `systemctl start containerd`',
        ours: '`systemctl restart containerd` (the same effect) and the wait',
        why: 'one command list for control plane and workers',
      },
      {
        point: 'proxy CA',
        theirs: 'one file `/etc/ssl/certs/tkg-custom-ca.pem` (`encoding: base64`), shared with the registry CA',
        ours: "one file per certificate in the node OS's trust store, then its update command",
        why: 'a bundle in one file gets only its first certificate hashed by update-ca-certificates; one slot cannot hold both the proxy and the registry CA (tanzu-framework#1966)',
      },
    ],
  },
  'tkg-clusterclass': {
    system: 'VMware TKG (ClusterClass `proxy` variable)',
    ...TKG_FILES,
    kept: [
      ...COMMON,
      {
        point: 'export quoting',
        theirs: '`export HTTP_PROXY=value` (unquoted)',
        ours: "`export HTTP_PROXY='value'` (single-quoted, `'` as `'\\''`)",
        why: 'an unquoted `&`, `;`, `$` or space in a URL or NO_PROXY breaks the bootstrap script or runs part of it as a command',
      },
      {
        point: 'proxy CA from the `trust` variable',
        theirs: '`/etc/ssl/certs/tkg-custom-ca.pem` (0444, the entry\'s base64 as is), moved into the trust store at boot by `which`-guarded commands for every OS',
        ours: "with `trustedCaVariable`, the same variable read into the node OS's trust store file (0644) and its update command, where a CA of the settings goes",
        why: 'the node files are the same wherever the CA comes from, and the data is checked to be certificates only: a private key pasted into the entry would otherwise land on every node',
      },
    ],
  },
  'giantswarm': {
    system: "Giant Swarm (cluster chart, cluster-apps-operator's `<cluster>-systemd-proxy`)",
    layout: {
      dropInUnits: ['containerd', 'kubelet', 'teleport'],
      dropInVariables: VariableStyle.UPPER_THEN_LOWER,
      exportVariables: VariableStyle.UPPER_THEN_LOWER,
      encoding: NodeFileEncoding.BASE64,
      omitOwner: true,
      fixedSecretName: true,
    },
    withoutCredentials: { permissions: '0644', kubeadmEnvironment: KubeadmEnvironment.EXPORTS },
    kept: [
      ...COMMON,
      {
        point: 'file mode with credentials',
        theirs: '`0644`',
        ours: '`0640`',
        why: 'the drop-ins then hold the password, and 0644 lets every local user read it',
      },
      {
        point: 'export quoting',
        theirs: '`export HTTP_PROXY=value` (unquoted proxy URLs)',
        ours: "`export HTTP_PROXY='value'` (single-quoted)",
        why: 'an unquoted `&`, `;`, `$` or space in a URL breaks the bootstrap script or runs part of it as a command',
      },
      {
        point: 'NO_PROXY of the systemd-proxy Secret',
        theirs: 'cluster-apps-operator renders only the installation-wide noProxy into it (no pod/service CIDRs, no API server)',
        ours: "the cluster's complete NO_PROXY, the same in every file",
        why: 'containerd and the kubelet would send in-cluster traffic (registries on service IPs, the API server) to the proxy',
      },
      {
        point: 'template escaping',
        theirs: 'html/template (cluster-apps-operator)',
        ours: 'systemd escaping only',
        why: "HTML-escaping turns `&`, `'`, `\"`, `+`, `<` and `>` in a password into entities, so the proxy rejects it",
      },
    ],
  },
  'caren': {
    system: 'Nutanix CAREN (`clusterConfig.proxy`)',
    layout: {
      owner: 'root',
      kubeadmEnvironment: KubeadmEnvironment.NONE,
      position: NodeProxyPosition.LAST,
    },
    withoutCredentials: {},
    kept: [
      ...COMMON.filter((difference) => difference.point !== 'containerd restart'),
      {
        point: 'containerd restart',
        theirs: 'a script `/etc/caren/containerd/restart.sh` (conditional daemon-reload, restart, wait for `crictl info` up to 60 s)',
        ours: 'the same steps as preKubeadmCommands: `systemctl daemon-reload`, `systemctl restart containerd`, a wait for `ctr version`',
        why: 'no extra script file to keep in sync; the effect is the same',
      },
    ],
  },
  'eks-anywhere': {
    system: 'EKS Anywhere (`Cluster.spec.proxyConfiguration`)',
    layout: {
      dropInUnits: ['containerd'],
      dropInVariables: VariableStyle.UPPER_ONLY,
      kubeadmEnvironment: KubeadmEnvironment.NONE,
    },
    withoutCredentials: { omitPermissions: true },
    kept: [
      ...COMMON,
      {
        point: 'file mode with credentials',
        theirs: 'no `permissions` (cloud-init writes 0644)',
        ours: '`0640`',
        why: 'the drop-in then holds the password, and 0644 lets every local user read it',
      },
      {
        point: 'final newline',
        theirs: '`pkg/clusterapi` (the Snow provider\'s path) ends the drop-in after the NO_PROXY line, without a newline; the provider templates end it with one',
        ours: 'every file ends with a newline',
        why: 'not harmful either way (systemd reads both alike); text files end with a newline, so this byte stays',
      },
      {
        point: 'sudo',
        theirs: '`sudo systemctl daemon-reload`, `sudo systemctl restart containerd`',
        ours: 'the commands without `sudo`',
        why: 'preKubeadmCommands run as root already; a node without sudo would fail',
      },
    ],
  },
};

/** Every profile name, in documentation order. */
export const COMPATIBILITY_PROFILE_NAMES: CompatibilityProfileName[] = frozen(Object.keys(PROFILES) as CompatibilityProfileName[]);

/** The profile of that name (refuses unknown names, naming the field). */
export function compatibilityProfile(name: unknown, field = 'profile'): CompatibilityProfile {
  const parsed = parseOneOf(field, name, COMPATIBILITY_PROFILE_NAMES);
  return { name: parsed, ...PROFILES[parsed] };
}

/** The file options a profile stands for, given whether the proxy URLs carry credentials. */
export function profileLayout(field: string, name: unknown, hasCredentials: boolean): NodeProxyFileOptions {
  const profile = compatibilityProfile(name, field);
  return { ...profile.layout, ...(hasCredentials ? {} : profile.withoutCredentials) };
}
