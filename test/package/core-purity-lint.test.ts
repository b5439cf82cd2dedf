import * as path from 'node:path';
import { loadESLint } from 'eslint';

const root = path.join(__dirname, '..', '..');

/** Lint `code` as if it were the file at `relativePath`, with the project's own eslint config. */
async function restrictedImportMessages(relativePath: string, code: string): Promise<string[]> {
  const LegacyESLint = await loadESLint({ useFlatConfig: false });
  const filePath = path.join(root, relativePath);
  // Only the rule under test runs: the virtual file is in no tsconfig, so typed rules cannot load.
  const probe = new LegacyESLint({ cwd: root });
  const { rules } = await probe.calculateConfigForFile(filePath);
  const onlyRestrictedImports: Record<string, unknown> = Object.fromEntries(Object.keys(rules).map((rule) => [rule, 'off']));
  onlyRestrictedImports['no-restricted-imports'] = rules['no-restricted-imports'];
  const eslint = new LegacyESLint({
    cwd: root,
    overrideConfig: { parserOptions: { projectService: false, project: null }, rules: onlyRestrictedImports as never },
  });
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) {
    throw new Error(`eslint could not parse the sample: ${fatal.message}`);
  }
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('architecture lint rules', () => {
  test.each([
    "import { App } from 'cdk8s';",
    "import { Construct } from 'constructs';",
    "import * as pulumi from '@pulumi/pulumi';",
    "import { Deployment } from 'cdk8s-plus-28';",
    "import { X } from '../cdk8s/proxied-cluster';",
    "import * as https from 'node:https';",
    "import { connect } from 'node:net';",
    "import { X } from '../cli/readiness';",
  ])('src/core refuses %s', async (line) => {
    const messages = await restrictedImportMessages('src/core/example.ts', `${line}\nexport const y = 1;\n`);
    expect(messages.join('\n')).toContain('src/core must stay pure');
  });

  test('src/core may import Node built-ins and ipaddr.js', async () => {
    expect(await restrictedImportMessages('src/core/example.ts', "import * as ipaddr from 'ipaddr.js';\nimport { inspect } from 'node:util';\nexport const y = [ipaddr, inspect];\n")).toEqual([]);
  });

  test.each([
    "import { ProxySettings } from '../definition/proxy-settings';",
    "import { ClusterProxyConfig } from '../definition/cluster-proxy-config';",
    "import { X } from '../node-files/bootstrap';",
    "import { X } from '../capi/products';",
    "import { X } from '../addons/products';",
    "import { X } from '../workloads/proxy-injection';",
    "import { X } from '../product/product';",
    "import { X } from '../credentials/markers';",
    "import { X } from '../render/shell';",
    "import { X } from '../../index';",
  ])('the NO_PROXY engine refuses %s', async (line) => {
    const messages = await restrictedImportMessages('src/core/noproxy/example.ts', `${line}\nexport const y = X;\n`);
    expect(messages.join('\n')).toContain('src/core/noproxy imports only its own files and the core primitives');
  });

  test('the NO_PROXY engine may import its own files and the core primitives, and stays pure', async () => {
    const allowed = [
      "import { a } from './types';", "import { b } from '../primitives/errors';", "import { c } from '../primitives/ip';",
      "import { d } from '../primitives/validation/strict-props';", "import { e } from '../primitives/providers';", "import { f } from 'node:util';",
    ];
    expect(await restrictedImportMessages('src/core/noproxy/example.ts', `${allowed.join('\n')}\nexport const y = [a, b, c, d, e, f];\n`)).toEqual([]);
    expect((await restrictedImportMessages('src/core/noproxy/example.ts', "import { App } from 'cdk8s';\nexport const y = App;\n")).join())
      .toContain('src/core must stay pure');
  });

  test('adapters never import each other', async () => {
    expect((await restrictedImportMessages('src/cdk8s/example.ts', "import * as pulumi from '@pulumi/pulumi';\nexport const y = pulumi;\n")).join())
      .toContain('must not import the Pulumi adapter');
    expect((await restrictedImportMessages('src/pulumi/example.ts', "import { App } from 'cdk8s';\nexport const y = App;\n")).join())
      .toContain('must not import the cdk8s adapter');
  });
});
