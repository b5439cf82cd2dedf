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
    process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify({ loaded: Object.keys(require.cache), names: Object.keys(exported) })));
    exported = require(file);`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${entry} ${args.join(' ')} failed:\n${result.stderr}`);
  }
  const inLib = (file) => !path.relative(libDir, file).startsWith('..') && !file.includes(`${path.sep}node_modules${path.sep}`);
  const { loaded, names } = JSON.parse(result.output[3]);
  const order = loaded.filter(inLib).map((file) => path.relative(libDir, file).split(path.sep).join('/'));
  if (order[0] !== entry) {
    throw new Error(`${entry}: expected it to load first, got ${order[0]}`);
  }
  return { order, exportNames: names, sources: new Map(order.map((key) => [key, fs.readFileSync(path.join(libDir, key), 'utf8')])) };
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
function load(key, parent) {
  // No path functions here: they were a tenth of a cold import.
  const filename = root + path.sep + (path.sep === '/' ? key : key.split('/').join(path.sep));
  const cached = Module._cache[filename];
  if (cached !== undefined) return cached.exports;
  // A module of the base pack, which loaded it already; if a program removed it from the cache,
  // Node loads it again from its file.
  if (!Object.prototype.hasOwnProperty.call(factories, key)) return parent.require(filename);
  const m = new Module(filename, parent);
  const dir = filename.slice(0, filename.lastIndexOf(path.sep));
  if (!searchPaths.has(dir)) searchPaths.set(dir, Module._nodeModulePaths(dir));
  m.filename = filename;
  m.paths = searchPaths.get(dir);
  Module._cache[filename] = m;
  try {
    run(key, m, dir);
  } catch (error) {
    delete Module._cache[filename];
    throw error;
  }
  m.loaded = true;
  return m.exports;
}
module.exports = (parent) => load(ENTRY, parent);
`;
/**
 * The two files of the pack for `entry` (a path relative to `libDir`, such as `index.js`): the pack
 * itself, `index.pack.js`, which the package points to, and the modules it loads, in
 * `index.pack-modules.js`. They are apart because Node's ESM import of a CommonJS file reads the
 * file's text for its export names: it finds the entry's names in the pack, and would find every
 * module's in the modules.
 */
function packFiles(libDir, entry) {
  const { order: loaded, sources, exportNames } = loadedModules(libDir, entry);
  const { base: basePack } = PROFILES[entry];
  const inBase = new Set(basePack === undefined ? [] : loadedModules(libDir, basePack).order);
  const order = loaded.filter((key) => !inBase.has(key));
  const factories = order.map((key) => {
    const source = withoutComments(key, sources.get(key).replace(/^#!.*\n/, ''));
    // In parentheses, V8 compiles each module once, as it reads the file (every one of them runs).
    return `${JSON.stringify(key)}: (function (exports, require, module, __filename, __dirname) {\n${source}}),`;
  });
  // Each module's relative requires of packed modules (its own or the base's), resolved now rather
  // than on every load.
  const known = new Set(loaded);
  const deps = Object.fromEntries(order.map((key) => [key, Object.fromEntries(Object.entries(relativeRequires(libDir, key, sources.get(key)))
    .filter(([, target]) => known.has(target)))]));
  const packFile = packName(entry);
  const modulesFile = entry.replace(/\.js$/, '.pack-modules.js');
  const rootFromPack = path.relative(path.dirname(path.join(libDir, entry)), libDir) || '.';
  const modules = [
    '"use strict";',
    `${MARKER} from ${order.length} modules, for ${path.posix.basename(packFile)}; do not edit.`,
    'const factories = {',
    ...factories,
    '};',
    `const deps = ${JSON.stringify(deps)};`,
    RUNTIME.replace('ROOT', JSON.stringify(rootFromPack)).replace('ENTRY', JSON.stringify(entry)).trim(),
    '',
  ];
  const identifiers = exportNames.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  const pack = [
    `${/^#!.*\n/.exec(sources.get(entry))?.[0] ?? ''}"use strict";`,
    `${MARKER}: ${entry} and the modules it loads (in ${path.posix.basename(modulesFile)}); do not edit.`,
    ...(basePack === undefined ? [] : [`require(${JSON.stringify(relativeTo(entry, packName(basePack)))});`]),
    `module.exports = require(${JSON.stringify(relativeTo(entry, modulesFile))})(module);`,
    ...(identifiers.length === 0 ? [] : [
      '// The export names, for Node\'s ESM import of this file (never runs).',
      `0 && (module.exports = { ${identifiers.join(', ')} });`,
    ]),
    '',
  ];
  return { [packFile]: pack.join('\n'), [modulesFile]: modules.join('\n') };
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

module.exports = { packFiles, packedEntries };

if (require.main === module) {
  main();
}
