import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT, typeScriptFiles } from '../support/module-loading';

/**
 * No module of the package imports itself through others, type-only imports included: a loop of
 * files is a layer that cannot be understood, tested or loaded on its own.
 */

const SRC = path.join(REPO_ROOT, 'src');

/** The package's own files that `file` imports or re-exports (relative specifiers only). */
function importsOf(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .map((target) => [`${target}.ts`, path.join(target, 'index.ts')].find((candidate) => fs.existsSync(candidate)) ?? target);
}

/** The strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) {
        found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return found;
}

describe('the import graph of src', () => {
  const graph = new Map(typeScriptFiles(SRC).map((file) => [file, importsOf(file)]));

  test('is read: every relative import resolves to a file of the package', () => {
    // package.json too is a file of the package (the peer check reads the supported versions there)
    const packageJson = path.join(REPO_ROOT, 'package.json');
    const unresolved = [...graph.entries()].flatMap(([file, imports]) => imports.filter((target) => !graph.has(target) && target !== packageJson)
      .map((target) => `${file} -> ${target}`));
    expect(unresolved).toEqual([]);
    expect(graph.size).toBeGreaterThan(200);
  });

  test('has no cycles, type-only imports included', () => {
    expect(cycles(graph).map((component) => component.map((file) => path.relative(REPO_ROOT, file)))).toEqual([]);
  });

  test('the node-file area imports nothing of the Cluster API objects: the dependency goes one way', () => {
    const area = (name: string) => path.join(SRC, 'core', name) + path.sep;
    const upward = [...graph.entries()].filter(([file]) => file.startsWith(area('node-files')))
      .flatMap(([file, imports]) => imports.filter((target) => target.startsWith(area('capi'))).map((target) => `${path.relative(REPO_ROOT, file)} -> ${path.relative(REPO_ROOT, target)}`));
    expect(upward).toEqual([]);
    expect([...graph.keys()].filter((file) => file.startsWith(area('node-files'))).length).toBeGreaterThan(5);
  });

  test('the cycle search finds a loop and leaves a chain alone', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});
