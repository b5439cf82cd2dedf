import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { readStagedAssembly } from './staged-assembly';

/**
 * The jsii assembly's modules against the TypeScript API they are made from. Each area namespace of
 * the root entry (`capi`, `workloads`, ...) is one jsii module, which also holds the area's cdk8s
 * constructs, so the area's barrel is the one list of its public types for every language. And the
 * modules are layered, as Go requires of packages: the root builds on no module, and no two modules
 * build on each other.
 */

const root = join(__dirname, '..', '..');
const LIB = 'cluster-proxy-constructs';
/** The one cdk8s-plus line whose ProxyAwareDeployment the workloads module holds (a jsii library can depend on one). */
const jsiiPlusLine = /cdk8s-plus-\d+/.exec(readFileSync(join(root, 'src', 'jsii-modules', 'workloads.ts'), 'utf8'))![0];

interface TypeReferenceHolder { readonly [key: string]: unknown }
interface JsiiType extends TypeReferenceHolder { readonly fqn: string; readonly base?: string; readonly interfaces?: string[] }
interface Assembly { readonly types: Record<string, JsiiType>; readonly submodules?: Record<string, unknown> }

/** The module a type belongs to: `capi` for `cluster-proxy-constructs.capi.X`, '' for the root. */
function moduleOf(fqn: string): string {
  const parts = fqn.split('.');
  return parts.length > 2 ? parts.slice(1, -1).join('.') : '';
}

/** Every type a type refers to: its base, interfaces, and the types of its members. */
function referencedTypes(type: JsiiType): Set<string> {
  const found = new Set<string>([...(type.base ? [type.base] : []), ...(type.interfaces ?? [])]);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (typeof value === 'object' && value !== null) {
      const { fqn } = value as { fqn?: unknown };
      if (typeof fqn === 'string') found.add(fqn);
      Object.values(value).forEach(walk);
    }
  };
  walk([type.properties, type.methods, type.initializer]);
  found.delete(type.fqn);
  return found;
}

/** The names jsii can express (classes, interfaces, enums) that a TypeScript module exports. */
/* eslint-disable no-bitwise -- TypeScript's symbol flags are bit sets */
function jsiiNames(program: ts.Program, file: string): { names: Set<string>; namespaces: Map<string, ts.Symbol> } {
  const checker = program.getTypeChecker();
  const names = new Set<string>();
  const namespaces = new Map<string, ts.Symbol>();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (target.flags & ts.SymbolFlags.ValueModule) namespaces.set(exported.name, target);
    else if (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.Enum)) names.add(exported.name);
  }
  return { names, namespaces };
}
/* eslint-enable no-bitwise */

/** The modules left once every module whose dependencies are all placed is placed: those in a cycle. */
function unlayered(modules: string[], dependsOn: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const placed = new Set(['']);
  let progress = true;
  while (progress) {
    progress = false;
    for (const name of modules) {
      if (!placed.has(name) && [...(dependsOn.get(name) ?? [])].every((dependency) => placed.has(dependency))) {
        placed.add(name);
        progress = true;
      }
    }
  }
  return modules.filter((name) => !placed.has(name)).sort();
}

describe('jsii modules', () => {
  let assembly: Assembly;
  let program: ts.Program;
  const typesOf = (module: string): string[] => Object.keys(assembly.types).filter((fqn) => moduleOf(fqn) === module)
    .map((fqn) => fqn.split('.').pop()!).sort();

  beforeAll(() => {
    assembly = readStagedAssembly<Assembly>();
    const files = ['index.ts', 'jsii.ts', 'cdk8s/index.ts', `cdk8s/plus/${jsiiPlusLine}.ts`].map((file) => join(root, 'src', file));
    program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: true });
  }, 60_000);

  test('each area namespace of the root entry is a jsii module with the same types, plus the area\'s cdk8s constructs (and in workloads, ProxyAwareDeployment)', () => {
    const { namespaces } = jsiiNames(program, join(root, 'src', 'index.ts'));
    expect([...namespaces.keys()].sort()).toEqual(['addons', 'capi', 'clusterclass', 'migration', 'workloads']);
    for (const [name, symbol] of namespaces) {
      const areaFile = symbol.declarations![0].getSourceFile().fileName;
      const constructs = join(root, 'src', 'cdk8s', name, 'index.ts');
      const expected = new Set([...jsiiNames(program, areaFile).names, ...(existsSync(constructs) ? jsiiNames(program, constructs).names : []),
        ...(name === 'workloads' ? [...jsiiNames(program, join(root, 'src', 'cdk8s', 'plus', `${jsiiPlusLine}.ts`)).names, 'ProxyAwareDeploymentOptions'] : [])]);
      expect({ module: name, types: typesOf(name) }).toEqual({ module: name, types: [...expected].sort() });
    }
  });

  test('the jsii root holds the root entry\'s own types and the cdk8s root constructs; Products sits in a module above the areas', () => {
    const rootEntry = jsiiNames(program, join(root, 'src', 'index.ts')).names;
    const cdk8sRoot = [...jsiiNames(program, join(root, 'src', 'cdk8s', 'index.ts')).names]
      .filter((name) => !Object.keys(assembly.types).some((fqn) => moduleOf(fqn) !== '' && fqn.endsWith(`.${name}`)));
    // TypeScript only: the error classes (other languages get their jsii runtime's error, and only
    // the TypeScript entry points check their peers), and the manifest interfaces, which the
    // assembly carries as JSON so that no kind-specific field is lost.
    const typescriptOnly = ['ProxyConfigError', 'MissingPeerDependencyError', 'KubeObject', 'SecretObject'];
    const expected = [...rootEntry].filter((name) => name !== 'Products' && !typescriptOnly.includes(name)).concat(cdk8sRoot).sort();
    expect(typesOf('')).toEqual(expected);
    expect(typesOf('products')).toEqual(['Products']);
  });

  test('the modules are layered: the root builds on none, and no two modules build on each other', () => {
    const dependsOn = new Map<string, Set<string>>();
    for (const type of Object.values(assembly.types)) {
      const from = moduleOf(type.fqn);
      for (const fqn of referencedTypes(type)) {
        if (!fqn.startsWith(`${LIB}.`) || moduleOf(fqn) === from) continue;
        dependsOn.set(from, new Set([...(dependsOn.get(from) ?? []), moduleOf(fqn)]));
      }
    }
    expect([...(dependsOn.get('') ?? [])]).toEqual([]);
    const modules = Object.keys(assembly.submodules ?? {}).map((fqn) => fqn.slice(LIB.length + 1));
    expect(modules.length).toBeGreaterThan(4);
    expect(unlayered(modules, dependsOn)).toEqual([]);
    // The check itself: two modules that build on each other are found.
    expect(unlayered(['a', 'b', 'c'], new Map([['a', new Set(['b'])], ['b', new Set(['a'])], ['c', new Set([''])]]))).toEqual(['a', 'b']);
  });
});
