import { ipBounds } from './entry-bounds';
import { formatNoProxyEntry } from './format';
import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';

/**
 * Answers "which entry of this list covers that one?" (see `findCover`) without comparing every
 * pair, so normalizing an installation list of 10,000 entries stays near-linear:
 *
 * - name entries: a covering domain or suffix has the covered name or one of its parent names,
 *   so each query walks the covered name's labels (at most 127) through a map;
 * - IP blocks: a covering CIDR or range starts at or before the covered block and ends at or after
 *   it; with the blocks of a family sorted by start, the latest end among the blocks starting early
 *   enough (a prefix maximum) answers it with one binary search.
 *
 * A property test checks that longer lists agree with asking each candidate alone.
 */
export class NoProxyCoverageIndex {
  private wildcard?: ParsedNoProxyEntry;
  /**
   * The index of the first candidate of each canonical text, in one of four maps: name entries
   * without a port by name (domains and suffixes separately), IP entries without a port by address,
   * everything else by canonical text. Within one map the lookup text stands for the canonical text,
   * so each entry is hashed once, and most never need their canonical text written out.
   */
  private readonly domains = new Map<string, number>();
  private readonly suffixes = new Map<string, number>();
  private readonly ips = new Map<string, number>();
  private readonly others = new Map<string, number>();
  /** For each candidate, the index of the first candidate of the same canonical text. */
  private readonly firstOfText: number[];
  private readonly blocks: Record<'IPv4' | 'IPv6', SortedBlocks>;

  /** @param entries the candidates that may cover others */
  constructor(private readonly entries: ParsedNoProxyEntry[]) {
    const blockLists: Record<'IPv4' | 'IPv6', Block[]> = { IPv4: [], IPv6: [] };
    this.firstOfText = new Array(entries.length);
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index];
      const { map, text } = this.slotOf(entry);
      const first = map.get(text);
      if (first !== undefined) {
        this.firstOfText[index] = first; // a duplicate: the first of its canonical text stands for it
        continue;
      }
      map.set(text, index);
      this.firstOfText[index] = index;
      if (entry.kind === NoProxyEntryKind.WILDCARD) {
        this.wildcard = this.wildcard ?? entry;
      } else if (map === this.others && (entry.kind === NoProxyEntryKind.CIDR || entry.kind === NoProxyEntryKind.RANGE)) {
        const bounds = ipBounds(entry);
        if (bounds) {
          blockLists[bounds.family].push({ first: bounds.first, last: bounds.last, index });
        }
      }
    }
    this.blocks = { IPv4: new SortedBlocks(blockLists.IPv4), IPv6: new SortedBlocks(blockLists.IPv6) };
  }

  /** The index of the first candidate of the same canonical text as candidate `index` (`index` itself, unless a duplicate). */
  public firstOccurrence(index: number): number {
    return this.firstOfText[index];
  }

  /** The index of the first candidate of the same canonical text as `entry`, or undefined. */
  public firstIndexOf(entry: ParsedNoProxyEntry): number | undefined {
    const { map, text } = this.slotOf(entry);
    return map.get(text);
  }

  /**
   * A candidate covering `inner` for every client family, or undefined. A candidate covers `inner`
   * when whatever `inner` (rendered) lets bypass the proxy in some modelled client, the candidate
   * (rendered) already does in that client. So a suffix covers deeper names, a domain covers its
   * subdomains, a CIDR or range covers smaller blocks of its family, and an entry without a port
   * covers the same entry with a port. An IP is *not* covered by a CIDR containing it: wget,
   * urllib, proxy-from-env and Node 24 fetch ignore CIDRs but honour single IPs. An entry with a
   * port covers only itself.
   *
   * @param excludeIndex when set (normalizing a list against itself, `inner` being candidate
   *   `excludeIndex`), that candidate is skipped: it and its duplicates are `inner`'s own text, which
   *   the caller handles. When unset (context entries), an identical candidate covers.
   */
  public findCover(inner: ParsedNoProxyEntry, excludeIndex?: number): ParsedNoProxyEntry | undefined {
    if (this.entries.length === 0) {
      return undefined; // no candidates (e.g. no context entries)
    }
    if (excludeIndex === undefined) {
      const identical = this.firstIndexOf(inner);
      if (identical !== undefined) {
        return this.entries[identical];
      }
    }
    if (inner.kind === NoProxyEntryKind.WILDCARD) {
      return undefined; // only an identical `*` covers `*`
    }
    if (this.wildcard) {
      return this.wildcard;
    }
    switch (inner.kind) {
      case NoProxyEntryKind.DOMAIN:
      case NoProxyEntryKind.SUFFIX:
        return this.findNameCover(inner.kind, inner.name, excludeIndex);
      case NoProxyEntryKind.IP:
        return inner.port === undefined ? undefined : this.allowed(this.ips.get(inner.address), excludeIndex);
      default: {
        const bounds = ipBounds(inner);
        const found = bounds && this.blocks[bounds.family].findCovering(bounds.first, bounds.last, excludeIndex);
        return found === undefined ? undefined : this.entries[found];
      }
    }
  }

  private findNameCover(kind: 'domain' | 'suffix', name: string, excludeIndex: number | undefined): ParsedNoProxyEntry | undefined {
    // The name itself: a domain covers a domain or suffix of the same name; a suffix only a suffix.
    const same = this.allowed(this.domains.get(name), excludeIndex)
      ?? (kind === 'suffix' ? this.allowed(this.suffixes.get(name), excludeIndex) : undefined);
    if (same) {
      return same;
    }
    // Every parent name: domains and suffixes both cover all subdomains (their names differ from
    // `name`, so no exclusion applies).
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const parent = name.slice(dot + 1);
      const cover = this.domains.get(parent) ?? this.suffixes.get(parent);
      if (cover !== undefined) {
        return this.entries[cover];
      }
    }
    return undefined;
  }

  /** Candidate `index`, unless it is the excluded one. */
  private allowed(index: number | undefined, excludeIndex: number | undefined): ParsedNoProxyEntry | undefined {
    return index === undefined || index === excludeIndex ? undefined : this.entries[index];
  }

  /** The map `entry` is kept in, and the text it is found by there: its name or address where that stands for its canonical text. */
  private slotOf(entry: ParsedNoProxyEntry): { readonly map: Map<string, number>; readonly text: string } {
    if ((entry as { port?: number }).port === undefined) {
      switch (entry.kind) {
        case NoProxyEntryKind.DOMAIN: return { map: this.domains, text: entry.name };
        case NoProxyEntryKind.SUFFIX: return { map: this.suffixes, text: entry.name };
        case NoProxyEntryKind.IP: return { map: this.ips, text: entry.address };
      }
    }
    return { map: this.others, text: formatNoProxyEntry(entry) }; // an entry with a port covers only its identical twin
  }
}

interface Block {
  readonly first: bigint;
  readonly last: bigint;
  /** The candidate's index; blocks are first occurrences, so no two have the same canonical text. */
  readonly index: number;
}

/**
 * Blocks of one family sorted by start, with, for every prefix of that order, the two blocks that
 * end latest (the second answers when the first is the one asked about).
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
        runnerUp = best ?? runnerUp;
        best = block;
      } else if (!runnerUp || block.last > runnerUp.last) {
        runnerUp = block;
      }
      this.best.push(best);
      this.runnerUp.push(runnerUp);
    }
  }

  /** The index of a block (other than candidate `excludeIndex`) that contains `first..last`, or undefined. */
  public findCovering(first: bigint, last: bigint, excludeIndex?: number): number | undefined {
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
    const candidate = best && best.index !== excludeIndex ? best : this.runnerUp[low - 1];
    return candidate && candidate.last >= last ? candidate.index : undefined;
  }
}
