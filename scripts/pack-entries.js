#!/usr/bin/env node
// Packs the modules an entry point loads into one file beside it (`index.js` ->
// `index.pack-modules.js`), loaded by a small `index.pack.js` that the package's exports point to.
// Node spends most of a cold `require` of many small modules on finding, reading and compiling each
// file; one file is read and compiled once.
//
// The pack does not hold private copies: it registers every module in Node's module cache under the
// module's own file name, and reuses a module already there. So the root entry, the adapters (which
// load the same core modules file by file) and deep imports share one instance of every class,
// whichever loads first.
//
// Usage: node scripts/pack-entries.js [lib directory]   (the entries are those package.json points to)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const MARKER = '// Packed by scripts/pack-entries.js';

/**
 * The module's code without comments (and its source map comment): a pack is what programs load, and
 * every byte of it is read, scanned and kept in memory by every process that imports the package. The
 * compiled files beside the packs keep their comments for reading. Printed again by TypeScript's
 * printer, which writes the same code from its syntax tree.
 */
function withoutComments(key, source) {
  const ts = require('typescript');
  const file = ts.createSourceFile(key, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  return ts.createPrinter({ removeComments: true }).printFile(file);
}

/**
 * How each entry is packed. `args`: what it is run with to learn which modules it loads (nothing for
 * the library's entries, which are imported; for the CLI its everyday command, `noproxy`; other
 * commands load their extra modules from their files, as before). `base`: a pack it loads first and
 * whose modules it does not repeat. The adapters use most of the core, and programs import the root
 * entry beside them: repeating the core would compile it twice.
 */
const PROFILES = {
  'index.js': { args: [] },
  'cdk8s/index.js': { args: [], base: 'index.js' },
  'pulumi/index.js': { args: [], base: 'index.js' },
  'cli/main.js': { args: ['noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example'] },
};

const loadedCache = new Map();

/** The modules (relative to `libDir`) that `entry` loads when run with its profile, entry first, and its export names. */
function loadedModules(libDir, entry) {
  const cacheKey = `${libDir}\0${entry}`;
  if (!loadedCache.has(cacheKey)) {
    loadedCache.set(cacheKey, profileRun(libDir, entry));
  }
  return loadedCache.get(cacheKey);
}

function profileRun(libDir, entry) {
  if (PROFILES[entry] === undefined) {
    throw new Error(`${entry}: no profile to pack it with; add one to PROFILES in scripts/pack-entries.js`);
  }
  const { args } = PROFILES[entry];
  const script = `
    const file = ${JSON.stringify(path.join(libDir, entry))};
    process.argv = [process.argv[0], file, ...${JSON.stringify(args)}];
    let exported = {};
    process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify({ loaded: Object.keys(require.cache), names: Object.keys(exported), homes: homes() })));
    exported = require(file);
    // For each export, the modules that define it: that hold it as a value of their own (a compiled
    // re-export is a getter) or whose exports are it (a namespace).
    function homes() {
      const found = {};
      for (const name of Object.keys(exported)) {
        const value = exported[name];
        found[name] = [];
        for (const [other, m] of Object.entries(require.cache)) {
          if (other === file || m.exports === undefined || m.exports === null) continue;
          if (m.exports === value) found[name].push([other, null]);
          const own = Object.getOwnPropertyDescriptor(m.exports, name);
          if (own !== undefined && 'value' in own && own.value === value) found[name].push([other, name]);
        }
      }
      return found;
    }`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${entry} ${args.join(' ')} failed:\n${result.stderr}`);
  }
  const inLib = (file) => !path.relative(libDir, file).startsWith('..') && !file.includes(`${path.sep}node_modules${path.sep}`);
  const { loaded, names, homes } = JSON.parse(result.output[3]);
  const keyOf = (file) => path.relative(libDir, file).split(path.sep).join('/');
  const order = loaded.filter(inLib).map(keyOf);
  if (order[0] !== entry) {
    throw new Error(`${entry}: expected it to load first, got ${order[0]}`);
  }
  const inLibHomes = Object.fromEntries(Object.entries(homes).map(([name, found]) => [name,
    found.filter(([file]) => inLib(file)).map(([file, member]) => [keyOf(file), member])]));
  return { order, exportNames: names, homes: inLibHomes, sources: new Map(order.map((key) => [key, fs.readFileSync(path.join(libDir, key), 'utf8')])) };
}

/** `{ './x': 'core/x.js' }` for each `require('./x')` in `source` that names a module file in `libDir`. */
function relativeRequires(libDir, key, source) {
  const fromDir = path.posix.dirname(key);
  const found = {};
  for (const [, id] of source.matchAll(/\brequire\(["'](\.{1,2}(?:\/[^"']*)?)["']\)/g)) {
    const base = path.posix.normalize(path.posix.join(fromDir, id));
    const target = [`${base}.js`, `${base}/index.js`, base].find((candidate) => candidate.endsWith('.js') && fs.existsSync(path.join(libDir, candidate)));
    if (target !== undefined) found[id] = target;
  }
  return found;
}

/**
 * The runtime that loads packed modules through Node's module cache. It creates modules as Node's
 * loader does (`Module`, `Module._cache`, `Module._nodeModulePaths`, `Module._resolveFilename`: the
 * long-standing CommonJS internals that tools such as ts-node and jest build on too).
 */
const RUNTIME = `
const Module = require('node:module');
const path = require('node:path');
const root = path.join(__dirname, ROOT);
const searchPaths = new Map();
const own = (key) => Object.prototype.hasOwnProperty.call(factories, key);
function run(key, m, dir) {
  const packedDeps = deps[key];
  const local = (id) => {
    const packed = packedDeps[id];
    return packed === undefined ? m.require(id) : load(packed, m);
  };
  local.resolve = (id, options) => Module._resolveFilename(id, m, false, options);
  local.cache = Module._cache;
  local.main = require.main;
  factories[key].call(m.exports, m.exports, local, m, m.filename, dir);
}
// No path functions here: they were a tenth of a cold import.
const fileOf = (key) => root + path.sep + (path.sep === '/' ? key : key.split('/').join(path.sep));
function newModule(key, parent) {
  const filename = fileOf(key);
  const m = new Module(filename, parent);
  const dir = filename.slice(0, filename.lastIndexOf(path.sep));
  if (!searchPaths.has(dir)) searchPaths.set(dir, Module._nodeModulePaths(dir));
  m.filename = filename;
  m.paths = searchPaths.get(dir);
  return { m, dir };
}
function cachedExports(key) {
  const cached = Module._cache[fileOf(key)];
  return cached === undefined ? undefined : cached.exports;
}
function load(key, parent) {
  const cached = cachedExports(key);
  if (cached !== undefined) return cached;
  // A module of the base pack, or one a program removed from the cache after the pack had loaded
  // it (Node then loads it again from its file).
  if (!own(key)) return base !== undefined ? base.load(key, parent) : parent.require(fileOf(key));
  const { m, dir } = newModule(key, parent);
  Module._cache[m.filename] = m;
  try {
    run(key, m, dir);
  } catch (error) {
    delete Module._cache[m.filename];
    throw error;
  }
  m.loaded = true;
  return m.exports;
}
module.exports = { load, entry: ENTRY_LOADER };
`;

/** The loader of a lazy entry (see `lazyEntryOf`), with its EAGER requires and EXPORTS homes. */
const LAZY_ENTRY = `
// The entry of a library pack only re-exports: each export loads its module when it is first read,
// so a program loads the modules of what it uses. What the entry requires for its side effects (the
// check that the framework is installed) still runs first, at import.
function lazyEntry(parent) {
  const cached = cachedExports(ENTRY);
  if (cached !== undefined) return cached;
  const { m } = newModule(ENTRY, parent);
  for (const [id, key] of EAGER) {
    if (key === null) m.require(id); else load(key, m);
  }
  Object.defineProperty(m.exports, '__esModule', { value: true });
  for (const [name, key, member] of EXPORTS) {
    Object.defineProperty(m.exports, name, { enumerable: true, get: member === null ? () => load(key, m) : () => load(key, m)[member] });
  }
  Module._cache[m.filename] = m;
  m.loaded = true;
  return m.exports;
}
`;

/** The helpers TypeScript declares at the top of a module that re-exports. */
const REEXPORT_HELPERS = new Set(['__createBinding', '__exportStar', '__setModuleDefault', '__importStar']);

/**
 * For a compiled module that only re-exports (and requires modules for their side effects), the ids
 * it requires for their side effects, in order; undefined if the module does anything else.
 */
function barrelStatements(key, source) {
  const ts = require('typescript');
  const file = ts.createSourceFile(key, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const isRequire = (node) => ts.isCallExpression(node) && node.expression.getText(file) === 'require'
    && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]);
  const reexports = (node) => {
    if (isRequire(node)) return true;
    if (ts.isStringLiteral(node)) return true; // "use strict"
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (callee === '__exportStar') return isRequire(node.arguments[0]) && node.arguments[1].getText(file) === 'exports';
      if (callee === 'Object.defineProperty') return node.arguments[0].getText(file) === 'exports';
      if (callee === '__importStar') return isRequire(node.arguments[0]);
      return false;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      return node.left.getText(file).startsWith('exports.') && (ts.isVoidExpression(node.right) || reexports(node.right));
    }
    return false;
  };
  const plain = file.statements.every((statement) => {
    if (ts.isExpressionStatement(statement)) return reexports(statement.expression);
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.every((declaration) => REEXPORT_HELPERS.has(declaration.name.getText(file))
        || (declaration.initializer !== undefined && isRequire(declaration.initializer)));
    }
    return false;
  });
  return plain ? { sideEffects: file.statements.flatMap((statement) => ts.isExpressionStatement(statement) && isRequire(statement.expression)
    ? [statement.expression.arguments[0].text] : []) } : undefined;
}

/**
 * How the pack loads a library entry that only re-exports, each export from one module: the
 * requires it makes for their side effects, and each export's home, so that the export's module
 * loads when it is first read. Undefined for an entry that loads at once (the CLI, or an entry with
 * code of its own).
 */
function lazyEntryOf(libDir, entry, loaded, sources, homes) {
  const barrel = PROFILES[entry].args.length === 0 ? barrelStatements(entry, sources.get(entry)) : undefined;
  if (barrel === undefined || !Object.values(homes).every((found) => found.length === 1)) {
    return undefined;
  }
  const packed = relativeRequires(libDir, entry, sources.get(entry));
  const known = new Set(loaded);
  return {
    eager: barrel.sideEffects.map((id) => [id, known.has(packed[id]) ? packed[id] : null]),
    exportsList: Object.entries(homes).map(([name, [[key, member]]]) => [name, key, member]),
  };
}

/**
 * The two files of the pack for `entry` (a path relative to `libDir`, such as `index.js`): the pack
 * itself, `index.pack.js`, which the package points to, and the modules it loads, in
 * `index.pack-modules.js`. They are apart because Node's ESM import of a CommonJS file reads the
 * file's text for its export names: it finds the entry's names in the pack, and would find every
 * module's in the modules.
 */
function packFiles(libDir, entry) {
  const { order: loaded, sources, exportNames, homes } = loadedModules(libDir, entry);
  const { base: basePack } = PROFILES[entry];
  const inBase = new Set(basePack === undefined ? [] : loadedModules(libDir, basePack).order);
  const lazy = lazyEntryOf(libDir, entry, loaded, sources, homes);
  // A lazy entry's own module is never run: its exports are defined by the loader.
  const order = loaded.filter((key) => !inBase.has(key) && !(lazy !== undefined && key === entry));
  const factories = order.map((key) => {
    const source = withoutComments(key, sources.get(key).replace(/^#!.*\n/, ''));
    const factory = `function (exports, require, module, __filename, __dirname) {\n${source}}`;
    // In parentheses, V8 compiles a function as it reads the file: right for an entry whose every
    // module runs (the CLI), wasted on a library pack, whose program runs only the modules of what
    // it uses (V8 then compiles each when it first runs).
    return `${JSON.stringify(key)}: ${lazy === undefined ? `(${factory})` : factory},`;
  });
  // Each module's relative requires of packed modules (its own or the base's), resolved now rather
  // than on every load.
  const known = new Set(loaded);
  const deps = Object.fromEntries(order.map((key) => [key, Object.fromEntries(Object.entries(relativeRequires(libDir, key, sources.get(key)))
    .filter(([, target]) => known.has(target)))]));
  const packFile = packName(entry);
  const modulesFile = modulesName(entry);
  const rootFromPack = path.relative(path.dirname(path.join(libDir, entry)), libDir) || '.';
  const modules = [
    '"use strict";',
    `${MARKER} from ${order.length} modules, for ${path.posix.basename(packFile)}; do not edit.`,
    'const factories = {',
    ...factories,
    '};',
    `const deps = ${JSON.stringify(deps)};`,
    `const base = ${basePack === undefined ? 'undefined' : `require(${JSON.stringify(relativeTo(entry, modulesName(basePack)))})`};`,
    ...(lazy === undefined ? [] : [
      `const EAGER = ${JSON.stringify(lazy.eager)};`,
      `const EXPORTS = ${JSON.stringify(lazy.exportsList)};`,
      LAZY_ENTRY.replaceAll('ENTRY', JSON.stringify(entry)).trim(),
    ]),
    RUNTIME.replace('ROOT', JSON.stringify(rootFromPack))
      .replace('ENTRY_LOADER', lazy === undefined ? `(parent) => load(${JSON.stringify(entry)}, parent)` : 'lazyEntry').trim(),
    '',
  ];
  const identifiers = exportNames.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  const pack = [
    `${/^#!.*\n/.exec(sources.get(entry))?.[0] ?? ''}"use strict";`,
    `${MARKER}: ${entry} and the modules it loads (in ${path.posix.basename(modulesFile)}); do not edit.`,
    ...(basePack === undefined ? [] : [`require(${JSON.stringify(relativeTo(entry, packName(basePack)))});`]),
    `module.exports = require(${JSON.stringify(relativeTo(entry, modulesFile))}).entry(module);`,
    ...(identifiers.length === 0 ? [] : [
      '// The export names, for Node\'s ESM import of this file (never runs).',
      `0 && (module.exports = { ${identifiers.join(', ')} });`,
    ]),
    '',
  ];
  return { [packFile]: pack.join('\n'), [modulesFile]: modules.join('\n') };
}

/** The modules file of the pack of `entry`: `index.js` -> `index.pack-modules.js`. */
function modulesName(entry) {
  return entry.replace(/\.js$/, '.pack-modules.js');
}

/** The pack of `entry` (relative to lib/): `index.js` -> `index.pack.js`. */
function packName(entry) {
  return entry.replace(/\.js$/, '.pack.js');
}

/** `to` (relative to lib/) as a require path from the directory of `from`. */
function relativeTo(from, to) {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * The entries to pack, relative to lib/: those whose pack the package's exports or bin name, so
 * package.json is the one list.
 */
function packedEntries(pkg) {
  const targets = [...Object.values(pkg.exports ?? {}).map((target) => target.default ?? target), ...Object.values(pkg.bin ?? {})];
  return targets.flatMap((target) => /^(?:\.\/)?lib\/(.+)\.pack\.js$/.exec(target)?.slice(1).map((name) => `${name}.js`) ?? []);
}

function main() {
  const libDir = path.resolve(process.argv[2] ?? 'lib');
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  for (const entry of packedEntries(pkg)) {
    for (const [name, text] of Object.entries(packFiles(libDir, entry))) {
      const file = path.join(libDir, name);
      fs.writeFileSync(file, text);
      fs.chmodSync(file, text.startsWith('#!') ? 0o755 : 0o644);
      console.log(`${path.relative(process.cwd(), file)}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
    }
  }
}

module.exports = { packFiles, packedEntries, barrelStatements };

if (require.main === module) {
  main();
}
