import { invalidValue } from '../errors';
import { ClusterFacts, clusterNoProxyDefaults, ClusterNoProxyDefaultsOptions } from './cluster-defaults';
import { formatNoProxyEntry } from './format';
import { normalizeNoProxyItems } from './list';
import { parseNoProxyEntry, parseNoProxyList } from './parse';
import { NoProxyFormat, renderNoProxy } from './render';
import { NoProxyEntry, NoProxyItem } from './types';
import { frozen } from '../frozen';
import { propsObject } from '../validation/strict-props';

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

/** A cluster-specific entry given with the reason it is needed (as `clusterNoProxyDefaults` returns). */
export interface ReasonedNoProxyEntry {
  readonly entry: NoProxyEntry;
  readonly reason?: string;
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
   * Cluster-specific entries: a comma-separated string, or an array of entry strings and
   * already parsed entries with reasons (e.g. the result of `clusterNoProxyDefaults`).
   *
   * @default - none
   */
  readonly clusterSpecific?: string | (string | ReasonedNoProxyEntry)[];
  /**
   * Field named in errors about installation-wide entries.
   *
   * @default 'noProxy'
   */
  readonly installationWideField?: string;
  /**
   * Field named in errors about cluster-specific entries given as strings.
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
    const additional = props.additionalClusterSpecific === undefined
      ? []
      : parseNoProxyList(props.additionalClusterSpecific, 'clusterNoProxy').map((entry) => ({ entry, reason: 'user-defined cluster-specific entry' }));
    return new NoProxy({
      installationWide: props.installationWide,
      clusterSpecific: [...clusterNoProxyDefaults(facts, props.defaults), ...additional],
    });
  }

  /** The installation-wide part, normalized on its own. */
  public readonly installationWide: NoProxyItem[];
  /** The cluster-specific part, without entries the installation-wide part covers. */
  public readonly clusterSpecific: NoProxyItem[];
  /** Both parts: installation-wide first. */
  public readonly entries: NoProxyItem[];
  /** Input entries left out as duplicates or covered, with the entry covering each. */
  public readonly dropped: DroppedNoProxyItem[];

  constructor(props: NoProxyProps = {}) {
    propsObject(props);
    const installationField = props.installationWideField ?? 'noProxy';
    const installation = parseNoProxyList(props.installationWide ?? [], installationField)
      .map((entry): NoProxyItem => ({ entry, part: 'installation-wide' }));
    const cluster = parseClusterSpecific(props.clusterSpecific ?? [], props.clusterSpecificField ?? 'clusterNoProxy');
    const installationNormalized = normalizeNoProxyItems(installation, (item) => item.entry);
    this.installationWide = frozen(installationNormalized.kept);
    const clusterNormalized = normalizeNoProxyItems(cluster, (item) => item.entry, this.installationWide.map((item) => item.entry));
    this.clusterSpecific = frozen(clusterNormalized.kept);
    this.entries = frozen([...this.installationWide, ...this.clusterSpecific]);
    this.dropped = frozen([...installationNormalized.dropped, ...clusterNormalized.dropped]);
  }

  /** Render in one of the formats of `renderNoProxy` (default: the environment variable value). */
  public render(format: NoProxyFormat = NoProxyFormat.ENV): string {
    return renderNoProxy(this, format);
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

function parseClusterSpecific(value: string | ReadonlyArray<string | ReasonedNoProxyEntry>, field: string): NoProxyItem[] {
  if (typeof value === 'string') {
    return parseNoProxyList(value, field).map((entry) => ({ entry, part: 'cluster-specific' }));
  }
  if (!Array.isArray(value)) {
    throw invalidValue(field, value, 'must be a comma-separated string or an array of NO_PROXY entries');
  }
  const items = value.map((element: string | ReasonedNoProxyEntry, index): NoProxyItem => {
    if (typeof element === 'string') {
      return { entry: parseNoProxyEntry(element, `${field}[${index}]`), part: 'cluster-specific' };
    }
    return element.reason === undefined
      ? { entry: element.entry, part: 'cluster-specific' }
      : { entry: element.entry, part: 'cluster-specific', reason: element.reason };
  });
  const wildcard = items.findIndex((item) => item.entry.kind === 'wildcard');
  if (wildcard !== -1 && items.length > 1) {
    throw invalidValue(`${field}[${wildcard}]`, '*', '"*" bypasses the proxy for everything and works only as the sole entry; remove it or the other entries');
  }
  return items;
}
