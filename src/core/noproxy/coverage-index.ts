import { ipBounds } from './entry-bounds';
import { formatNoProxyEntry } from './format';
import { NoProxyEntry } from './types';

/**
 * Answers "which entry of this list covers that one?" (the meaning of `entryCoversEntry`) without
 * comparing every pair, so normalizing an installation list of 10,000 entries stays near-linear:
 *
 * - name entries: a covering domain or suffix has the covered name or one of its parent names,
 *   so each query walks the covered name's labels (at most 127) through a map;
 * - IP blocks: a covering CIDR or range starts at or before the covered block and ends at or after
 *   it; with the blocks of a family sorted by start, the latest end among the blocks starting early
 *   enough (a prefix maximum) answers it with one binary search.
 *
 * Agrees with `entryCoversEntry` on every pair (a property test checks it against the pairwise scan).
 */
export class NoProxyCoverageIndex {
  private wildcard?: NoProxyEntry;
  /**
   * The index of the first candidate of each canonical text, in one of four maps: name entries
   * without a port by name (domains and suffixes separately), IP entries without a port by address,
   * everything else by canonical text. Within one map the lookup text stands for the canonical text,
   * so each entry is hashed once.
   */
  private readonly domains = new Map<string, number>();
  private readonly suffixes = new Map<string, number>();
  private readonly ips = new Map<string, number>();
  private readonly others = new Map<string, number>();
  private readonly blocks: Record<'IPv4' | 'IPv6', SortedBlocks>;

  /**
   * @param entries the candidates that may cover others
   * @param keys their canonical texts (`formatNoProxyEntry`), when the caller has them already
   */
  constructor(private readonly entries: NoProxyEntry[], keys?: string[]) {
    const blockLists: Record<'IPv4' | 'IPv6', Block[]> = { IPv4: [], IPv6: [] };
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index];
      const key = keys?.[index] ?? formatNoProxyEntry(entry);
      const map = this.mapOf(entry);
      const text = lookupText(entry, key);
      if (map.has(text)) {
        continue; // a duplicate: the first of its canonical text stands for it
      }
      map.set(text, index);
      if (entry.kind === 'wildcard') {
        this.wildcard = this.wildcard ?? entry;
      } else if (map === this.others && (entry.kind === 'cidr' || entry.kind === 'range')) {
        const bounds = ipBounds(entry);
        if (bounds) {
          blockLists[bounds.family].push({ first: bounds.first, last: bounds.last, entry, key });
        }
      }
    }
    this.blocks = { IPv4: new SortedBlocks(blockLists.IPv4), IPv6: new SortedBlocks(blockLists.IPv6) };
  }

  /** The index of the first candidate with the canonical text `key` of `entry`, or undefined. */
  public firstIndexOf(entry: NoProxyEntry, key: string): number | undefined {
    return this.mapOf(entry).get(lookupText(entry, key));
  }

  private mapOf(entry: NoProxyEntry): Map<string, number> {
    if ((entry as { port?: number }).port !== undefined) {
      return this.others; // an entry with a port covers only its identical twin
    }
    switch (entry.kind) {
      case 'domain': return this.domains;
      case 'suffix': return this.suffixes;
      case 'ip': return this.ips;
      default: return this.others;
    }
  }

  private entryAt(index: number | undefined): NoProxyEntry | undefined {
    return index === undefined ? undefined : this.entries[index];
  }

  /**
   * A candidate covering `inner` for every client family, or undefined.
   *
   * @param excludeKey when set (normalizing a list against itself), candidates with this canonical
   *   text are skipped: they are `inner` itself or its duplicates, which the caller handles. When
   *   unset (context entries), an identical candidate covers.
   */
  public findCover(inner: NoProxyEntry, excludeKey?: string): NoProxyEntry | undefined {
    if (this.entries.length === 0) {
      return undefined; // no candidates (e.g. no context entries)
    }
    if (excludeKey === undefined) {
      const identical = this.firstIndexOf(inner, formatNoProxyEntry(inner));
      if (identical !== undefined) {
        return this.entries[identical];
      }
    }
    if (inner.kind === 'wildcard') {
      return undefined; // only an identical `*` covers `*`
    }
    if (this.wildcard) {
      return this.wildcard;
    }
    switch (inner.kind) {
      case 'domain':
      case 'suffix':
        return this.findNameCover(inner.kind, inner.name, excludeKey);
      case 'ip':
        return inner.port === undefined ? undefined : allowed(this.entryAt(this.ips.get(inner.address)), excludeKey);
      default: {
        const bounds = ipBounds(inner);
        return bounds && this.blocks[bounds.family].findCovering(bounds.first, bounds.last, excludeKey);
      }
    }
  }

  private findNameCover(kind: 'domain' | 'suffix', name: string, excludeKey: string | undefined): NoProxyEntry | undefined {
    // The name itself: a domain covers a domain or suffix of the same name; a suffix only a suffix.
    const same = allowed(this.entryAt(this.domains.get(name)), excludeKey)
      ?? (kind === 'suffix' ? allowed(this.entryAt(this.suffixes.get(name)), excludeKey) : undefined);
    if (same) {
      return same;
    }
    // Every parent name: domains and suffixes both cover all subdomains (their names differ from
    // `name`, so no exclusion applies).
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const parent = name.slice(dot + 1);
      const cover = this.entryAt(this.domains.get(parent) ?? this.suffixes.get(parent));
      if (cover) {
        return cover;
      }
    }
    return undefined;
  }
}

/** The text `entry` is found by in its map: the name or address when that stands for the canonical text `key`. */
function lookupText(entry: NoProxyEntry, key: string): string {
  if ((entry as { port?: number }).port !== undefined) {
    return key;
  }
  switch (entry.kind) {
    case 'domain': case 'suffix': return entry.name;
    case 'ip': return entry.address;
    default: return key;
  }
}

/** `candidate`, unless its canonical text is `excludeKey`. */
function allowed(candidate: NoProxyEntry | undefined, excludeKey: string | undefined): NoProxyEntry | undefined {
  return candidate && (excludeKey === undefined || formatNoProxyEntry(candidate) !== excludeKey) ? candidate : undefined;
}

interface Block {
  readonly first: bigint;
  readonly last: bigint;
  readonly entry: NoProxyEntry;
  readonly key: string;
}

/**
 * Blocks of one family sorted by start, with, for every prefix of that order, the two blocks of
 * different canonical text that end latest (the second answers when the first is the one asked about).
 */
class SortedBlocks {
  private readonly starts: bigint[];
  private readonly best: Array<Block | undefined>;
  private readonly runnerUp: Array<Block | undefined>;

  constructor(blocks: Block[]) {
    const sorted = [...blocks].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    this.starts = sorted.map((block) => block.first);
    this.best = [];
    this.runnerUp = [];
    let best: Block | undefined;
    let runnerUp: Block | undefined;
    for (const block of sorted) {
      if (!best || block.last > best.last) {
        if (best && best.key !== block.key) {
          runnerUp = best;
        }
        best = block;
      } else if (block.key !== best.key && (!runnerUp || block.last > runnerUp.last)) {
        runnerUp = block;
      }
      this.best.push(best);
      this.runnerUp.push(runnerUp);
    }
  }

  /** A block (not of canonical text `excludeKey`) that contains `first..last`, or undefined. */
  public findCovering(first: bigint, last: bigint, excludeKey?: string): NoProxyEntry | undefined {
    let low = 0;
    let high = this.starts.length; // first index whose start is > first
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.starts[middle] <= first) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    if (low === 0) {
      return undefined;
    }
    const best = this.best[low - 1];
    const candidate = best && best.key !== excludeKey ? best : this.runnerUp[low - 1];
    return candidate && candidate.last >= last ? candidate.entry : undefined;
  }
}
