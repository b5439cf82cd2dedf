import { BOOTSTRAP_FORMATS, BootstrapFormat } from './bootstrap-format';
import { nodeProxyCommands, NodeProxyCommandOptions, parseContainerdWaitSeconds } from './commands';
import { nodeFilesRevision, nodeProxyFileContents, PROXY_ENV_KEY, styledExportLines, styledVariables, trustedCaKey } from './contents';
import { NODE_PROXY_DELIVERIES, NodeProxyDelivery } from './delivery';
import { inlineFileContent, KubeadmFile } from './kubeadm-file';
import { NodeProxyCommands, NodeProxyFileOptions, NodeProxyPosition, KubeadmEnvironment } from './options';
import { OS_FAMILIES, OsFamily, parseOsFamily, trustedCaPath, trustStoreFor } from './os-family';
import { resolveNodeProxyFiles } from './resolution';
import { nodeProxySecret } from './secret';
import { systemProxyCommands } from './system-commands';
import { nodeFileEnvironments } from './system-no-proxy';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { TRUSTED_CA_SETTING } from '../definition/proxy-settings';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { frozen } from '../primitives/frozen';
import { SecretObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { LIMITS } from '../primitives/limits';
import { isSecretText, plainString } from '../primitives/secret-text';
import { parseOneOf } from '../primitives/validation/one-of';
import { PropKeys, propKeys } from '../primitives/validation/strict-props';

/** Node-level choices: delivery, bootstrap format, OS and file locations. */
export interface NodeProxyProps {
  /**
   * Inline file content, or `contentFrom` a Secret.
   *
   * @default - NodeProxyDelivery.SECRET when the proxy URLs carry credentials, otherwise NodeProxyDelivery.INLINE
   */
  readonly delivery?: NodeProxyDelivery;
  /**
   * Bootstrap format: `cloud-config` (cloud-init: Ubuntu, RHEL, Amazon Linux, Photon...) or
   * `ignition` (Flatcar).
   *
   * @default BootstrapFormat.CLOUD_CONFIG
   */
  readonly bootstrapFormat?: BootstrapFormat;
  /**
   * Node OS family; selects the trust store the proxy CA goes into, so it matters only with
   * `trustedCaPem`, and is then required for cloud-config (a wrong guess would leave the CA
   * untrusted without an error).
   *
   * @default - OsFamily.FLATCAR with Ignition; none otherwise
   */
  readonly osFamily?: OsFamily;
  /**
   * Locations, owner and mode of the proxy files on the node.
   *
   * @default - see NodeProxyFileOptions
   */
  readonly files?: NodeProxyFileOptions;
  /**
   * Seconds to wait (one retry per second) for containerd to answer after its restart, before the
   * node's bootstrap fails.
   *
   * @default 60
   */
  readonly containerdWaitSeconds?: number;
}

/** The keys of {@link NodeProxyProps}, for the props types that extend it. */
export const NODE_PROXY_KEY_SET: PropKeys<NodeProxyProps> = {
  delivery: true, bootstrapFormat: true, osFamily: true, files: true, containerdWaitSeconds: true,
};

/** Input of {@link nodeProxyBootstrap}. */
export interface NodeProxyOptions extends NodeProxyProps {
  /** Cluster name: names the Secret and labels it. */
  readonly clusterName: string;
  /**
   * Namespace of the Cluster API objects (the Secret must be in the same one).
   *
   * @default - none set (the namespace applied at deploy time)
   */
  readonly namespace?: string;
}

const NODE_PROXY_OPTIONS_KEYS = propKeys<NodeProxyOptions>({ clusterName: true, namespace: true, ...NODE_PROXY_KEY_SET });

/**
 * The node proxy for one cluster, ready to merge into KubeadmConfigSpecs: everything a
 * kubeadm-bootstrapped node needs to run behind the proxy, as the `files` and `preKubeadmCommands`
 * of a KubeadmConfigSpec (plus, in delivery `secret`, the Secret they read). The same result serves
 * the KubeadmControlPlane and every KubeadmConfigTemplate of a cluster.
 */
export interface NodeProxyBootstrap {
  /** The cluster name (validated). */
  readonly clusterName: string;
  /**
   * The namespace of the Secret and the objects that read it.
   *
   * @default - unset
   */
  readonly namespace?: string;
  /** The delivery mode in effect (defaults applied). */
  readonly delivery: NodeProxyDelivery;
  /** The bootstrap format the commands and files were checked for. */
  readonly bootstrapFormat: BootstrapFormat;
  /**
   * The OS family whose trust store takes the proxy CA.
   *
   * @default - unknown (only needed with a proxy CA)
   */
  readonly osFamily?: OsFamily;
  /** Files to add: the drop-ins, the env file and one file per proxy CA certificate. */
  readonly files: KubeadmFile[];
  /** Commands to put in `preKubeadmCommands`. */
  readonly preKubeadmCommands: string[];
  /**
   * Commands to put in a KubeadmControlPlane's `preKubeadmCommands`, where they differ from the
   * workers' (a profile's system commands).
   *
   * @default - preKubeadmCommands
   */
  readonly controlPlanePreKubeadmCommands?: string[];
  /**
   * Whether the files and commands go before or after the spec's own.
   *
   * @default NodeProxyPosition.FIRST
   */
  readonly position?: NodeProxyPosition;
  /**
   * The commands are those of the profile's system (files `commands: 'system'`): unmarked, so
   * applying the proxy again finds its commands by their text, and its files where the spec has them.
   *
   * @default false
   */
  readonly systemCommands?: boolean;
  /**
   * A command of the spec's own that the proxy's commands follow when the spec has it (where the
   * profile's system writes them, with files `commands: 'system'`).
   *
   * @default - none: `position` decides
   */
  readonly afterCommand?: string;
  /**
   * The Secret the files read, in delivery `secret`.
   *
   * @default - none (delivery `inline`)
   */
  readonly secret?: SecretObject;
}

/** Mode of the CA files: certificates are public, and non-root tools read the trust store. */
export const CA_FILE_PERMISSIONS = '0644';

/**
 * The {@link NodeProxyOptions} inside a larger props object (a construct's or component's props
 * extend them), picked field by field so unrelated props never reach `nodeProxyBootstrap`.
 */
export function nodeProxyOptionsOf(props: NodeProxyOptions): NodeProxyOptions {
  return Object.fromEntries(NODE_PROXY_OPTIONS_KEYS.map((key) => [key, props[key as keyof NodeProxyOptions]])) as unknown as NodeProxyOptions;
}

/** The bootstrap as a KubeadmControlPlane takes it: with the control plane's commands, where they differ. */
export function forControlPlane(bootstrap: NodeProxyBootstrap): NodeProxyBootstrap {
  const { controlPlanePreKubeadmCommands, ...common } = bootstrap;
  return controlPlanePreKubeadmCommands ? frozen({ ...common, preKubeadmCommands: controlPlanePreKubeadmCommands }) : bootstrap;
}

/** Validate the options and compute the node files, commands and Secret. */
export function nodeProxyBootstrap(proxy: ClusterProxyConfig, options: NodeProxyOptions): NodeProxyBootstrap {
  if (!(proxy instanceof ClusterProxyConfig)) {
    throw invalidValue('proxy', proxy, 'must be a ClusterProxyConfig');
  }
  const clusterName = assertDnsLabel('clusterName', options.clusterName);
  const namespace = options.namespace === undefined ? undefined : assertDnsLabel('namespace', options.namespace);
  const delivery = parseDelivery(options.delivery, proxy.hasCredentials);
  const bootstrapFormat = parseBootstrapFormat('bootstrapFormat', options.bootstrapFormat);
  const osFamily = resolveOsFamily(options.osFamily, bootstrapFormat, proxy.settings.trustedCa !== undefined);
  const locations = resolveNodeProxyFiles('files', options.files, proxy.hasCredentials);
  const containerdWaitSeconds = parseContainerdWaitSeconds('containerdWaitSeconds', options.containerdWaitSeconds);
  const underUsr = locations.dropIns.find((dropIn) => dropIn.path.startsWith('/usr/'));
  if (bootstrapFormat === BootstrapFormat.IGNITION && underUsr) {
    throw invalidValue('files', underUsr.path, `puts the ${underUsr.unit} drop-in under /usr, which is read-only on Flatcar (Ignition fails to write it); use /etc/systemd/system`);
  }

  const contents = nodeProxyFileContents(proxy, locations);
  const secret = delivery === NodeProxyDelivery.SECRET ? nodeProxySecret(clusterName, namespace, proxy, locations) : undefined;
  const file = (path: string, key: string, permissions: string): KubeadmFile => {
    // Key order (path, owner, permissions, content) is the emitted YAML's.
    const access = { ...(locations.owner ? { owner: locations.owner } : {}), ...(permissions ? { permissions } : {}) };
    if (secret) {
      return { path, ...access, contentFrom: { secret: { name: secret.metadata.name, key } } };
    }
    const content = contents[key];
    // Content with slots for credentials the library never sees stays text with slots: a class's
    // layout reads only paths and commands of it, and an object emitting it is refused at
    // serialization (the refusal of `SecretText`), as `assertCredentialsOnlyInSecrets` refuses it first.
    return {
      path,
      ...access,
      ...(isSecretText(content) ? { content: content as unknown as string }
        : inlineFileContent('delivery', path, content, bootstrapFormat, locations.encoding)),
    };
  };

  const trustStore = osFamily && proxy.settings.trustedCa ? trustStoreFor(osFamily) : undefined;
  const caFiles = (trustStore ? proxy.settings.trustedCa!.certificates : [])
    .map((_, index) => file(trustedCaPath(trustStore!, index + 1), trustedCaKey(index + 1), CA_FILE_PERMISSIONS));
  const system = locations.commands === NodeProxyCommands.SYSTEM ? systemProxyCommands(locations.profile!) : undefined;
  if (system && options.containerdWaitSeconds !== undefined) {
    throw new ProxyConfigError('containerdWaitSeconds', 'does not apply with files.commands "system": the system\'s commands do not wait for containerd');
  }
  const exportLines = (): string[] => {
    const environment = nodeFileEnvironments(proxy, locations).public;
    return system ? system.exportLines(styledVariables(environment, locations.exportVariables))
      : styledExportLines(environment, locations.exportVariables).map(plainString);
  };
  const commandOptions: NodeProxyCommandOptions = {
    envFilePath: locations.envFilePath,
    trustStore,
    containerdWaitSeconds,
    kubeadmEnvironment: locations.kubeadmEnvironment,
    ...(locations.kubeadmEnvironment === KubeadmEnvironment.EXPORTS ? { exportLines: exportLines() } : {}),
    ...(secret && locations.fixedSecretName ? { revision: nodeFilesRevision(proxy, locations) } : {}),
    ...(system ? { system } : {}),
  };
  const commands = nodeProxyCommands(commandOptions);
  const controlPlaneCommands = system?.controlPlaneBefore
    ? nodeProxyCommands({ ...commandOptions, system: { ...system, before: system.controlPlaneBefore } }) : undefined;
  const files = [
    ...locations.dropIns.map((dropIn) => file(dropIn.path, dropIn.secretKey, locations.permissions)),
    ...(locations.kubeadmEnvironment === KubeadmEnvironment.ENV_FILE ? [file(locations.envFilePath, PROXY_ENV_KEY, locations.permissions)] : []),
    ...caFiles,
  ];
  checkCaFileCount(files.length, caFiles.length);
  return frozen({
    clusterName,
    ...(namespace ? { namespace } : {}),
    delivery,
    bootstrapFormat,
    ...(osFamily ? { osFamily } : {}),
    files: frozen(files),
    preKubeadmCommands: frozen(commands),
    ...(controlPlaneCommands ? { controlPlanePreKubeadmCommands: frozen(controlPlaneCommands) } : {}),
    ...(locations.position === NodeProxyPosition.LAST ? { position: locations.position } : {}),
    ...(system ? { systemCommands: true } : {}),
    ...(system?.afterCommand ? { afterCommand: system.afterCommand } : {}),
    ...(secret ? { secret } : {}),
  });
}

/**
 * Each CA certificate is a file of its own (the trust stores take one certificate per file), so
 * only the CA bundle can make the proxy's files alone more than a KubeadmConfigSpec takes: refused
 * here naming the setting the certificates come from, not the spec they would be merged into.
 */
function checkCaFileCount(files: number, certificates: number): void {
  const { value, unit, reason } = LIMITS.capiFiles;
  if (files <= value) {
    return;
  }
  const others = files - certificates;
  throw new ProxyConfigError(TRUSTED_CA_SETTING, `has ${certificates} certificates, each written to a file of its own: with the node proxy's `
    + `${others} other files that is ${files} files, more than Cluster API accepts (${value} ${unit}, ${reason}); `
    + `trust only the CAs that sign the proxy's certificates (at most ${value - others})`);
}

/** Validate a bootstrap format; `undefined` means cloud-config, Cluster API's default. */
export function parseBootstrapFormat(field: string, value: unknown): BootstrapFormat {
  return parseOneOf(field, value, BOOTSTRAP_FORMATS, BootstrapFormat.CLOUD_CONFIG);
}

function parseDelivery(value: unknown, hasCredentials: boolean): NodeProxyDelivery {
  return parseOneOf('delivery', value, NODE_PROXY_DELIVERIES, hasCredentials ? NodeProxyDelivery.SECRET : NodeProxyDelivery.INLINE);
}

/**
 * Refuse delivery `inline` with credentials for the objects the library emits: the password would
 * sit in the KubeadmControlPlane and KubeadmConfigTemplates, outside any Secret.
 */
export function assertCredentialsOnlyInSecrets(bootstrap: NodeProxyBootstrap, proxy: ClusterProxyConfig): void {
  if (bootstrap.delivery === NodeProxyDelivery.INLINE && proxy.hasCredentials) {
    throw new ProxyConfigError('delivery',
      'must be "secret" when the proxy URLs carry credentials: "inline" would write the password into the KubeadmControlPlane and KubeadmConfigTemplates (got "inline")');
  }
}

/**
 * Ignition is what Flatcar boots with, and only Flatcar: Cluster API's Ignition support is built
 * and tested for it. Conversely Flatcar's coreos-cloudinit does not run `runcmd`, so with
 * cloud-config the preKubeadmCommands (and kubeadm) would never run there.
 */
function resolveOsFamily(value: unknown, format: BootstrapFormat, hasCa: boolean): OsFamily | undefined {
  const osFamily = value === undefined ? undefined : parseOsFamily('osFamily', value);
  if (format === BootstrapFormat.IGNITION) {
    if (osFamily !== undefined && osFamily !== OsFamily.FLATCAR) {
      throw invalidValue('osFamily', osFamily, 'does not boot with Ignition; bootstrapFormat "ignition" is for Flatcar (osFamily "flatcar")');
    }
    return OsFamily.FLATCAR;
  }
  if (osFamily === OsFamily.FLATCAR) {
    throw new ProxyConfigError('bootstrapFormat',
      'must be "ignition" for Flatcar nodes: Flatcar does not run cloud-config runcmd, so the preKubeadmCommands would never run (got "cloud-config")');
  }
  if (hasCa && osFamily === undefined) {
    throw new ProxyConfigError('osFamily',
      `is required when trustedCaPem is set, to install the CA into the node's trust store; use one of ${OS_FAMILIES.join(', ')}`);
  }
  return osFamily;
}
