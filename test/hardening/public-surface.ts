/**
 * The public surface, enumerated from the package's entry points at test time: every class, static
 * method, instance method and getter, free function and namespace member, wherever `package.json`
 * `exports` leads. A new export is found the day it is added.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, typeScriptFiles } from '../support/module-loading';

/** One entry point: the `exports` key and the source file behind it. */
export interface EntryPoint {
  /** As users import it: `cluster-proxy-constructs`, `cluster-proxy-constructs/cdk8s`... */
  readonly name: string;
  /** Source file, relative to the repository. */
  readonly source: string;
}

/** What a callable is. */
export type MemberKind = 'constructor' | 'static' | 'function' | 'method' | 'getter';

/** A callable of the surface. */
export interface Callable {
  readonly kind: MemberKind;
  /** Where it was first found: `<entry> <dotted path>`, e.g. `cluster-proxy-constructs capi.X.y`. */
  readonly path: string;
  /** Entry point it was first found at. */
  readonly entry: string;
  /** Its name (a class's for a constructor). */
  readonly name: string;
  /** The class a constructor, static, method or getter belongs to. */
  readonly owner?: Function;
  /** The function itself (for a getter, the getter). */
  readonly fn: Function;
  /** Parameter names as declared (default values and comments dropped). */
  readonly params: readonly string[];
  /** Every other path the same callable is exported at. */
  readonly aliases: string[];
  /** A constructor TypeScript declares `private` (instances come from a static factory): called only to make instances. */
  readonly privateConstructor?: boolean;
}

/** An export the suites leave alone, and why. */
export interface SkippedExport {
  readonly path: string;
  readonly reason: string;
}

/** The enumerated surface. */
export interface Surface {
  readonly callables: Callable[];
  readonly skipped: SkippedExport[];
}

/**
 * The entry points of `package.json` `exports`, each mapped back to its source (`./lib/x.bundle.js`
 * and `./lib/x.js` are built from `src/x.ts`).
 */
export function entryPoints(): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object' && target !== null && typeof (target as { default?: unknown }).default === 'string')
    .map(([key, target]) => {
      const built = (target as { default: string }).default;
      const source = built.replace(/^\.\/lib\//, 'src/').replace(/(\.bundle)?\.js$/, '.ts');
      if (!existsSync(path.join(REPO_ROOT, source))) {
        throw new Error(`exports[${JSON.stringify(key)}] is built from ${source}, which does not exist`);
      }
      return { name: key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`, source };
    });
}

/** Parameter names of a function or class constructor, as its source declares them. */
export function parameterNames(fn: Function): string[] {
  const text = Function.prototype.toString.call(fn).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const list = /^class\b/.test(text) ? constructorParameters(text) : /^[^(]*\(([^)]*)\)/.exec(text)?.[1];
  return (list ?? '').split(',').map((parameter) => parameter.replace(/=[\s\S]*$/, '').replace(/^\s*\.\.\./, '').trim()).filter(Boolean);
}

function constructorParameters(text: string): string | undefined {
  return /\bconstructor\s*\(([^)]*)\)/.exec(text)?.[1];
}

/** TS enums compile to objects of strings (and numbers, for numeric enums): data, not API to call. */
function isEnum(value: object): boolean {
  const values = Object.values(value);
  return values.length > 0 && values.every((item) => typeof item === 'string' || typeof item === 'number');
}

function isClass(fn: Function): boolean {
  return /^class\b/.test(Function.prototype.toString.call(fn));
}

/** The library's sources, read once. */
function librarySources(): string[] {
  return typeScriptFiles(path.join(REPO_ROOT, 'src')).map((file) => readFileSync(file, 'utf8'));
}

/** Names of the classes the library declares: a class's members are walked up to the first base class that is not one (a framework's). */
function libraryClassNames(sources: readonly string[]): Set<string> {
  return new Set(sources.flatMap((text) => [...text.matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/gm)].map((match) => match[1])));
}

/** Members a class declares `private` or `protected` (TypeScript keeps them on the prototype). */
function nonPublicMembers(sources: readonly string[]): (className: string, member: string) => boolean {
  return (className, member) => {
    const declaring = sources.filter((text) => new RegExp(`\\bclass ${className}\\b`).test(text));
    const hidden = new RegExp(`^\\s*(?:private|protected)\\s+(?:static\\s+)?(?:readonly\\s+)?(?:get\\s+|set\\s+)?${member}\\b`, 'm');
    return declaring.some((text) => hidden.test(text));
  };
}

/**
 * Walk the entry points' modules: classes (their constructors, statics, methods and getters,
 * including those of the library's own base classes, up to the first base class a framework
 * declares), functions, and namespaces (recursively). Enums and constants are skipped by type; an
 * export of any other kind fails, so it gets a decision instead of being left out.
 */
export function publicSurface(modules: ReadonlyArray<{ entry: EntryPoint; exports: object }>): Surface {
  const callables: Callable[] = [];
  const skipped: SkippedExport[] = [];
  const found = new Map<Function, Callable>();
  const sources = librarySources();
  const isHidden = nonPublicMembers(sources);
  const libraryClasses = libraryClassNames(sources);

  const add = (callable: Omit<Callable, 'aliases'>, key: Function = callable.fn): void => {
    const known = found.get(key);
    if (known) {
      known.aliases.push(callable.path);
      return;
    }
    const entry = { ...callable, aliases: [] };
    found.set(key, entry);
    callables.push(entry);
  };

  const addClass = (cls: Function, at: string, entry: string): void => {
    const seenBefore = found.has(cls);
    add({ kind: 'constructor', path: at, entry, name: cls.name, owner: cls, fn: cls, params: parameterNames(cls), privateConstructor: isHidden(cls.name, 'constructor') });
    if (seenBefore) {
      return;
    }
    for (const name of Object.getOwnPropertyNames(cls)) {
      if (['length', 'name', 'prototype'].includes(name)) {
        continue;
      }
      const value = (cls as unknown as Record<string, unknown>)[name];
      if (typeof value === 'function') {
        if (!isHidden(cls.name, name)) {
          add({ kind: 'static', path: `${at}.${name}`, entry, name, owner: cls, fn: value, params: parameterNames(value) });
        }
      } else {
        skipped.push({ path: `${at}.${name}`, reason: `static ${typeof value} (a constant)` });
      }
    }
    for (let prototype = cls.prototype; prototype && libraryClasses.has(prototype.constructor?.name); prototype = Object.getPrototypeOf(prototype)) {
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
        if (name === 'constructor' || isHidden(prototype.constructor.name, name)) {
          continue;
        }
        const member = `${at}.prototype.${name}`;
        if (descriptor.get) {
          add({ kind: 'getter', path: member, entry, name, owner: cls, fn: descriptor.get, params: [] }, descriptor.get);
        } else if (typeof descriptor.value === 'function') {
          add({ kind: 'method', path: member, entry, name, owner: cls, fn: descriptor.value, params: parameterNames(descriptor.value) }, descriptor.value);
        }
      }
    }
  };

  const walk = (namespace: object, at: string, entry: string): void => {
    for (const [name, value] of Object.entries(namespace)) {
      const member = at === '' ? name : `${at}.${name}`;
      const where = `${entry} ${member}`;
      if (typeof value === 'function') {
        if (isClass(value)) {
          addClass(value, where, entry);
        } else {
          add({ kind: 'function', path: where, entry, name, fn: value, params: parameterNames(value) });
        }
      } else if (value !== null && typeof value === 'object') {
        if (isEnum(value)) {
          skipped.push({ path: where, reason: 'enum' });
        } else {
          walk(value, member, entry);
        }
      } else if (['string', 'number', 'boolean'].includes(typeof value)) {
        skipped.push({ path: where, reason: `${typeof value} constant` });
      } else {
        throw new Error(`${where}: an export of type ${typeof value} that the hardening suite does not know how to call; decide how to cover it`);
      }
    }
  };

  for (const { entry, exports } of modules) {
    walk(exports, '', entry.name);
  }
  return { callables, skipped };
}
