import { NoProxyCoverageIndex } from './coverage-index';
import { DroppedNoProxyEntry, normalizeNoProxyItems } from './list';
import { EnvTokens } from './render';
import { itemEntry, NoProxyEntry, NoProxyItem } from './types';
import { frozen } from '../primitives/frozen';

/**
 * The installation-wide part of NO_PROXY values, normalized on its own: its items, the items it
 * dropped, the index the cluster-specific entries are checked against, and its `env` tokens. An
 * installation's clusters all start their NO_PROXY with it, so it is computed once and shared,
 * and each cluster normalizes and renders only its own part.
 */
export class InstallationNoProxy {
  /** The items kept, in input order. */
  public readonly items: NoProxyItem[];
  /** The input items left out as duplicates or covered, in input order. */
  public readonly dropped: Array<DroppedNoProxyEntry<NoProxyItem>>;
  /** The kept entries, as the context every cluster-specific part is normalized against. */
  public readonly coverage: NoProxyCoverageIndex;
  #env?: EnvTokens;
  readonly #answers = new Map<string, unknown>();

  /** @param entries the parsed installation-wide entries (`parseNoProxyList`), in input order */
  constructor(entries: readonly NoProxyEntry[]) {
    const normalized = normalizeNoProxyItems(entries.map((entry): NoProxyItem => ({ entry, part: 'installation-wide' })), itemEntry);
    this.items = frozen(normalized.kept);
    this.dropped = frozen(normalized.dropped);
    this.coverage = new NoProxyCoverageIndex(this.items.map(itemEntry));
    Object.freeze(this);
  }

  /** The `env` tokens of the kept items, rendered on first use. */
  public get env(): EnvTokens {
    this.#env ??= EnvTokens.of(this.items);
    return this.#env;
  }

  /**
   * `answer(this)`, computed once per `question` for the installation: every cluster of it asks
   * alike (whether its vCenter goes direct), and an answer may take a pass over every entry.
   */
  public answer<T>(question: string, answer: (part: InstallationNoProxy) => T): T {
    if (!this.#answers.has(question)) {
      this.#answers.set(question, answer(this));
    }
    return this.#answers.get(question) as T;
  }
}
