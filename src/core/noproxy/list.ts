import { NoProxyCoverageIndex } from './coverage-index';
import { ParsedNoProxyEntry } from './types';

/** An item that was left out of a normalized list, and the entry that made it redundant. */
export interface DroppedNoProxyEntry<T> {
  readonly item: T;
  /** The entry covering it (an equal entry, for duplicates). */
  readonly coveredBy: ParsedNoProxyEntry;
}

/** Result of {@link normalizeNoProxyItems}. */
export interface NormalizedNoProxyItems<T> {
  /** The items kept, in input order. */
  readonly kept: T[];
  /** The items left out, in input order. */
  readonly dropped: Array<DroppedNoProxyEntry<T>>;
}

/**
 * Normalize a list of items carrying entries (reasons and parts stay attached): drop duplicates
 * (the first occurrence wins) and items covered for every client family by another item or by an
 * entry of `context` ({@link NoProxyCoverageIndex.findCover}). A CIDR does not swallow an IP inside
 * it, because several clients ignore CIDRs.
 *
 * Deterministic, order-preserving and idempotent: normalizing the kept items again (with the same
 * context) keeps all of them, because no kept item is covered by another entry of the input.
 *
 * @param context entries already present ahead of these (e.g. the installation-wide part when
 *   normalizing the cluster-specific part); they can cover items but are never dropped. Given as
 *   their index, it is built once for every list normalized against the same entries.
 */
export function normalizeNoProxyItems<T>(
  items: T[],
  entryOf: (item: T) => ParsedNoProxyEntry,
  context: ParsedNoProxyEntry[] | NoProxyCoverageIndex = [],
): NormalizedNoProxyItems<T> {
  const entries = items.map(entryOf);
  const contextIndex = context instanceof NoProxyCoverageIndex ? context : new NoProxyCoverageIndex(context);
  const ownIndex = new NoProxyCoverageIndex(entries);
  const kept: T[] = [];
  const dropped: Array<DroppedNoProxyEntry<T>> = [];
  items.forEach((item, index) => {
    const entry = entries[index];
    const first = ownIndex.firstOccurrence(index);
    const coveredBy = contextIndex.findCover(entry)
      ?? (first !== index ? entries[first] : undefined)
      ?? ownIndex.findCover(entry, index);
    if (coveredBy) {
      dropped.push({ item, coveredBy });
    } else {
      kept.push(item);
    }
  });
  return { kept, dropped };
}
