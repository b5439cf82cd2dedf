/**
 * Hostile input for the whole public surface, enumerated at test time from the package's entry
 * points (see public-surface.ts): every constructor, static method, instance method and getter,
 * free function and namespace member, and every CLI command. Each callable is called with
 * known-good arguments (base-arguments.ts) of which one is hostile, or a part of one, or with extra
 * hostile arguments; values nested 10,000 levels deep, throwing getters and Proxies, frozen and
 * prototype-less objects, symbols, bigints and functions among them (hostile-values.ts).
 *
 * Each call ends in a success or the library's error naming a field (or, for a throwing getter or
 * trap, that very error passed through); never a TypeError or a stack overflow, never the password
 * in any encoding in a message or the CLI's output, never a change to Object.prototype. A construct
 * that accepts its input synthesizes objects that validate, with the password in Secret data only;
 * so do the products a call returns.
 *
 * Each property runs with the fixed seed (FC_SEED reproduces another), then with a random seed
 * that a failure prints.
 */
// `check` connects through the proxy: its input handling is what is under test, not the network
jest.mock('../../src/cli/readiness', () => ({ ...jest.requireActual('../../src/cli/readiness'), checkReadiness: jest.fn(async () => []) }));
// stdin (file descriptor 0) holds what render-secret reads as the user name and the password, and audit as its manifests
jest.mock('node:fs', () => {
  const actual = jest.requireActual('node:fs');
  return { ...actual, readFileSync: (file: unknown, ...rest: unknown[]) => (file === 0 ? 'svc\nHx7:S3cr/t%41 ü\n' : actual.readFileSync(file, ...rest)) };
});

/* eslint-disable import/order */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { baseArguments, frameworkOf } from './base-arguments';
import { AT_PASSWORD, DEEP, HOSTILE_URLS, hostile, leakedForms, PASSWORD } from './hostile-values';
import { check, checkAsync, expectNoPrototypePollution } from './outcome';
import { entryPoints, publicSurface } from './public-surface';
import { callCases, callOnce, instanceFor, invoke, mustRunCases, shapeOf } from './surface-calls';
import { runCli, runCommand } from '../../src/cli/cli';
import { redactCredentials } from '../../src/core/primitives/credential-mask';
import { REPO_ROOT } from '../support/module-loading';
import { installMocks, stopCallbacks } from '../support/pulumi-mocks';
/* eslint-enable import/order */

/** Runs per callable and seed: the suite's time budget (about a minute) spread over the surface. */
const RUNS = Number(process.env.SURFACE_RUNS ?? 16);
/** A Pulumi component costs about ten times what another call does (a provider, registrations): half the runs. */
const PULUMI_RUNS = Math.ceil(RUNS / 2);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const MODULES = entryPoints().map((entry) => ({ entry, exports: require(path.join(REPO_ROOT, entry.source)) as object }));
const SURFACE = publicSurface(MODULES);

// Pulumi components register with the mocks; every describe below may make some
beforeAll(() => installMocks());
afterAll(stopCallbacks);

describe('the public surface', () => {
  test('is enumerated from every entry point of package.json', () => {
    const entries = MODULES.map(({ entry }) => entry.name);
    const counts = Object.fromEntries(entries.map((entry) => [entry, {
      callables: SURFACE.callables.filter((callable) => callable.entry === entry).length,
      aliases: SURFACE.callables.flatMap((callable) => callable.aliases).filter((alias) => alias.startsWith(`${entry} `)).length,
      skipped: SURFACE.skipped.filter((skip) => skip.path.startsWith(`${entry} `)).length,
    }]));
    // eslint-disable-next-line no-console
    console.log(`public surface: ${SURFACE.callables.length} callables\n${JSON.stringify(counts, null, 2)}`);
    expect(entries).toEqual(expect.arrayContaining(['cluster-proxy-constructs', 'cluster-proxy-constructs/cdk8s', 'cluster-proxy-constructs/pulumi']));
    for (const entry of entries) {
      expect(counts[entry].callables + counts[entry].aliases).toBeGreaterThan(0);
    }
    // enums and constants are data: skipped by type, never by name
    expect(SURFACE.skipped.every((skip) => /enum|constant/.test(skip.reason))).toBe(true);
  });

  test('the known-good arguments are good: every callable that has them all succeeds with them', () => {
    const failures = SURFACE.callables.filter((callable) => baseArguments(callable).complete).flatMap((callable) => {
      try {
        const instance = callable.kind === 'method' || callable.kind === 'getter' ? instanceFor(SURFACE, callable) : undefined;
        invoke(callable, baseArguments(callable).make(), instance);
        return [];
      } catch (error) {
        return [`${callable.path}: ${(error as Error).message.split('\n')[0]}`];
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('hostile arguments for every callable of the public surface', () => {
  // a private constructor is not API: its instances come from a static factory (and make the instances here)
  for (const callable of SURFACE.callables.filter((candidate) => !candidate.privateConstructor)) {
    const base = baseArguments(callable);
    const shape = shapeOf(callable, base);
    check(`${callable.path}(${callable.params.join(', ')})`, callCases(shape, callable.params), (callCase) => callOnce(SURFACE, callable, base, shape, callCase), {
      numRuns: frameworkOf(callable) === 'pulumi' ? PULUMI_RUNS : RUNS,
      examples: mustRunCases(shape, callable.params),
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The CLI: every command of its help, with its own flags, hostile strings and hostile files.

/** The commands the CLI's help lists. */
function cliCommands(): string[] {
  const usage = runCli([]).stdout;
  return [...usage.matchAll(/^ {2}cluster-proxy ([a-z][a-z-]*)\b/gm)].map((match) => match[1]);
}

/** The flags a command's help names, and the values its help lists for them (`--format text|json`). */
function cliVocabulary(command: string): string[] {
  const help = `${runCli(['help', command]).stdout}\n${runCli([]).stdout}`;
  const flags = [...help.matchAll(/--[a-z][a-z-]*/g)].map((match) => match[0]);
  const choices = [...help.matchAll(/--[a-z][a-z-]* ([a-z0-9-]+(?:\|[a-z0-9-]+)+)/g)].flatMap((match) => match[1].split('|'));
  return [...new Set([...flags, ...choices])];
}

/** Files the commands read: deep, password-laden, malformed. Written once. */
function hostileFiles(directory: string): string[] {
  const deepFlow = (open: string, close: string) => `${open.repeat(DEEP)}x${close.repeat(DEEP)}\n`;
  const files: Record<string, string> = {
    'deep-sequence.yaml': deepFlow('[', ']'),
    'deep-mapping.yaml': deepFlow('{a: ', '}'),
    'deep-manifest.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: ${deepFlow('{a: ', '}')}`,
    'deep.json': JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: 'x' }).replace('"x"}', `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}}`),
    'password-env.yaml': [
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n    spec:\n      containers:\n      - name: main\n        env:',
      ...HOSTILE_URLS.map((url, index) => `        - {name: ${index % 2 ? 'HTTP_PROXY' : 'https_proxy'}, value: ${JSON.stringify(url)}}`),
    ].join('\n'),
    'tkg.yaml': `TKG_HTTP_PROXY_ENABLED: true\nTKG_HTTP_PROXY: "http://svc:${AT_PASSWORD}"\nTKG_HTTPS_PROXY: "http://svc:${encodeURIComponent(PASSWORD)}@proxy:3128"\n`,
    'aliases.yaml': `a: &a ["x","x","x","x","x","x","x","x","x"]\n${[...Array(9).keys()].map((i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`).join('\n')}\n`,
    'proto.json': '{"__proto__": {"polluted": true}, "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "constructor": {"prototype": {"polluted": true}}}}',
    'binary.yaml': '\u0000\u00ff\ufffe\t\u001b[31m',
    'empty.yaml': '',
  };
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(directory, name);
    fs.writeFileSync(file, text);
    return file;
  });
}

/** CLI output without the Secrets `render-secret` prints on purpose (their data is the password). */
function outputOutsideSecrets(stdout: string): string {
  try {
    const documents = parseAllDocuments(stdout).map((document) => document.toJS() as { kind?: unknown } | null);
    return documents.filter((document) => document?.kind !== 'Secret').map((document) => JSON.stringify(document)).join('\n');
  } catch {
    return stdout;
  }
}

describe('hostile arguments for every CLI command', () => {
  const directory = fs.mkdtempSync(path.join(tmpdir(), 'cluster-proxy-surface-'));
  const files = hostileFiles(directory);
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  const commands = cliCommands();
  test('the help lists the commands', () => {
    expect(commands).toEqual(expect.arrayContaining(['noproxy', 'explain', 'check', 'audit', 'import', 'render-secret']));
  });

  for (const command of commands) {
    const words = cliVocabulary(command);
    const argument = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...words) },
      { weight: 2, arbitrary: hostile.filter((value): value is string => typeof value === 'string') },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URLS) },
      { weight: 2, arbitrary: fc.constantFrom(...files, directory, path.join(directory, 'missing.yaml')) },
    );
    checkAsync(`cluster-proxy ${command}`, fc.array(argument, { maxLength: 8 }), async (args) => {
      const result = await runCommand([command, ...args]);
      expect([0, 1, 2]).toContain(result.exitCode);
      expect(result.stderr).not.toMatch(/internal error/);
      // a word is echoed as the library masks it: a URL's password never, the rest as typed
      const echoed = args.flatMap((arg) => leakedForms(redactCredentials(arg)));
      expect(leakedForms(`${outputOutsideSecrets(result.stdout)}\n${result.stderr}`).filter((form) => !echoed.includes(form))).toEqual([]);
      expectNoPrototypePollution();
    }, {
      numRuns: RUNS * 4,
      examples: [
        files.map((file) => file),
        ...files.map((file) => ['--from', 'tkg', file]),
        [HOSTILE_URLS[1], '--pod-cidr', '10.0.0.0/16', '--service-cidr', '10.96.0.0/12'],
        ['--url', HOSTILE_URLS[1], '--http-proxy', HOSTILE_URLS[4]],
      ],
    });
  }
});
