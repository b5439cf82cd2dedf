import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as fc from 'fast-check';
import { copyJson } from '../../../../src/core/primitives/k8s/copy-json';

/** The deep copy every manifest gets on its way to cdk8s and Pulumi. */
describe('copyJson', () => {
  test('copies any JSON value deeply: equal content and key order, no shared object or array', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const copy = copyJson(value);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      expect(copy).toEqual(value);
      const shared: unknown[] = [];
      const walk = (a: unknown, b: unknown) => {
        if (a !== null && typeof a === 'object') {
          if (a === b) shared.push(a);
          for (const key of Object.keys(a)) walk((a as any)[key], (b as any)[key]);
        }
      };
      walk(value, copy);
      expect(shared).toEqual([]);
    }));
  });

  test('a "__proto__" key stays an own property and does not change the copy\'s prototype', () => {
    const manifest = JSON.parse('{"metadata": {"__proto__": {"polluted": true}, "name": "x"}}');
    const copy = copyJson(manifest);
    expect(Object.getPrototypeOf(copy.metadata)).toBe(Object.prototype);
    expect(Object.keys(copy.metadata)).toEqual(['__proto__', 'name']);
    expect(copy.metadata.polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(manifest));
  });

  test('arrays and objects from another realm come back as this realm\'s (serializers test instanceof Array)', () => {
    const foreign = vm.runInNewContext('({ spec: { containers: [{ env: [{ name: "A" }] }] } })');
    expect(foreign.spec.containers instanceof Array).toBe(false);
    const copy = copyJson(foreign);
    expect(copy.spec.containers instanceof Array).toBe(true);
    expect(copy.spec.containers[0].env instanceof Array).toBe(true);
    expect(copy instanceof Object).toBe(true);
    expect(copy).toEqual({ spec: { containers: [{ env: [{ name: 'A' }] }] } });
  });

  test('a copied list takes the memory of the list itself, no reserve (a fleet keeps every copy it hands to cdk8s)', () => {
    // Heap sizes after a full collection are exact, unlike timings. Jest starts V8 without the gc()
    // function; the flag can still be turned on, and a new context then sees it.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const kept: unknown[] = [];
    const heapGrowth = (make: () => unknown): number => {
      gc();
      const before = process.memoryUsage().heapUsed;
      kept.push(make());
      gc();
      return process.memoryUsage().heapUsed - before;
    };
    // Other work in the worker (jest's messages, lazily compiled code) can land inside one window
    // and only ever adds to it, so the least of a few windows is the copy's own size.
    const leastGrowth = (make: () => unknown): number => Math.min(...[1, 2, 3].map(() => heapGrowth(make)));
    const pushedCopy = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object') return value;
      if (Array.isArray(value)) {
        const list: unknown[] = [];
        for (const item of value) list.push(pushedCopy(item));
        return list;
      }
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pushedCopy(item)]));
    };
    const source = Array.from({ length: 20_000 }, (_, i) => ({ name: `entry-${i % 7}`, values: ['a', 'b'] }));
    const copied = leastGrowth(() => copyJson(source));
    const parsed = leastGrowth(() => JSON.parse(JSON.stringify(source)));
    const pushed = leastGrowth(() => pushedCopy(source));
    expect(kept).toHaveLength(9);
    // JSON.parse allocates every list at its length (1.0); a list grown by push from [] reserves 17
    // slots (about 2.2 here), which the measurement must tell apart.
    expect(copied / parsed).toBeLessThan(1.5);
    expect(pushed / parsed).toBeGreaterThan(1.5);
  });
});
