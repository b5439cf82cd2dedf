import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import * as root from '../../src';
import * as adapter from '../../src/pulumi';
import { installMocks, resetRecorded, stopCallbacks } from '../support/pulumi-mocks';

/**
 * Running an example Pulumi program in a test: the program imports the package by name
 * (`cluster-proxy-constructs`, `cluster-proxy-constructs/pulumi`); users resolve that to the
 * compiled lib/. Here it is mapped to the sources, so the test never sees a stale build: for the
 * type check through `paths`, for the run through the modules the program is given.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const PACKAGE_MODULES: Record<string, unknown> = { 'cluster-proxy-constructs': root, 'cluster-proxy-constructs/pulumi': adapter };

/** The program's type errors under the examples' compiler options (empty when it type-checks). */
export function typeErrors(program: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'examples', 'tsconfig.json'), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); },
  })!;
  const checked = ts.createProgram([program], {
    ...parsed.options,
    paths: {
      'cluster-proxy-constructs': [path.join(ROOT, 'src', 'index.ts')],
      'cluster-proxy-constructs/pulumi': [path.join(ROOT, 'src', 'pulumi', 'index.ts')],
    },
  });
  return ts.getPreEmitDiagnostics(checked).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Load the program as a CommonJS module in this test's module registry (the same Pulumi mocks). */
export function runProgram(program: string): Record<string, any> {
  const { outputText } = ts.transpileModule(fs.readFileSync(program, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: program,
  });
  const module = { exports: {} as Record<string, any> };
  const load = (id: string): unknown => PACKAGE_MODULES[id] ?? jest.requireActual(id);
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(module.exports, load, module, program, path.dirname(program));
  return module.exports;
}

/**
 * The set-up every example program's test shares: the mocks, a fresh record per test, and the
 * type check of the program under the examples' compiler options.
 */
export function exampleProgramTests(program: string): void {
  beforeAll(installMocks);
  beforeEach(resetRecorded);
  afterAll(stopCallbacks);

  test('the program type-checks with examples/tsconfig.json options', () => {
    expect(typeErrors(program)).toEqual([]);
  }, 60_000);
}
