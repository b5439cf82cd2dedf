import { javascript, release, TextFile, typescript } from 'projen';

/**
 * cluster-proxy-constructs: one typed proxy definition -> everything a proxied CAPI cluster needs.
 *
 * Layout rules (see docs/architecture.md):
 *  - src/core: pure TypeScript. No cdk8s, constructs or Pulumi imports (enforced by eslint below).
 *  - src/cdk8s, src/pulumi: thin adapters over core output, exported as subpaths.
 */

// Every cdk8s-plus line ProxyAwareDeployment supports, with the releases it is tested against: one
// entry point each (`cluster-proxy-constructs/cdk8s-plus-NN`), typed against that line, so an app
// never mixes two lines. `cluster-proxy-constructs/cdk8s-plus` stays the cdk8s-plus-28 one.
const cdk8sPlusLines: Record<number, string> = {
  28: '^2.5.6', 29: '^2.3.3', 30: '^2.4.10', 31: '^2.6.19', 32: '^2.5.92', 33: '^2.5.57',
};
const cdk8sPlus = Object.entries(cdk8sPlusLines).map(([line, range]) => ({ line, name: `cdk8s-plus-${line}`, range }));
// The line the jsii assembly builds ProxyAwareDeployment on (its Python, Java, Go and .NET users
// install this one line's package beside cdk8s).
const jsiiCdk8sPlusLine = cdk8sPlus[cdk8sPlus.length - 1].name;

// The Node lines the package supports and is tested on (README, "Set-up"): the machine's Node runs
// every suite, the others the Node-version job (test:node-versions); the oldest is `engines`' minimum.
const nodeLines = [20, 22, 24];

// projen's task runner counts a step killed by a signal as passed; every step that runs a test
// program goes through scripts/exit-status.sh, which makes such a death the failure it is.
const checked = (command: string) => `bash scripts/exit-status.sh ${command}`;

// Optional peers: importing one entry point must never require another's peers.
const optionalPeers: Record<string, string> = {
  'cdk8s': '^2.68.0',
  'constructs': '^10.3.0',
  ...Object.fromEntries(cdk8sPlus.map(({ name, range }) => [name, range])),
  '@pulumi/pulumi': '^3.142.0',
  '@pulumi/kubernetes': '^4.18.0',
};

// Every entry point starts from a bundle (scripts/bundle-entries.js, esbuild; run by `compile` and
// `prepare`): one file to read instead of about a hundred. The library's entry points share one
// bundle, so they share one instance of every class; the CLI has its own, and so does each command
// that runs on its own (src/cli/commands.ts). The script bundles the entries package.json points
// to, so the exports and the bin below are the one list.
const bundleEntries = 'node scripts/bundle-entries.js lib';
/** The file Node runs for a compiled entry (without `.js`): its bundle. */
const runtimeFile = (file: string) => `${file}.bundle.js`;

// The version of the npm package and of every generated one (PyPI, Maven, NuGet, Go): the release
// workflow releases exactly this one (see "Releases" below), so raising it is how a release starts.
const version = '0.1.0';

const project = new typescript.TypeScriptProject({
  name: 'cluster-proxy-constructs',
  entrypoint: runtimeFile('lib/index'),
  entrypointTypes: 'lib/index.d.ts',
  description:
    'Put Cluster API clusters and their workloads behind a corporate HTTP(S) proxy from one typed definition (cdk8s and Pulumi).',
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,
  // Only the release workflow (see "Releases" below): the checks run in .ci/run.
  github: true,
  buildWorkflow: false,
  pullRequestTemplate: false,
  githubOptions: { mergify: false, pullRequestLint: false },
  depsUpgradeOptions: { workflow: false },
  release: true,
  releaseTrigger: release.ReleaseTrigger.workflowDispatch(),
  releaseToNpm: true,
  nextVersionCommand: `echo ${version}`,
  // The publishers run with the registries' credentials: a known publib, not whatever is latest then.
  jsiiReleaseVersion: '0.2.1061',
  workflowNodeVersion: '20.x',
  // The package's contents are an allow-list (package.json "files", below), not an .npmignore.
  npmignoreEnabled: false,
  minNodeVersion: `${Math.min(...nodeLines)}.0.0`,
  typescriptVersion: '~5.9.0',
  license: 'Apache-2.0',
  authorName: 'cluster-proxy-constructs authors',
  authorUrl: 'https://github.com/cluster-proxy-constructs/cluster-proxy-constructs',
  authorOrganization: true,
  repository: 'https://github.com/cluster-proxy-constructs/cluster-proxy-constructs.git',
  homepage: 'https://github.com/cluster-proxy-constructs/cluster-proxy-constructs#readme',
  keywords: ['cdk8s', 'cluster-api', 'proxy', 'kubernetes', 'no_proxy', 'pulumi', 'jsii'],
  copyrightOwner: 'cluster-proxy-constructs authors',
  deps: ['ipaddr.js@^2.2.0', 'yaml@^2.6.0'],
  peerDeps: Object.entries(optionalPeers).map(([name, range]) => `${name}@${range}`),
  // Test against current releases of the peers, not the oldest the range allows.
  peerDependencyOptions: { pinnedDevDependency: false },
  devDeps: [
    'cdk8s@^2.70.106',
    'constructs@^10.8.1',
    ...cdk8sPlus.map(({ name, range }) => `${name}@${range}`),
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
    // The jsii assembly for Python, Java, Go and .NET users (scripts/jsii), and its generators.
    'jsii@~5.9.0',
    'jsii-pacmak@^1.140.0',
    'jsii-docgen@^10.12.6',
    // Bundles the entry points (scripts/bundle-entries.js); pinned, so a build writes the same bundles.
    'esbuild@0.28.2',
  ],
  // Lint in `test` reports, never rewrites (`npx projen eslint --fix` to fix).
  eslintOptions: { dirs: ['src'], devdirs: ['test', 'build-tools'], commandOptions: { fix: false } },
  bin: { 'cluster-proxy': runtimeFile('lib/cli/main') },
  sampleCode: false,
  docgen: false,
  tsconfig: {
    compilerOptions: {
      lib: ['es2022'],
      target: 'ES2022',
      // No source maps in lib/ (inline ones were most of the package, and map to sources it does
      // not ship); ES2022 output reads close to the source anyway.
      inlineSourceMap: false,
      inlineSources: false,
    },
  },
  tsconfigDev: {
    compilerOptions: {
      // fast-check's bundled pure-rand typings do not resolve under moduleResolution "node".
      skipLibCheck: true,
      // ts-jest reads this config: with isolatedModules it only transpiles each file (no per-file
      // type check, several seconds per test file). The `typecheck` step of `test` type-checks src
      // and test once, and this flag makes it refuse what a per-file transpile would get wrong.
      isolatedModules: true,
    },
  },
  // `/node_modules` without the slash also matches a worktree's node_modules symlink, which
  // `node_modules/` (a directory pattern) does not.
  gitignore: ['/node_modules', '/cdk8s.out', '/examples/**/dist', '/examples/java/target', '/.api-docs-tmp', '/bench/results', '/conformance/.cache/', '/build/', '/.jsii'],
});

// jest-resolve and the eslint import resolver need unrs-resolver. Its newest release is on the
// registry for Linux only, so the lock file could not list the other platforms' bindings and
// `npm ci` refused it; 1.12.2 has every platform's binding, so the lock file is complete.
project.package.addPackageResolutions('unrs-resolver@1.12.2');

// The package, as an allow-list: lib/'s JavaScript and type declarations (with the doc comments),
// the jsii assembly (.jsii, for Construct Hub), API.md and the guides and API pages in docs/ (the
// README and API.md link to them, on npm too); npm adds package.json, README and LICENSE itself.
// Whatever else a checkout or a build holds stays out without being named: sources, tests, CI,
// scripts, examples, the jsii staging copy, the API docs check's copy (.api-docs-tmp/), test
// reports, coverage, benchmark results, dist/.
project.package.addField('files', ['lib/**/*.js', 'lib/**/*.d.ts', '.jsii', 'API.md', 'docs/**/*.md']);

// projen merges jest arrays with its defaults; replace them outright.
// `*.test.ts` is the fast loop (`npm test`): what runs in jest's process or with the Debian programs
// the installer lists. `*.e2e-test.ts` (`npm run test:e2e`) needs something built first or a network
// namespace: the package in lib/ and its tarball, the jsii assembly and its runtimes, the compiled
// HTTP clients of the conformance suites, the examples' cdk8s synth, the control plane.
project.package.file.addOverride('jest.testMatch', ['<rootDir>/test/**/*.test.ts']);
// Coverage costs about 65% more CPU: `.ci/run` asks for it (JEST_COVERAGE=true), the fast loop not.
project.package.file.addOverride('jest.collectCoverage', false);
// Sized for a 2-core machine at load 10, where a test runs about six times slower than when quiet
// (the slowest takes about 7 s then): a timeout is a hang, never a slow machine.
project.package.file.addOverride('jest.testTimeout', 120_000);
project.package.file.addOverride('jest.coverageReporters', ['text-summary', 'lcov']); // keep CI output short
project.package.file.addOverride('jest.setupFiles', ['<rootDir>/test/support/fast-check-setup.ts']);
// The jsii staging copy has its own package.json and sources: not part of jest's module map.
project.package.file.addOverride('jest.modulePathIgnorePatterns', ['<rootDir>/build/']);

// A real version for the package and every generated one (npm, PyPI, Maven, NuGet, Go).
project.package.addVersion(version);

// The jsii assembly: the core and the cdk8s constructs (src/jsii.ts) for Python, Java, Go and .NET.
// scripts/jsii/build.js compiles it in a staging copy whose only peers are cdk8s and constructs.
project.package.addField('jsii', {
  outdir: 'dist',
  tsc: { outDir: 'lib', rootDir: 'src' },
  targets: {
    python: { distName: 'cluster-proxy-constructs', module: 'cluster_proxy_constructs' },
    java: {
      package: 'io.github.clusterproxyconstructs',
      maven: { groupId: 'io.github.cluster-proxy-constructs', artifactId: 'cluster-proxy-constructs' },
    },
    dotnet: { namespace: 'ClusterProxyConstructs', packageId: 'ClusterProxyConstructs' },
    go: { moduleName: 'github.com/cluster-proxy-constructs/cluster-proxy-constructs-go' },
  },
});

project.package.addField('peerDependenciesMeta', Object.fromEntries(
  Object.keys(optionalPeers).map((name) => [name, { optional: true }]),
));

// The library's entry points, one list: each subpath, its source under src/ (compiled into lib/),
// and the optional peers it needs. The package's exports and typesVersions, the bundles
// (scripts/bundle-entries.js reads the exports) and each entry point's peer check (src/peers/)
// come from it. `/cdk8s-plus` is the cdk8s-plus-28 line under its first name.
const entryPoints: ReadonlyArray<{ subpath: string; source: string; peers: readonly string[] }> = [
  { subpath: '.', source: 'index', peers: [] },
  { subpath: 'cdk8s', source: 'cdk8s/index', peers: ['cdk8s', 'constructs'] },
  { subpath: 'cdk8s-plus', source: 'cdk8s/plus/index', peers: ['cdk8s', 'constructs', 'cdk8s-plus-28'] },
  ...cdk8sPlus.map(({ name }) => ({ subpath: name, source: `cdk8s/plus/${name}`, peers: ['cdk8s', 'constructs', name] })),
  { subpath: 'pulumi', source: 'pulumi/index', peers: ['@pulumi/pulumi', '@pulumi/kubernetes'] },
];
// Plain string targets (no conditions) so every resolver understands them.
const exportKey = (subpath: string) => (subpath === '.' ? '.' : `./${subpath}`);
project.package.addField('exports', {
  ...Object.fromEntries(entryPoints.map(({ subpath, source }) => [exportKey(subpath), { types: `./lib/${source}.d.ts`, default: `./${runtimeFile(`lib/${source}`)}` }])),
  './package.json': './package.json',
});
project.compileTask.exec(bundleEntries);
// Consumers on moduleResolution "node" (node10) ignore "exports" for types.
project.package.addField('typesVersions', {
  '*': Object.fromEntries(entryPoints.filter(({ subpath }) => subpath !== '.').map(({ subpath, source }) => [subpath, [`lib/${source}.d.ts`]])),
});
// Each entry point with peers checks, before anything requires them, that they are installed.
for (const { subpath, peers } of entryPoints.filter((entry) => entry.peers.length > 0)) {
  new TextFile(project, `src/peers/${subpath}.ts`, {
    lines: [
      '// ~~ Generated by projen from entryPoints in .projenrc.ts. To modify, edit it and run "npx projen".',
      "import { requireOptionalPeers } from './require-optional-peers';",
      '',
      `requireOptionalPeers('cluster-proxy-constructs/${subpath}', [${peers.map((peer) => `'${peer}'`).join(', ')}]);`,
      '',
    ],
    readonly: true,
    committed: true,
  });
}

// The jsii assembly's modules, one per area in dependency order (Go refuses import cycles between
// packages, Python a class that extends across one): each holds the area's core types and, where
// the area has them, its cdk8s constructs, as cdk8s-plus groups by kind. `products` builds on every
// area, so it comes last (TypeScript has no such constraint and exports `Products` from the root).
const jsiiAreas: ReadonlyArray<{ area: string; lines: readonly string[] }> = [
  ...['capi', 'clusterclass'].map((area) => ({ area, lines: [`export * from '../${area}';`, `export * from '../cdk8s/${area}';`] })),
  { area: 'migration', lines: ["export * from '../migration';"] },
  // ProxyAwareDeployment on the newest cdk8s-plus line: a jsii library can depend on one line only.
  { area: 'workloads', lines: ["export * from '../workloads';", "export * from '../cdk8s/workloads';", `export * from '../cdk8s/plus/${jsiiCdk8sPlusLine}';`, "export { ProxyAwareDeploymentOptions } from '../cdk8s/plus/proxy-aware-deployment';"] },
  { area: 'addons', lines: ["export * from '../addons';", "export * from '../cdk8s/addons';"] },
  { area: 'products', lines: ["export { Products } from '../core/api/products';"] },
];
const generatedFromAreas = '// ~~ Generated by projen from jsiiAreas in .projenrc.ts. To modify, edit it and run "npx projen".';
for (const { area, lines } of jsiiAreas) {
  new TextFile(project, `src/jsii-modules/${area}.ts`, { lines: [generatedFromAreas, ...lines, ''], readonly: true, committed: true });
}
new TextFile(project, 'src/jsii.ts', {
  lines: [
    generatedFromAreas,
    '// The jsii entry point: the API a Python, Java, Go or .NET cdk8s user sees. The root holds the',
    '// definition, NO_PROXY engine, renderers and product model; each area is a module (src/jsii-modules).',
    '// TypeScript users keep the separate entry points, so the root still never loads cdk8s.',
    "export * from './foundation';",
    "export { FleetApp } from './cdk8s/fleet-app';",
    ...jsiiAreas.map(({ area }) => `export * as ${area} from './jsii-modules/${area}';`),
    '',
  ],
  readonly: true,
  committed: true,
});

// One ProxyAwareDeployment per cdk8s-plus line, from one template (the shared part is in
// src/cdk8s/plus/proxy-aware-deployment.ts).
for (const { name } of cdk8sPlus) {
  new TextFile(project, `src/cdk8s/plus/${name}.ts`, {
    lines: [
      '// ~~ Generated by projen from cdk8sPlusLines in .projenrc.ts. To modify, edit it and run "npx projen".',
      `// cluster-proxy-constructs/${name}: ProxyAwareDeployment on ${name}, an optional peer that only this`,
      '// entry point loads.',
      `import '../../peers/${name}'; // first: a clear error when cdk8s, constructs or ${name} is not installed`,
      `import { Deployment, DeploymentProps } from '${name}';`,
      "import { Construct } from 'constructs';",
      "import { attachProxyToDeployment, checkedProxyAwareProps, ProxyAwareDeploymentOptions } from './proxy-aware-deployment';",
      "import { ProxyInjection } from '../../core/workloads/proxy-injection';",
      '',
      `/** Props of {@link ProxyAwareDeployment}: a ${name} Deployment plus the proxy. */`,
      'export interface ProxyAwareDeploymentProps extends DeploymentProps, ProxyAwareDeploymentOptions {}',
      '',
      '/**',
      ` * A ${name} \`Deployment\` whose containers carry the proxy env: for workloads that run where`,
      ' * no policy engine mutates pods (cert-manager in `kube-system`, chart-operator, anything started',
      ' * before Kyverno). Every container and init container gets the variables it does not set itself,',
      ' * including containers added after construction (`addContainer`): the env is filled in at synth',
      ' * time. The proxy Secret (with credentials) and the CA ConfigMap (with `trustedCaPem`) are emitted',
      ' * next to it, in its namespace.',
      ' *',
      ' * @see https://kubernetes.io/docs/concepts/workloads/controllers/deployment/',
      ' */',
      'export class ProxyAwareDeployment extends Deployment {',
      '  /** The core injection used (env groups, Secret name, CA plan). */',
      '  public readonly proxyInjection: ProxyInjection;',
      '',
      '  constructor(scope: Construct, id: string, props: ProxyAwareDeploymentProps) {',
      '    const { proxy, proxyOptions, ...deploymentProps } = checkedProxyAwareProps(props);',
      '    super(scope, id, deploymentProps);',
      '    this.proxyInjection = attachProxyToDeployment(this, { proxy, proxyOptions });',
      '  }',
      '}',
      '',
    ],
    readonly: true,
    committed: true,
  });
}

// src/core stays free of adapter frameworks, and adapters never import each other.
type ImportGroup = { group: string[]; message: string };
const restrictedGroups = (...groups: ImportGroup[]) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});
const restricted = (patterns: string[], message: string) => restrictedGroups({ group: patterns, message });
const pureCore: ImportGroup = {
  group: [
    'cdk8s', 'cdk8s-*', 'constructs', '@pulumi/*', '**/cdk8s', '**/cdk8s/**', '**/pulumi', '**/pulumi/**', '**/cli', '**/cli/**',
    // network and process access belongs to the CLI (node:tls stays allowed: its root store is data)
    'node:http', 'node:https', 'node:net', 'node:dns', 'node:child_process', 'http', 'https', 'net', 'dns', 'child_process',
  ],
  message: 'src/core must stay pure: no cdk8s, constructs, Pulumi, CLI, network or process imports (see docs/architecture.md).',
};
project.eslint?.addOverride({
  files: ['src/core/**/*.ts', 'src/index.ts'],
  rules: restrictedGroups(pureCore),
});
// The NO_PROXY engine builds on the core's primitives only (its own files and src/core/primitives),
// so that it stays usable on its own (the CLI's noproxy commands, NoProxyEngine) and nothing it
// computes can depend on settings, credentials or products. (An override replaces the rule: the
// core's group is repeated.)
project.eslint?.addOverride({
  files: ['src/core/noproxy/**/*.ts'],
  rules: restrictedGroups(pureCore, {
    // gitignore syntax: every other folder of the core is refused, the primitives' allowed again
    group: ['../*', '../../**', '!../primitives'],
    message: 'src/core/noproxy imports only its own files and the core primitives (src/core/primitives).',
  }),
});
project.eslint?.addOverride({
  files: ['src/cdk8s/**/*.ts'],
  rules: restricted(['@pulumi/*', '**/pulumi', '**/pulumi/**'], 'The cdk8s adapter must not import the Pulumi adapter.'),
});
project.eslint?.addOverride({
  files: ['src/pulumi/**/*.ts'],
  rules: restricted(['cdk8s', 'cdk8s-*', 'constructs', '**/cdk8s', '**/cdk8s/**'], 'The Pulumi adapter must not import the cdk8s adapter.'),
});

// The API reference from doc comments: API.md (an index) and one page per entry point in docs/api/.
// `docgen` writes them; `docgen:check` (part of `test`) fails when they are stale or a link is broken.
const docgenCommand = (outputRoot: string) => `node scripts/api-docs.js ${outputRoot}`;
project.addTask('docgen', {
  description: 'Generate API.md and docs/api/ from the doc comments',
  exec: docgenCommand('.'),
});
const docgenCheck = project.addTask('docgen:check', {
  description: 'Fail when API.md or docs/api/ is stale',
  exec: `rm -rf .api-docs-tmp && ${docgenCommand('.api-docs-tmp')} && diff -u API.md .api-docs-tmp/API.md > /dev/null && diff -r docs/api .api-docs-tmp/docs/api > /dev/null`
    + ' || (echo "API.md or docs/api/ is stale: run \'npx projen docgen\' and commit them" >&2; exit 1)',
});

// `npm test` is the fast loop on a fresh Debian machine: install the real programs the suites
// run (idempotent; a second run only checks), type-check src and test once (jest only
// transpiles), jest (CI must fail on snapshot drift, never rewrite snapshots), lint, API.md.
// The jsii assembly of the core and the cdk8s constructs (src/jsii.ts): compiled in build/jsii (see
// scripts/jsii/build.js) and copied to .jsii, which the npm package carries for Construct Hub.
/**
 * A jest command line with coverage when the environment asks for it (`.ci/run` sets
 * JEST_COVERAGE=true): bash expands the default, projen's own shell leaves `${...:-...}` as it is.
 */
function withCoverage(command: string): string {
  return `bash -c '${command} --coverage=\${JEST_COVERAGE:-false}'`;
}
const jsiiTask = project.addTask('jsii', {
  description: 'Compile the jsii assembly into build/jsii and .jsii',
  exec: checked('node scripts/jsii/build.js'),
});
project.postCompileTask.spawn(jsiiTask);
// The API reference per language, from the assembly (Construct Hub renders the same pages).
project.addTask('docgen:jsii', {
  description: 'Write the API reference of each jsii language into dist/api/',
  steps: ['typescript', 'python', 'java', 'csharp', 'go'].map((language) => ({
    exec: `mkdir -p dist/api && cd build/jsii && jsii-docgen --language ${language} --output ../../dist/api/${language}.md`,
  })),
});
// Every language's package from the one assembly, so their versions are package.json's: `npm run
// package` writes dist/js (npm), dist/python (wheel and sdist), dist/java (a Maven repository),
// dist/go (the module tree) and dist/dotnet. Each language's script (scripts/jsii/<language>.sh)
// builds its package with jsii-pacmak and that language's own registry; those with an example app
// also prepare what the app needs, so that its e2e suite runs offline. .NET has no app: its SDK is
// on no registry reachable here.
// (`npm pack`'s prepack builds the assembly first.)
const jsiiLanguages = [
  { language: 'python', app: true },
  { language: 'java', app: true },
  { language: 'go', app: true },
  { language: 'dotnet', app: false },
];
for (const { language } of jsiiLanguages) {
  project.packageTask.spawn(project.addTask(`package:${language}`, {
    description: `Build the ${language} package from the jsii assembly into dist/${language}/`,
    exec: `bash scripts/jsii/${language}.sh package`,
  }));
}

project.testTask.reset('bash scripts/install-test-tools.sh', { name: 'install test tools' });
project.testTask.exec(checked('tsc --noEmit -p test/tsconfig.json'), { name: 'typecheck' });
// --forceExit: after every suite has passed, a handle left open by the Pulumi runtime's mock
// server must not keep CI waiting (the run ends with jest's summary either way). Jest's default
// is one worker fewer than the cores, one on a 2-core machine, whose main process mostly waits.
project.testTask.exec(checked(withCoverage('jest --passWithNoTests --ci --forceExit --maxWorkers=100%')));
project.testTask.spawn(project.tasks.tryFind('eslint')!);
project.testTask.spawn(docgenCheck);
// Benchmarks are not run by the tests, but must keep compiling against the library.
project.testTask.exec(checked('tsc --noEmit -p bench'), { name: 'typecheck benchmarks' });

// The conformance suite writes its report to the gitignored test-reports/ (tests never change
// tracked files); this refreshes the committed copy docs/testing.md links to.
project.addTask('conformance:report', {
  description: 'Run the NO_PROXY conformance suite and refresh docs/conformance-matrix.md from its report',
  steps: [
    { exec: 'bash scripts/install-test-tools.sh' },
    { exec: "bash scripts/loopback-only.sh node_modules/.bin/jest --ci --testMatch '<rootDir>/test/conformance/noproxy-conformance.e2e-test.ts'" },
    { exec: 'cp test-reports/conformance-matrix.md docs/conformance-matrix.md' },
  ],
});

// A real node: boots a Debian VM (no network device) from the bootstrap data Cluster API's kubeadm
// bootstrap provider renders on the local control plane, so it runs in the loopback-only namespace;
// the VM image is built (root, from Debian's packages) and cached before. `test:e2e` runs it last.
// Two workers: each format's VM has a test file and one emulated CPU, so the two boot side by side.
const vmTask = project.addTask('test:vm', {
  description: 'Boot a VM from the bootstrap data Cluster API renders for the library\'s objects and check the node (see docs/testing.md, "A real node")',
  steps: [
    { exec: 'bash scripts/install-test-tools.sh e2e', name: 'install test tools' },
    { exec: 'bash scripts/vm/build-image.sh >/dev/null', name: 'build or find the VM image' },
    { exec: checked("bash scripts/loopback-only.sh node_modules/.bin/jest --ci --coverage=false --maxWorkers=2 --testMatch '<rootDir>/test/vm/**/*.vm-test.ts'") },
  ],
});

// The Node-version job: the package built into lib/, its CLI and examples on every Node line of
// nodeLines that is not the machine's, with the suites where the line makes a difference (see the
// script), in the loopback-only namespace; `test:e2e` runs it.
const nodeVersionsTask = project.addTask('test:node-versions', {
  description: `Run the package, its CLI and examples on Node ${nodeLines.join(', ')} (see docs/testing.md, "Node versions")`,
  steps: [
    { exec: 'bash scripts/install-test-tools.sh', name: 'install test tools' },
    { spawn: 'compile' },
    { exec: checked(`bash scripts/loopback-only.sh bash scripts/node-versions.sh ${nodeLines.join(' ')}`) },
  ],
});

// What needs a build or a network namespace (`*.e2e-test.ts`): the local control plane (etcd,
// kube-apiserver, kubectl built from their Go modules) and the suites that run against it, the
// NO_PROXY conformance suites with their compiled clients, the package in lib/, the jsii runtimes,
// the examples' synth; all inside a network namespace whose only device is loopback; then the VM.
// The installer builds what is missing into a cache outside the repository (minutes on a cold
// machine, a second on a warm one).
project.addTask('test:e2e', {
  description: 'Run the suites that need a build or a network namespace: the control plane (apply, admission, day-2 lifecycles), conformance, package, jsii, examples, the other Node versions, and the VM (see docs/testing.md, "Proof against real consumers")',
  steps: [
    { exec: 'bash scripts/install-test-tools.sh e2e', name: 'install test tools' },
    // the package suites read lib/ and every language's package (the assembly's suites, the
    // example apps): built from the sources first
    { spawn: 'compile' },
    { spawn: project.packageTask.name },
    // each jsii language's package and its example app's dependencies, from the registries (cached)
    ...jsiiLanguages.filter(({ app }) => app).map(({ language }) => ({ exec: `bash scripts/jsii/${language}.sh prepare`, name: `prepare the ${language} app` })),
    {
      exec: checked(withCoverage('bash scripts/loopback-only.sh node_modules/.bin/jest --ci --forceExit --testMatch "<rootDir>/test/**/*.e2e-test.ts" --coverageDirectory coverage/e2e')),
      name: 'suites that need a build or a network namespace',
    },
    { spawn: nodeVersionsTask.name },
    { spawn: vmTask.name },
  ],
});

// Benchmarks (never timed tests): `npm run bench` compiles the library and the scenarios and runs
// them as plain node, results in bench/results/bench.json; `npm run bench:readme` writes them into
// the performance guide's results (docs/performance.md).
project.addTask('bench', {
  description: 'Run the benchmarks (ratios against baselines measured in the same run; every target with PASS/MISSED)',
  exec: 'ts-node --transpile-only bench/run.ts',
  receiveArgs: true,
});
project.addTask('bench:readme', {
  description: 'Write the last benchmark results (bench/results/bench.json) into docs/performance.md',
  exec: 'ts-node --transpile-only bench/readme.ts',
});
project.eslint?.addLintPattern('bench'); // bench/tsconfig.json type-checks it

// `npm install` in a clone builds lib/, so the `cluster-proxy` bin and the examples (which import
// the package by name) work at once.
project.package.setScript('prepare', `tsc --build && ${bundleEntries}`);
// `npm pack` and `npm publish` run `prepack` and then `prepare`, in any checkout: prepack builds the
// jsii assembly the package ships (.jsii, which a clone does not have), prepare lib/. The assembly
// is not built in prepare, which `npm install` in a clone runs too: it takes tens of seconds, and
// an install needs only lib/.
project.package.setScript('prepack', 'node scripts/jsii/build.js');

// The README's main job: run the CLI on the bundled example definition.
project.addTask('example', {
  description: 'Run the main job on the bundled example: cdk8s synth of a proxied Cluster API cluster (see README)',
  steps: [
    { spawn: 'compile' },
    { exec: 'npx cdk8s synth --check-upgrade false', cwd: 'examples/capi-cluster' },
    { exec: 'ls -l examples/capi-cluster/dist' },
  ],
});

// Releases: .github/workflows/release.yml, projen's release with publib, started by hand only (it
// has no other trigger; its dry_run input publishes nothing). Its build job runs the `release` task:
// the full `build` (tests included, then `package`, which writes the artifacts into dist/) with
// package.json at the version above, then a GitHub release tagged v<version>, and one job per
// registry publishes its dist/ directory (docs/architecture.md, "Releasing", lists the secrets). When the
// tag exists, nothing is published: each version is released once.
// projen's bump derives a version from git tags and commit messages and its unbump writes 0.0.0;
// here package.json holds the real version (the assembly and the generated packages carry it), so
// the bump takes that version (nextVersionCommand above) and the unbump restores the committed file.
const unbump = project.tasks.tryFind('unbump')!;
unbump.reset('git checkout HEAD -- package.json');
unbump.description = 'Restores the committed package.json (whose version .projenrc.ts sets)';
project.release!.publisher.publishToPyPi();
project.release!.publisher.publishToMaven();
project.release!.publisher.publishToGo();
project.release!.publisher.publishToNuget();

project.synth();
