import * as fc from 'fast-check';
import { NoProxyCoverageIndex } from '../../../src/core/noproxy/coverage-index';
import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { parseNoProxyEntry } from '../../../src/core/noproxy/parse';
import { ParsedNoProxyEntry } from '../../../src/core/noproxy/types';
import { entry } from '../../support/fixtures/no-proxy-arbitraries';
import { entryCoversEntry } from '../../support/no-proxy-meaning';

/** The pairwise reference the index replaces (the original quadratic scan). */
function pairwiseCover(candidates: readonly ParsedNoProxyEntry[], inner: ParsedNoProxyEntry, excludeKey?: string): boolean {
  return candidates.some((other) => (excludeKey === undefined || formatNoProxyEntry(other) !== excludeKey) && entryCoversEntry(other, inner));
}

const parse = (raw: string) => parseNoProxyEntry(raw, 'test');

describe('NoProxyCoverageIndex', () => {
  test('agrees with the pairwise scan, for lists against themselves and as context', () => {
    const candidates = fc.array(entry, { minLength: 0, maxLength: 12 });
    fc.assert(fc.property(candidates, fc.array(entry, { minLength: 1, maxLength: 6 }), (list, probes) => {
      const index = new NoProxyCoverageIndex(list);
      for (const inner of [...list, ...probes]) {
        const key = formatNoProxyEntry(inner);
        const asOwn = index.findCover(inner, index.firstIndexOf(inner) ?? -1);
        expect(asOwn !== undefined).toBe(pairwiseCover(list, inner, key));
        if (asOwn) {
          expect(entryCoversEntry(asOwn, inner)).toBe(true);
          expect(formatNoProxyEntry(asOwn)).not.toBe(key);
        }
        expect(index.findCover(inner) !== undefined).toBe(pairwiseCover(list, inner));
      }
      list.forEach((inner, position) => {
        expect(list[index.firstOccurrence(position)]).toEqual(inner);
        expect(index.firstOccurrence(position)).toBe(list.findIndex((other) => formatNoProxyEntry(other) === formatNoProxyEntry(inner)));
      });
    }), { numRuns: 400 });
  });

  test('finds covers by parent names, blocks and ports', () => {
    const index = new NoProxyCoverageIndex(['.corp.example', '10.0.0.0/8', 'fd00::/16', '10.0.0.5', 'svc.local'].map(parse));
    /** The cover of `raw` as if it were in the list: its own text never covers it. */
    const ownCover = (raw: string) => index.findCover(parse(raw), index.firstIndexOf(parse(raw)) ?? -1);
    expect(ownCover('a.b.corp.example')).toEqual(parse('.corp.example'));
    expect(ownCover('corp.example')).toBeUndefined(); // a suffix does not cover the apex
    expect(ownCover('10.96.0.0/12')).toEqual(parse('10.0.0.0/8'));
    expect(ownCover('10.0.0.7')).toBeUndefined(); // CIDR-blind clients need single IPs
    expect(ownCover('10.0.0.5:443')).toEqual(parse('10.0.0.5'));
    expect(ownCover('fd00:1::/32')).toEqual(parse('fd00::/16'));
    expect(ownCover('.svc.local')).toEqual(parse('svc.local'));
    expect(ownCover('10.0.0.0/8')).toBeUndefined(); // not by itself
    expect(index.findCover(parse('10.0.0.0/8'))).toEqual(parse('10.0.0.0/8')); // but as context, yes
  });
});
