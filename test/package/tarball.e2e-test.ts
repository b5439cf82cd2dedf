import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm pack` would publish: the library, its jsii assembly and docs; no repository tooling. */
describe('the npm tarball', () => {
  const root = join(__dirname, '..', '..');

  /** The files `npm pack` would publish, as paths relative to the package root. */
  function packedFiles(): string[] {
    if (!existsSync(join(root, '.jsii')) || !existsSync(join(root, 'lib', 'index.js'))) {
      throw new Error('lib/ and .jsii are missing: run `npx projen compile` (npm ci and npm test build them)');
    }
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    return (JSON.parse(output) as Array<{ files: Array<{ path: string }> }>)[0].files.map((file) => file.path);
  }

  /** The files a Markdown page links to by a relative path (anchors and web addresses left out). */
  function relativeLinkTargets(page: string): string[] {
    const text = readFileSync(join(root, page), 'utf8');
    return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/.test(target));
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
    const unwanted = files.filter((file) => /^(test|src|scripts|conformance|bench|examples|build|\.ci|\.projen|projenrc)\//.test(file)
      || /(^|\/)(tsconfig.*\.json|\.projenrc\.ts|\.eslintrc\.json|jest\.config.*)$/.test(file) || /\.test\.(js|ts)$/.test(file));
    expect(unwanted).toEqual([]);
  });

  test('holds every file the README and API.md link to, so their links work on npm too', () => {
    const files = packedFiles();
    const targets = ['README.md', 'API.md'].flatMap(relativeLinkTargets);
    expect(targets).toEqual(expect.arrayContaining(['docs/security.md', 'docs/api/core.md']));
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });
});
