/**
 * Kyverno itself proves `KyvernoProxyPolicy`: the `kyverno test` suites of test/kyverno/ run with
 * the Kyverno CLI of the oldest and the newest release docs/workloads.md names, built from
 * Kyverno's Go module by `scripts/install-test-tools.sh e2e`. Every test must pass, and every row
 * must pass for the reason the suite expects: `kyverno test` counts a resource that a rule's match
 * or exclude blocks leave out as passed whatever the test file expects, so a rule that wrongly
 * excluded a pod would pass there unnoticed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { RULES, SUITES, SUITES_DIR } from './suites';
import { assertLoopbackOnly, toolPath } from '../support/control-plane/control-plane';

/** The Kyverno releases run (scripts/go-tools/kyverno-*), the oldest and the newest docs/workloads.md names. */
export const KYVERNO_VERSIONS = ['1.13', '1.19'];

interface Row {
  readonly POLICY: string;
  readonly RULE: string;
  readonly RESOURCE: string;
  readonly RESULT: string;
  readonly REASON: string;
}

/** `kyverno test` of one suite: its rows and exit status. */
function kyvernoTest(version: string, suite: string): { status: number | null; rows: Row[]; output: string } {
  const run = spawnSync(toolPath(`kyverno-${version}`), ['test', join(SUITES_DIR, suite), '--remove-color'], {
    encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/tmp' },
  });
  const output = `${run.stdout}${run.stderr}`;
  // the result table (1.13 has no machine-readable output): `│ ID │ POLICY │ RULE │ RESOURCE │ RESULT │ REASON │`
  const rows = output.split('\n').filter((line) => /^│ +\d+ +│/.test(line)).map((line): Row => {
    const [, , POLICY, RULE, RESOURCE, RESULT, REASON] = line.split('│').map((cell) => cell.trim());
    return { POLICY, RULE, RESOURCE, RESULT, REASON };
  });
  return { status: run.status, rows, output };
}

beforeAll(() => {
  assertLoopbackOnly();
});

describe.each(KYVERNO_VERSIONS)('Kyverno %s', (version) => {
  test.each(SUITES.map((suite) => [suite.name, suite] as const))('kyverno test %s: every result as expected, for the expected reason', (_, suite) => {
    const { status, rows, output } = kyvernoTest(version, suite.name);
    expect(rows.filter((row) => row.RESULT !== 'Pass').map((row) => `${row.RULE} ${row.RESOURCE}: ${row.REASON}`)).toEqual([]);
    expect(status).toBe(0);
    const ruleName = (rule: keyof typeof RULES) => suite.options.ruleNames?.[rule] ?? RULES[rule];
    for (const expectation of suite.expectations) {
      const { metadata, kind, apiVersion } = expectation.resource;
      const rule = ruleName(expectation.rule);
      if (kind === 'Namespace') {
        continue; // generate rules: checked by the generated resources below
      }
      // 1.19 names a resource `v1/Pod/apps/app`, 1.13 `apps/Pod/app`
      const resource = `${apiVersion}/${kind}/${metadata.namespace ?? ''}/${metadata.name}`;
      const forms = [resource, `${metadata.namespace}/${kind}/${metadata.name}`];
      const row = rows.find((each) => each.RULE === rule && forms.includes(each.RESOURCE));
      expect({ rule, resource, reason: row?.REASON ?? output }).toEqual({ rule, resource, reason: expectation.result === 'excluded' ? 'Excluded' : 'Ok' });
    }
    // each namespace a generate rule acts on has its clone, compared with the expected one (a row
    // of its own, with reason Ok; the row of the triggering Namespace says Excluded either way)
    for (const generate of ['cloneSecret', 'cloneCa'] as const) {
      const expected = suite.expectations.filter((e) => e.rule === generate && e.result === 'pass').length;
      const generated = rows.filter((row) => row.RULE === ruleName(generate) && row.REASON === 'Ok');
      expect({ rule: generate, generated: generated.length }).toEqual({ rule: generate, generated: expected });
    }
  }, 300_000);
});
