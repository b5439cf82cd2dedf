import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { EntryPointSurface, PUBLIC_SURFACE, SurfaceNames } from './public-surface';
import { REPO_ROOT as root } from '../support/module-loading';

/**
 * Every entry point exports exactly the names of its public surface (public-surface.ts), at runtime
 * and for the compiler, and each of them is in the API reference: an internal helper that leaks
 * out, or a public name that disappears, fails here until the list is changed on purpose.
 */

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Each entry point of package.json `exports`: its import path and its source file. */
const entryPoints: { importPath: string; source: string }[] = Object.entries(pkg.exports as Record<string, string | { types: string }>)
  .filter(([subpath]) => subpath !== './package.json')
  .map(([subpath, target]) => ({
    importPath: `${pkg.name}${subpath.slice(1)}`,
    source: path.join(root, (target as { types: string }).types.replace(/^\.\/lib\//, 'src/').replace(/\.d\.ts$/, '.ts')),
  }));

/** The import path whose surface (and API reference page) an entry point shares: each cdk8s-plus line's is `/cdk8s-plus`'s. */
const sameApiAs = (importPath: string): string => importPath.replace(/\/cdk8s-plus-\d+$/, '/cdk8s-plus');

const sorted = (names: Iterable<string>): string[] => [...names].sort();

/** The API reference pages (API.md's index): import path (or `<import path>.<namespace>`) -> page text. */
function apiReferencePages(): Map<string, string> {
  const pages = new Map<string, string>();
  let entry = '';
  for (const [, indent, title, page] of fs.readFileSync(path.join(root, 'API.md'), 'utf8').matchAll(/^( *)- \[`([^`]+)`\]\((docs\/api\/[^)]+)\)/gm)) {
    entry = indent === '' ? title : entry;
    pages.set(indent === '' ? title : `${entry}.${title}`, fs.readFileSync(path.join(root, page), 'utf8'));
  }
  return pages;
}

/** Whether `page` documents `name`: a heading of its own (`### name`, `### name()` for a function). */
function documents(page: string, name: string): boolean {
  const heading = name.replace(/_/g, '\\_');
  return page.split('\n').some((line) => line === `### ${heading}` || line === `### ${heading}()`);
}

/* eslint-disable no-bitwise -- TypeScript's symbol flags are bit sets */
/** What `file` exports for the compiler: runtime values and type-only names, and each namespace's own. */
function compilerSurface(checker: ts.TypeChecker, program: ts.Program, file: string): EntryPointSurface {
  const split = (symbols: ts.Symbol[]) => {
    const values: string[] = [];
    const types: string[] = [];
    const namespaces: Record<string, SurfaceNames> = {};
    for (const exported of symbols) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const typeOnly = exported.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)) ?? false;
      if (target.flags & ts.SymbolFlags.ValueModule) {
        const { values: memberValues, types: memberTypes } = split(checker.getExportsOfModule(target));
        namespaces[exported.name] = { values: memberValues, types: memberTypes };
      }
      (target.flags & ts.SymbolFlags.Value && !typeOnly ? values : types).push(exported.name);
    }
    return { values: sorted(values), types: sorted(types), namespaces };
  };
  const surface = split(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!));
  return Object.keys(surface.namespaces).length > 0 ? surface : { values: surface.values, types: surface.types };
}
/* eslint-enable no-bitwise */

/** `surface` with every list sorted, for comparison. */
function normalized(surface: EntryPointSurface): EntryPointSurface {
  const names = ({ values, types }: SurfaceNames): SurfaceNames => ({ values: sorted(values), types: sorted(types) });
  const namespaces = Object.entries(surface.namespaces ?? {}).map(([name, own]) => [name, names(own)]);
  return { ...names(surface), ...(namespaces.length > 0 ? { namespaces: Object.fromEntries(namespaces) } : {}) };
}

describe('the public surface of every entry point', () => {
  test('every entry point in package.json has a listed surface, and every listed surface an entry point', () => {
    expect(sorted(new Set(entryPoints.map(({ importPath }) => sameApiAs(importPath))))).toEqual(sorted(Object.keys(PUBLIC_SURFACE)));
  });

  test.each(entryPoints.map(({ importPath, source }) => [importPath, source]))('%s exports exactly its listed runtime names', (importPath, source) => {
    const listed = normalized(PUBLIC_SURFACE[sameApiAs(importPath)]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(source) as Record<string, unknown>;
    expect(sorted(Object.keys(exported))).toEqual(listed.values);
    for (const [namespace, names] of Object.entries(listed.namespaces ?? {})) {
      expect([namespace, sorted(Object.keys(exported[namespace] as object))]).toEqual([namespace, names.values]);
    }
  });

  test('for the compiler, every entry point exports exactly its listed values and types', () => {
    const program = ts.createProgram(entryPoints.map(({ source }) => source), { strict: true, noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    expect(Object.fromEntries(entryPoints.map(({ importPath, source }) => [importPath, compilerSurface(checker, program, source)])))
      .toEqual(Object.fromEntries(entryPoints.map(({ importPath }) => [importPath, normalized(PUBLIC_SURFACE[sameApiAs(importPath)])])));
  }, 120_000);

  test('every listed name is in the API reference (API.md and docs/api/)', () => {
    const pages = apiReferencePages();
    const undocumented: string[] = [];
    for (const [importPath, surface] of Object.entries(PUBLIC_SURFACE)) {
      const page = pages.get(importPath) ?? '';
      const namespaces = Object.keys(surface.namespaces ?? {});
      undocumented.push(...[...surface.values, ...surface.types].filter((name) => !namespaces.includes(name) && !documents(page, name))
        .map((name) => `${importPath}: ${name}`));
      for (const [namespace, names] of Object.entries(surface.namespaces ?? {})) {
        const namespacePage = pages.get(`${importPath}.${namespace}`) ?? '';
        undocumented.push(...[...names.values, ...names.types].filter((name) => !documents(namespacePage, name))
          .map((name) => `${importPath}: ${namespace}.${name}`));
      }
    }
    expect(undocumented).toEqual([]);
    // The check reads real pages: each entry point (and namespace) has one.
    expect(sorted(pages.keys())).toEqual(sorted(Object.entries(PUBLIC_SURFACE)
      .flatMap(([importPath, surface]) => [importPath, ...Object.keys(surface.namespaces ?? {}).map((namespace) => `${importPath}.${namespace}`)])));
  });
});
