import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMeantForThePackage } from './package-contents';

/** What `npm pack` would publish: the library, its jsii assembly and docs; no repository tooling. */
describe('the npm tarball', () => {
  const root = join(__dirname, '..', '..');

  /** The files `npm pack` would publish, as paths relative to the package root. */
  function packedFiles(): string[] {
    if (!existsSync(join(root, '.jsii')) || !existsSync(join(root, 'lib', 'index.js'))) {
      throw new Error('lib/ and .jsii are missing: run `npx projen compile` and `npx projen jsii` (`npm run test:e2e` runs both first)');
    }
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    return (JSON.parse(output) as Array<{ files: Array<{ path: string }> }>)[0].files.map((file) => file.path);
  }

  test('holds lib/, the jsii assembly, API.md, README, the guides and API pages in docs/ and LICENSE, and no tests, CI, fixtures or sources', () => {
    const files = packedFiles();
    expect(files).toEqual(expect.arrayContaining(['.jsii', 'API.md', 'README.md', 'LICENSE', 'package.json', 'lib/index.js', 'lib/index.d.ts',
      'lib/index.bundle.js', 'lib/bundle.js', 'lib/jsii.js', 'lib/cdk8s/index.js', 'lib/cdk8s/index.bundle.js', 'lib/pulumi/index.js', 'lib/cli/main.js',
      'lib/cli/main.bundle.js']));
    const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).map((path) => `docs/${path}`)
      .filter((path) => statSync(join(root, path)).isFile());
    expect(docs).toEqual(expect.arrayContaining(['docs/security.md', 'docs/migration/tkg.md', 'docs/api/core.md']));
    expect(files).toEqual(expect.arrayContaining(docs));
    // whatever the working tree holds besides: sources, tests, the API docs check's copy, reports...
    expect(files.filter((file) => !isMeantForThePackage(file))).toEqual([]);
  });
});
