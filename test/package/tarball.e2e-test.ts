import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm pack` would publish: the library, its jsii assembly and docs; no repository tooling. */
describe('the npm tarball', () => {
  const root = join(__dirname, '..', '..');

  test('holds lib/, the jsii assembly, API.md, README and LICENSE, and no tests, CI, fixtures or sources', () => {
    if (!existsSync(join(root, '.jsii')) || !existsSync(join(root, 'lib', 'index.js'))) {
      throw new Error('lib/ and .jsii are missing: run `npx projen compile` (npm ci and npm test build them)');
    }
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    const files = (JSON.parse(output) as Array<{ files: Array<{ path: string }> }>)[0].files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(['.jsii', 'API.md', 'README.md', 'LICENSE', 'package.json', 'lib/index.js', 'lib/index.d.ts',
      'lib/index.pack.js', 'lib/index.pack-modules.js', 'lib/jsii.js', 'lib/cdk8s/index.js', 'lib/pulumi/index.js', 'lib/cli/main.js', 'lib/cli/main.pack.js']));
    const unwanted = files.filter((file) => /^(test|src|scripts|conformance|bench|examples|docs|build|\.ci|\.projen|projenrc)\//.test(file)
      || /(^|\/)(tsconfig.*\.json|\.projenrc\.ts|\.eslintrc\.json|jest\.config.*)$/.test(file) || /\.test\.(js|ts)$/.test(file));
    expect(unwanted).toEqual([]);
  });
});
