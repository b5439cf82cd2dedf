import { ClusterFacts, clusterNoProxyDefaults, ClusterNoProxyDefaultsOptions } from './cluster-defaults';
import { formatNoProxyEntry } from './format';
import { InstallationNoProxy } from './installation-part';
import { DroppedNoProxyEntry, normalizeNoProxyItems } from './list';
import { parseNoProxyList } from './parse';
import { NoProxyFormat, renderNoProxy } from './render';
import { itemEntry, NoProxyEntry, NoProxyItem } from './types';
import { frozen } from '../primitives/frozen';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/** An input item left out of a {@link NoProxy} as a duplicate or covered, with the entry covering it. */
export interface DroppedNoProxyItem {
  /** The item left out. */
  readonly item: NoProxyItem;
  /** The entry covering it (an equal entry, for duplicates). */
  readonly coveredBy: NoProxyEntry;
}

/** The canonical entries of both parts of a {@link NoProxy} (its JSON form). */
export interface NoProxyParts {
  /** The installation-wide part. */
  readonly installationWide: string[];
  /** The cluster-specific part. */
  readonly clusterSpecific: string[];
}

/** Input of {@link NoProxy}. */
export interface NoProxyProps {
  /**
   * Installation-wide entries (corporate networks, registries), one entry per item.
   *
   * @default - none
   */
  readonly installationWide?: string[];
  /**
   * Cluster-specific entries, one entry per item (`NoProxy.forCluster` computes them from the
   * cluster's facts).
   *
   * @default - none
   */
  readonly clusterSpecific?: string[];
  /**
   * Field named in errors about installation-wide entries.
   *
   * @default 'noProxy'
   */
  readonly installationWideField?: string;
  /**
   * Field named in errors about cluster-specific entries.
   *
   * @default 'clusterNoProxy'
   */
  readonly clusterSpecificField?: string;
}

/** Input of {@link NoProxy.forCluster}. */
export interface NoProxyForClusterProps {
  /** Installation-wide entries. @default - none */
  readonly installationWide?: string[];
  /** Extra cluster-specific entries, appended after the defaults. @default - none */
  readonly additionalClusterSpecific?: string[];
  /** Switches for the default categories. @default - every category on */
  readonly defaults?: ClusterNoProxyDefaultsOptions;
}

const NO_PROXY_PROPS = propKeys<NoProxyProps>({
  installationWide: true, clusterSpecific: true, installationWideField: true, clusterSpecificField: true,
});
const FOR_CLUSTER_PROPS = propKeys<NoProxyForClusterProps>({ installationWide: true, additionalClusterSpecific: true, defaults: true });

/** The cluster-specific part of {@link NoProxyForClusterProps}: what `forCluster` computes for each cluster. */
type ClusterPartProps = Omit<NoProxyForClusterProps, 'installationWide'>;

/**
 * Both parts already computed: what `forCluster` hands the constructor in place of props (the
 * public props take entry text only; these entries are parsed, the cluster-specific ones with
 * their reasons, and the installation-wide part may be shared by many clusters).
 */
class ComputedNoProxyParts {
  constructor(public readonly installation: InstallationNoProxy, public readonly cluster: NoProxyItem[]) {}
}

/**
 * A validated, normalized NO_PROXY value in two parts: the installation-wide part, then the
 * cluster-specific part. Each part is de-duplicated and stripped of entries another entry covers
 * for every client family (first occurrence wins); cluster-specific entries already covered by
 * the installation-wide part are dropped too, but never the other way round, so that
 * `installationWide` stays usable on its own.
 *
 * Immutable; construction throws a `ProxyConfigError` naming `field[index]` for invalid entries.
 */
export class NoProxy {
  /**
   * The NO_PROXY value of one cluster: installation-wide entries, then the computed
   * cluster-specific defaults (`clusterNoProxyDefaults`), then any additional cluster-specific entries.
   */
  public static forCluster(facts: ClusterFacts, props: NoProxyForClusterProps = {}): NoProxy {
    checkProps('', props, FOR_CLUSTER_PROPS, 'NoProxy.forCluster prop');
    const cluster = clusterPart(facts, props);
    const installation = new InstallationNoProxy(parseNoProxyList(props.installationWide ?? [], DEFAULT_INSTALLATION_FIELD));
    return noProxyOfParts(new ComputedNoProxyParts(installation, cluster));
  }

  /** The installation-wide part, normalized on its own. */
  public readonly installationWide: NoProxyItem[];
  /** The cluster-specific part, without entries the installation-wide part covers. */
  public readonly clusterSpecific: NoProxyItem[];
  readonly #installation: InstallationNoProxy;
  readonly #clusterDropped: Array<DroppedNoProxyEntry<NoProxyItem>>;
  #entries?: NoProxyItem[];
  #dropped?: DroppedNoProxyItem[];
  #env?: string;

  constructor(props: NoProxyProps = {}) {
    const { installation, cluster } = props instanceof ComputedNoProxyParts ? props : partsOfProps(props);
    this.#installation = installation;
    this.installationWide = installation.items;
    const clusterNormalized = normalizeNoProxyItems(cluster, itemEntry, installation.coverage);
    this.clusterSpecific = frozen(clusterNormalized.kept);
    this.#clusterDropped = clusterNormalized.dropped;
  }

  // Both lists below copy the installation-wide part, which the clusters of a fleet share and which
  // may be long: copied when first asked for (most clusters never ask), concat rather than spread
  // (spreading a frozen array takes the slow path).

  /** Both parts: installation-wide first. */
  public get entries(): NoProxyItem[] {
    this.#entries ??= frozen(this.installationWide.concat(this.clusterSpecific));
    return this.#entries;
  }

  /** Input entries left out as duplicates or covered, with the entry covering each. */
  public get dropped(): DroppedNoProxyItem[] {
    this.#dropped ??= frozen(this.#installation.dropped.concat(this.#clusterDropped));
    return this.#dropped;
  }

  /** Render in one of the formats of `renderNoProxy` (default: the environment variable value). */
  public render(format: NoProxyFormat = NoProxyFormat.ENV): string {
    if (format !== NoProxyFormat.ENV) {
      return renderNoProxy(this, format);
    }
    // the installation-wide part's tokens are rendered once, for every cluster sharing it
    this.#env ??= this.#installation.env.valueWith(this.clusterSpecific);
    return this.#env;
  }

  /** The environment variable value. */
  public toString(): string {
    return this.render(NoProxyFormat.ENV);
  }

  /** Canonical entries of both parts (for logs and JSON output). */
  public toJSON(): NoProxyParts {
    return {
      installationWide: this.installationWide.map((item) => formatNoProxyEntry(item.entry)),
      clusterSpecific: this.clusterSpecific.map((item) => formatNoProxyEntry(item.entry)),
    };
  }
}

const DEFAULT_INSTALLATION_FIELD = 'noProxy';

/** Both parts of the public props, parsed; errors name the fields the props give. */
function partsOfProps(props: NoProxyProps): ComputedNoProxyParts {
  // a key of another props type (`additionalClusterSpecific` belongs to forCluster) would drop
  // entries silently, and that traffic would go through the proxy
  checkProps('', props, NO_PROXY_PROPS, 'NoProxy prop');
  const installationField = props.installationWideField ?? DEFAULT_INSTALLATION_FIELD;
  const installation = new InstallationNoProxy(parseNoProxyList(props.installationWide ?? [], installationField));
  const cluster = parseNoProxyList(props.clusterSpecific ?? [], props.clusterSpecificField ?? 'clusterNoProxy')
    .map((entry): NoProxyItem => ({ entry, part: 'cluster-specific' }));
  return new ComputedNoProxyParts(installation, cluster);
}

/** The reason of a cluster-specific entry the user gave (`additionalClusterSpecific`), not computed. */
export const USER_CLUSTER_ENTRY_REASON = 'user-defined cluster-specific entry';

/** The cluster-specific items `forCluster` computes: the defaults for the facts, then the additional entries. */
function clusterPart(facts: ClusterFacts, props: ClusterPartProps): NoProxyItem[] {
  const additional = props.additionalClusterSpecific === undefined
    ? []
    : parseNoProxyList(props.additionalClusterSpecific, 'clusterNoProxy').map((entry) => ({ entry, reason: USER_CLUSTER_ENTRY_REASON }));
  return [...clusterNoProxyDefaults(facts, props.defaults), ...additional]
    .map(({ entry, reason }): NoProxyItem => ({ entry, part: 'cluster-specific', reason }));
}

// the constructor's own path for computed parts; nothing outside this module can make them
function noProxyOfParts(parts: ComputedNoProxyParts): NoProxy {
  return new NoProxy(parts as unknown as NoProxyProps);
}

/**
 * {@link NoProxy.forCluster} with the installation-wide part already normalized, so that the
 * clusters of one installation share it (`ProxySettings` holds it). A function of the module, not a
 * member of the class: the library's own path, not part of the public surface.
 */
export function noProxyForClusterOf(installation: InstallationNoProxy, facts: ClusterFacts, props: ClusterPartProps = {}): NoProxy {
  return noProxyOfParts(new ComputedNoProxyParts(installation, clusterPart(facts, props)));
}
