/**
 * The `kyverno test` suites in test/kyverno/ are what `suites.ts` writes from the library today (the
 * policy as the construct synthesizes it, the pods as synth-time injection patches them), so the
 * Kyverno run of the e2e command tests the current policy. Write them again with
 * `node -r ts-node/register/transpile-only test/kyverno/suites.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suiteDirectories, suiteFiles, SUITES, SUITES_DIR } from './suites';

test('every suite has a directory, and every directory a suite', () => {
  expect(suiteDirectories()).toEqual(SUITES.map((suite) => suite.name).sort());
});

test.each(SUITES.map((suite) => [suite.name, suite] as const))('%s: the committed files are the ones the library gives today', (name, suite) => {
  const files = suiteFiles(suite);
  expect(readdirSync(join(SUITES_DIR, name)).sort()).toEqual(Object.keys(files).sort());
  for (const [file, text] of Object.entries(files)) {
    const committed = readFileSync(join(SUITES_DIR, name, file), 'utf8');
    if (committed !== text) {
      throw new Error(`test/kyverno/${name}/${file} is stale: run node -r ts-node/register/transpile-only test/kyverno/suites.ts`);
    }
  }
});

test('the suites cover every rule the policy has and every kind of result', () => {
  const rules = new Set(SUITES.flatMap((suite) => suite.expectations.map((expectation) => expectation.rule)));
  expect([...rules].sort()).toEqual(['addCaVolume', 'cloneCa', 'cloneSecret', 'injectEnv']);
  const results = new Set(SUITES.flatMap((suite) => suite.expectations.map((expectation) => expectation.result)));
  expect([...results].sort()).toEqual(['excluded', 'pass', 'skip']);
});
