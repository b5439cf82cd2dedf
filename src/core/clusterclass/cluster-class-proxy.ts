import { inspect } from 'node:util';
import { WorkerClassSelection } from './class-targets';
import { ClassContentStyle, ClassProxyFile, DEFAULT_CLASS_CONTENT_STYLE } from './file-templates';
import { NoProxyTemplatePlan, NoProxyTemplateSlot, NoProxyTemplateStep } from './no-proxy-template';
import { DEFAULT_PROXY_VARIABLE, parseVariableName, proxyVariableDefinition } from './proxy-variable';
import { ClassNodeLayout } from './spec-patches';
import { parseTrustedCaVariable, ResolvedTrustedCaVariable, TrustedCaVariable } from './trusted-ca-variable';
import { ClassVariableShape, foreignVariableDefinition, parseVariableShape, shapeVariableName } from './variable-shapes';
import { settingsProp } from '../capi/proxy-source';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../definition/network';
import { ProxySettings } from '../definition/proxy-settings';
import { CA_FILE_PERMISSIONS, NODE_PROXY_KEY_SET, nodeProxyBootstrap, NodeProxyBootstrap, NodeProxyOptions } from '../node-files/bootstrap';
import { BootstrapFormat } from '../node-files/bootstrap-format';
import { PROXY_COMMAND_MARKER } from '../node-files/commands';
import { profileLayout } from '../node-files/compatibility-profiles';
import { NodeProxyDelivery } from '../node-files/delivery';
import { KubeadmEnvironment, NodeProxyCommands, NodeProxyFileOptions, NoProxyForm } from '../node-files/options';
import { OS_FAMILIES, OsFamily, trustedCaPath, trustStoreFor } from '../node-files/os-family';
import { resolveNodeProxyFiles } from '../node-files/resolution';
import { CLUSTER_NO_PROXY_CATEGORIES, ClusterNoProxyCategory } from '../noproxy/categories';
import { clusterNoProxyDefaults, ClusterNoProxyDefaultsOptions } from '../noproxy/cluster-defaults';
import { parseNoProxyList } from '../noproxy/parse';
import { parsedEntry } from '../noproxy/types';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { lockProperties } from '../primitives/frozen';
import { Provider } from '../primitives/providers';
import { isRecord } from '../primitives/validation/json-data';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/**
 * The class part of the proxy definition: what every cluster of a ClusterClass shares. The
 * installation-wide `ProxySettings`, the provider facts (a ClusterClass is provider-specific), the
 * NO_PROXY options and the node choices are fixed here; each Cluster brings its own network (the
 * builtin variables) and the per-cluster facts of its proxy variable.
 */

/** Input of {@link ClusterClassProxy}. */
export interface ClusterClassProxyProps extends WorkerClassSelection {
  /** The installation-wide proxy definition. */
  readonly settings: ProxySettings;
  /**
   * Infrastructure provider of the class, selecting its NO_PROXY preset.
   *
   * @default 'other'
   */
  readonly provider?: Provider;
  /**
   * Provider region (AWS regional names).
   *
   * @default - no regional entries
   */
  readonly region?: string;
  /**
   * Provider endpoints every cluster of the class reaches directly (vCenter, Prism Central...).
   *
   * @default - none
   */
  readonly providerEndpoints?: string[];
  /**
   * Switch off categories of the cluster-specific NO_PROXY defaults.
   *
   * @default - every category on
   */
  readonly noProxyDefaults?: ClusterNoProxyDefaultsOptions;
  /**
   * Cluster-specific NO_PROXY entries every cluster of the class gets (before each cluster's own).
   *
   * @default - none
   */
  readonly additionalNoProxy?: string[];
  /**
   * Bootstrap format of the class's kubeadm templates.
   *
   * @default BootstrapFormat.CLOUD_CONFIG
   */
  readonly bootstrapFormat?: BootstrapFormat;
  /**
   * Node OS family (selects the trust store for the proxy CA; required with a CA on cloud-config).
   *
   * @default - OsFamily.FLATCAR with Ignition; none otherwise
   */
  readonly osFamily?: OsFamily;
  /**
   * Locations, owner and mode of the proxy files on the nodes.
   *
   * @default - see NodeProxyFileOptions
   */
  readonly files?: NodeProxyFileOptions;
  /**
   * Seconds to wait for containerd after its restart.
   *
   * @default 60
   */
  readonly containerdWaitSeconds?: number;
  /**
   * Name of the ClusterClass variable (shape `library` only: the other shapes have their own).
   *
   * @default 'proxy'
   */
  readonly variableName?: string;
  /**
   * Shape of the variable: the library's own, or one that existing Clusters already set
   * (`cluster-api-book`: `httpProxy {url, noProxy}`; `tkg`: `proxy {httpProxy, httpsProxy, noProxy}`;
   * `caren`: `clusterConfig.proxy {http, https, additionalNo}`). The other shapes carry the URLs in the
   * Cluster, so they are for proxies without credentials.
   *
   * @default ClassVariableShape.LIBRARY
   */
  readonly variableShape?: ClassVariableShape;
  /**
   * Read the proxy CA from a ClusterClass variable of its own instead of carrying it in the class:
   * TKG's `trust {additionalTrustedCAs: [{name: proxy, data: <base64 PEM>}]}`. Each Cluster then
   * brings its CA (or none); the nodes get it where a CA in `settings.trustedCaPem` would go. The
   * settings must carry no CA then, and `osFamily` (the trust store) is needed for cloud-config.
   *
   * @default - the CA comes from settings.trustedCaPem, if any
   */
  readonly trustedCaVariable?: TrustedCaVariable;
}

// A class has the node choices of a cluster but its delivery: each Cluster of the class chooses that.
const { delivery: _delivery, ...NODE_CHOICE_KEY_SET } = NODE_PROXY_KEY_SET;
const CLUSTER_CLASS_PROXY_KEYS = propKeys<ClusterClassProxyProps>({
  ...NODE_CHOICE_KEY_SET,
  settings: true,
  provider: true,
  region: true,
  providerEndpoints: true,
  noProxyDefaults: true,
  additionalNoProxy: true,
  variableName: true,
  variableShape: true,
  trustedCaVariable: true,
  workerClasses: true,
  excludedWorkerClasses: true,
});

/**
 * One cluster's facts beyond the class: what a topology Cluster brings. The network fields mean
 * what they mean in {@link ClusterNetworkProps} (the pods, services and service domain are the
 * Cluster's `spec.clusterNetwork`); the provider's are the class's.
 */
export interface TopologyClusterFacts
  extends Pick<ClusterNetworkProps, 'pods' | 'services' | 'serviceDomain' | 'controlPlaneEndpoint' | 'machineCidrs' | 'dnsServiceIp'> {
  /**
   * The cluster's own extra NO_PROXY entries (names, suffixes, IPs, CIDRs; after the class's).
   *
   * @default - none
   */
  readonly additionalNoProxy?: string[];
}

/** The categories the patch templates compute per cluster (the others are fixed in the class). */
const PER_CLUSTER_CATEGORIES: ReadonlySet<ClusterNoProxyCategory> = new Set<ClusterNoProxyCategory>([
  ClusterNoProxyCategory.CLUSTER_DOMAIN, ClusterNoProxyCategory.CLUSTER_IPS, ClusterNoProxyCategory.POD_CIDRS,
  ClusterNoProxyCategory.SERVICE_CIDRS, ClusterNoProxyCategory.CONTROL_PLANE_ENDPOINT, ClusterNoProxyCategory.MACHINE_CIDRS,
]);

/** Stands in for a cluster where only the class's shape matters (file layout, fixed entries). */
const SAMPLE_NETWORK = { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] };

/**
 * The proxy of a ClusterClass: validated class options, the precomputed parts of the NO_PROXY, the
 * node file layout, and per-cluster {@link ClusterProxyConfig}s that are exactly what the class's
 * templates render for that cluster.
 */
export class ClusterClassProxy {
  /** The installation-wide settings. */
  public readonly settings: ProxySettings;
  /** The variable name. */
  public readonly variableName: string;
  /** The variable shape. */
  public readonly variableShape: ClassVariableShape;
  /**
   * The NO_PROXY template plan (installation-wide part, fixed and computed cluster parts).
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public readonly plan: NoProxyTemplatePlan;
  /**
   * The files and commands every node gets.
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public readonly layout: ClassNodeLayout;
  /**
   * Where the proxy CA comes from, when a ClusterClass variable carries it.
   *
   * @default - the class carries the CA (settings.trustedCaPem), if any
   */
  public readonly trustedCaVariable?: ResolvedTrustedCaVariable;
  /** The class options, validated. */
  public readonly props: ClusterClassProxyProps;
  /** The node-file options of the class (see {@link classFileOptions}). */
  private readonly files?: NodeProxyFileOptions;

  constructor(props: ClusterClassProxyProps) {
    if (props === null || typeof props !== 'object') {
      throw invalidValue('props', props, 'must be an object with settings');
    }
    checkProps('', props, CLUSTER_CLASS_PROXY_KEYS, 'ClusterClass proxy prop');
    this.settings = settingsProp(props.settings);
    this.variableShape = parseVariableShape('variableShape', props.variableShape);
    const libraryName = parseVariableName('variableName', props.variableName ?? DEFAULT_PROXY_VARIABLE);
    this.variableName = shapeVariableName(this.variableShape, libraryName);
    if (this.variableShape !== ClassVariableShape.LIBRARY) {
      if (props.variableName !== undefined && props.variableName !== this.variableName) {
        throw invalidValue('variableName', props.variableName, `must be unset or "${this.variableName}" with variableShape "${this.variableShape}"`);
      }
      if (this.settings.hasCredentials) {
        throw new ProxyConfigError('variableShape',
          `must be "library" when the proxy URLs carry credentials: the "${this.variableShape}" variable holds the URLs in the Cluster, in plain text; the library's shape names a Secret instead`);
      }
    }
    this.trustedCaVariable = parseTrustedCaVariable('trustedCaVariable', props.trustedCaVariable);
    if (this.trustedCaVariable?.name === this.variableName) {
      throw invalidValue('trustedCaVariable.name', this.trustedCaVariable.name, 'must differ from the proxy variable\'s name');
    }
    if (this.trustedCaVariable && this.settings.trustedCa) {
      throw new ProxyConfigError('trustedCaVariable',
        `must be unset when the settings carry trustedCaPem: the proxy CA comes either from the class or from each Cluster's "${this.trustedCaVariable.name}" variable`);
    }
    this.props = props;
    this.files = classFileOptions(props.files, this.settings.hasCredentials);
    const additional = props.additionalNoProxy === undefined ? [] : parseNoProxyList(props.additionalNoProxy, 'additionalNoProxy');
    // A sample cluster validates every class option exactly as a cluster of the class would.
    const sample = this.clusterProxy(SAMPLE_NETWORK);
    const defaults = props.noProxyDefaults ?? {};
    const fixed = clusterNoProxyDefaults(sample.network, defaults);
    // in the core engine's order
    const steps: NoProxyTemplateStep[] = CLUSTER_NO_PROXY_CATEGORIES
      .filter((category) => defaults[category] !== false)
      .flatMap((category): NoProxyTemplateStep[] => (PER_CLUSTER_CATEGORIES.has(category)
        ? [{ slot: category as NoProxyTemplateSlot }]
        : fixed.filter((item) => item.category === category).map((item) => ({ fixed: item.entry }))));
    this.plan = {
      installationWide: sample.noProxy.installationWide.map((item) => parsedEntry(item.entry)),
      steps: [...steps, ...additional.map((entry) => ({ fixed: entry })), { slot: 'clusterNoProxy' }],
      variable: this.variableName,
      ...(this.variableShape !== ClassVariableShape.LIBRARY ? { shape: this.variableShape } : {}),
    };
    this.layout = nodeLayout(sample, this.nodeOptions('cluster'), this.trustedCaVariable !== undefined);
    lockProperties(this);
  }

  /**
   * A password-free summary for `console.log` and `util.inspect`: the node layout holds the class's
   * files, which carry the credentials when the class delivers them inline.
   *
   * @jsii ignore Node.js only (a symbol-named hook other languages cannot call)
   */
  public [inspect.custom](): string {
    return `ClusterClassProxy(${this.settings.toString()} variable=${this.variableName} shape=${this.variableShape})`;
  }

  /** The `spec.variables[]` entry for the ClusterClass. */
  public variableDefinition(): { [key: string]: unknown } {
    return foreignVariableDefinition(this.variableShape) ?? proxyVariableDefinition(this.variableName);
  }

  /**
   * The {@link ClusterProxyConfig} of one cluster of the class: the class options joined with the
   * cluster's facts, in the core engine's order. Its NO_PROXY is what the class's templates render
   * for a Cluster with the same network and proxy variable.
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public clusterProxy(facts: TopologyClusterFacts): ClusterProxyConfig {
    if (!isRecord(facts)) {
      throw invalidValue('facts', facts, 'must be the cluster\'s network facts (pods, services, ...)');
    }
    const network = new ClusterNetwork({
      pods: facts.pods,
      services: facts.services,
      serviceDomain: facts.serviceDomain,
      controlPlaneEndpoint: facts.controlPlaneEndpoint,
      machineCidrs: facts.machineCidrs,
      dnsServiceIp: facts.dnsServiceIp,
      provider: this.props.provider,
      region: this.props.region,
      providerEndpoints: this.props.providerEndpoints,
    });
    const entries = [...listOf(this.props.additionalNoProxy), ...listOf(facts.additionalNoProxy)];
    return new ClusterProxyConfig(this.settings, network, {
      noProxyDefaults: this.props.noProxyDefaults,
      ...(entries.length > 0 ? { additionalNoProxy: entries } : {}),
    });
  }

  /**
   * Node options of the class for a cluster (what `nodeProxyBootstrap` takes besides the proxy).
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public nodeOptions(clusterName: string, namespace?: string): NodeProxyOptions {
    return {
      clusterName,
      ...(namespace !== undefined ? { namespace } : {}),
      bootstrapFormat: this.props.bootstrapFormat,
      osFamily: this.props.osFamily,
      files: this.files,
      containerdWaitSeconds: this.props.containerdWaitSeconds,
    };
  }
}

/**
 * The file options a class can render. Two layout choices depend on the cluster, which a class
 * patch cannot express: `export` commands carry the cluster's NO_PROXY (a command is a fixed value),
 * and a fixed Secret name needs a per-cluster revision command. Given explicitly they are refused;
 * coming from a profile, the class keeps the env file and the hashed Secret names (whose per-cluster
 * `secretName` is what rolls the machines).
 */
function classFileOptions(files: NodeProxyFileOptions | undefined, hasCredentials: boolean): NodeProxyFileOptions | undefined {
  if (files === undefined || files === null || typeof files !== 'object') {
    return files;
  }
  if (files.kubeadmEnvironment === KubeadmEnvironment.EXPORTS) {
    throw new ProxyConfigError('files.kubeadmEnvironment',
      'must not be "exports" in a ClusterClass: the export commands would carry one NO_PROXY for every cluster of the class; use "envFile" or "none"');
  }
  if (files.fixedSecretName === true) {
    throw new ProxyConfigError('files.fixedSecretName',
      'must not be true in a ClusterClass: each Cluster names its node-proxy Secret in its proxy variable, and the hashed name is what rolls its machines');
  }
  const fromProfile = files.profile === undefined ? {} : profileLayout('files.profile', files.profile, hasCredentials);
  return {
    ...files,
    ...(files.kubeadmEnvironment === undefined && fromProfile.kubeadmEnvironment === KubeadmEnvironment.EXPORTS ?
      { kubeadmEnvironment: KubeadmEnvironment.ENV_FILE as const } : {}),
    ...(fromProfile.fixedSecretName ? { fixedSecretName: false } : {}),
  };
}

function listOf(value: string | string[] | undefined): string[] {
  if (value === undefined) {
    return [];
  }
  return typeof value === 'string' ? value.split(',') : [...value];
}

/**
 * The class's files and commands, taken from `nodeProxyBootstrap` itself (both deliveries), so the
 * paths, owner, modes, order and commands are exactly `ProxiedCluster`'s; only content differs per
 * cluster. The Secret keys come from the `secret` delivery, the CA certificates from `inline`.
 */
function nodeLayout(proxy: ClusterProxyConfig, options: NodeProxyOptions, caFromVariable: boolean): ClassNodeLayout {
  const inline = nodeProxyBootstrap(proxy, { ...options, delivery: NodeProxyDelivery.INLINE });
  const secret = nodeProxyBootstrap(proxy, { ...options, delivery: NodeProxyDelivery.SECRET });
  const resolved = resolveNodeProxyFiles('files', options.files, proxy.hasCredentials);
  if (resolved.commands !== NodeProxyCommands.LIBRARY) {
    // the class's patches find the proxy's commands again by their marker
    throw invalidValue('files.commands', resolved.commands, 'must be "library" in a ClusterClass: its patches replace the proxy\'s commands by their marker');
  }
  if (resolved.noProxyForm !== NoProxyForm.EXPANDED) {
    // each Cluster's NO_PROXY is computed by the patches from its variables, not from this proxy
    throw invalidValue('files.noProxyForm', resolved.noProxyForm,
      'must be "expanded" in a ClusterClass: its patches compute each Cluster\'s NO_PROXY from the Cluster\'s variables');
  }
  // The CA files come last, in certificate order, each file after the one before.
  const firstCa = secret.files.findIndex((file) => file.contentFrom!.secret.key.startsWith('trustedCa'));
  const files: ClassProxyFile[] = secret.files.map((file, index) => {
    const secretKey = file.contentFrom!.secret.key;
    return {
      file: { path: file.path, owner: file.owner, permissions: file.permissions },
      secretKey,
      ...(secretKey.startsWith('trustedCa') ? { caPem: proxy.settings.trustedCa!.certificates[index - firstCa].pem } : {}),
    };
  });
  const style = { dropInVariables: resolved.dropInVariables, exportVariables: resolved.exportVariables, encoding: resolved.encoding };
  const isDefaultStyle = (Object.keys(style) as (keyof ClassContentStyle)[]).every((key) => style[key] === DEFAULT_CLASS_CONTENT_STYLE[key]);
  return {
    files,
    bootstrap: inline,
    ...(isDefaultStyle ? {} : { style }),
    ...(caFromVariable ? { trustedCa: variableCa(inline, resolved.owner) } : {}),
  };
}

/**
 * The CA file and command for a CA read from a Cluster variable: where `nodeProxyBootstrap` puts
 * the first certificate of a CA the settings carry, and its trust-store update right after
 * `systemctl daemon-reload` (before containerd restarts, so containerd trusts the proxy).
 */
function variableCa(bootstrap: NodeProxyBootstrap, owner: string | undefined): NonNullable<ClassNodeLayout['trustedCa']> {
  if (!bootstrap.osFamily) {
    throw new ProxyConfigError('osFamily',
      `is required with trustedCaVariable, to install the CA into the node's trust store; use one of ${OS_FAMILIES.join(', ')}`);
  }
  const store = trustStoreFor(bootstrap.osFamily);
  const reload = bootstrap.preKubeadmCommands.findIndex((command) => command.startsWith('systemctl daemon-reload '));
  return {
    file: { path: trustedCaPath(store, 1), ...(owner ? { owner } : {}), permissions: CA_FILE_PERMISSIONS },
    command: `${store.updateCommand} ${PROXY_COMMAND_MARKER}`,
    commandIndex: reload + 1,
  };
}
