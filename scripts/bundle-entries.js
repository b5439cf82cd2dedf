#!/usr/bin/env node
// Bundles the package's entry points with esbuild. Node spends most of a cold `require` of a package
// made of many small modules on finding, reading and compiling each file; a bundle is one file.
//
// - The library's entry points (package.json "exports") share ONE bundle, `bundle.js`, which holds
//   each entry as a function that requires it: an entry point's file (`index.bundle.js`,
//   `cdk8s/index.bundle.js`...) calls its function. So a program loads the code of the entry points
//   it imports, and the root entry, the adapters and the cdk8s-plus lines share one instance of every
//   class (a ProxySettings from the root is a ProxySettings to the adapters).
// - The CLI (package.json "bin") is a program of its own: its own bundle. The commands that run on
//   their own (what src/cli/commands.ts requires: audit, check, import, render-secret) are bundles
//   of their own beside it, required when the command runs, so starting the CLI reads none of
//   their code. They share no objects with the CLI's bundle: each parses its arguments, catches its
//   own errors and hands back text.
// - What loads later loads later in the bundle too: esbuild keeps a module the source `require`s on
//   first use (the facades' `onFirstUse`, the CLI's commands) unrun until that call.
// - Dependencies and the optional peers stay outside (`packages: 'external'`), required where the
//   source imports them: an adapter's check that its framework is installed runs first and throws
//   MissingPeerDependencyError before anything requires the framework.
//
// Usage: node scripts/bundle-entries.js [output directory, default lib]
//   (the entries are those package.json points to: `./lib/x.bundle.js` is bundled from `src/x.ts`)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');
const SHARED = 'bundle.js';
const OPTIONS = { absWorkingDir: ROOT, bundle: true, platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' };

/** `./lib/cdk8s/index.bundle.js` -> `cdk8s/index` (the entry relative to the output directory, and to src/). */
const entryOf = (target) => {
  const match = /^(?:\.\/)?lib\/(.+)\.bundle\.js$/.exec(target);
  if (match === null) throw new Error(`${target}: package.json must point to lib/<entry>.bundle.js`);
  return match[1];
};

/** The library's entry points: `[subpath, entry]` for each export of package.json but its own package.json. */
function libraryEntries(pkg) {
  return Object.entries(pkg.exports).filter(([, target]) => typeof target === 'object').map(([subpath, target]) => [subpath, entryOf(target.default)]);
}

/** The names `entry` exports, read from its source by esbuild (for Node's ESM import of its CommonJS file). */
function exportNames(entry) {
  const { metafile } = esbuild.buildSync({ ...OPTIONS, entryPoints: [`src/${entry}.ts`], format: 'esm', write: false, metafile: true, outfile: 'names.js' });
  return Object.values(metafile.outputs)[0].exports;
}

/** The file of an entry point: its entry from the shared bundle. */
function entryFile(subpath, entry) {
  const shared = path.posix.relative(path.posix.dirname(entry), SHARED);
  const names = exportNames(entry).filter((name) => name !== 'default');
  return [
    '"use strict";',
    `// ${subpath === '.' ? 'The root entry point' : `The entry point ${subpath}`}: its code is in ${SHARED}, which all the entry points share. Written by scripts/bundle-entries.js.`,
    `module.exports = require(${JSON.stringify(shared.startsWith('.') ? shared : `./${shared}`)})[${JSON.stringify(subpath)}]();`,
    '// The export names, for Node\'s ESM import of this file (never runs).',
    `0 && (module.exports = { ${names.join(', ')} });`,
    '',
  ].join('\n');
}

async function main() {
  const outDir = path.resolve(process.argv[2] ?? 'lib');
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const entries = libraryEntries(pkg);
  const loaders = entries.map(([subpath, entry]) => `  ${JSON.stringify(subpath)}: () => require(${JSON.stringify(`./${entry}`)}),`);
  esbuild.buildSync({
    ...OPTIONS,
    stdin: { contents: `module.exports = {\n${loaders.join('\n')}\n};\n`, resolveDir: path.join(ROOT, 'src'), sourcefile: 'entry-points.js', loader: 'js' },
    format: 'cjs',
    outfile: path.join(outDir, SHARED),
  });
  for (const [subpath, entry] of entries) {
    fs.mkdirSync(path.dirname(path.join(outDir, entry)), { recursive: true });
    fs.writeFileSync(path.join(outDir, `${entry}.bundle.js`), entryFile(subpath, entry));
  }
  for (const target of Object.values(pkg.bin ?? {})) {
    const program = entryOf(target);
    const commands = new Set();
    // (plugins need esbuild's asynchronous API)
    await esbuild.build({ ...OPTIONS, entryPoints: [`src/${program}.ts`], format: 'cjs', outfile: path.join(outDir, `${program}.bundle.js`), plugins: [ownBundles(program, commands)] });
    fs.chmodSync(path.join(outDir, `${program}.bundle.js`), 0o755);
    for (const command of commands) {
      esbuild.buildSync({ ...OPTIONS, entryPoints: [`src/${command}.ts`], format: 'cjs', outfile: path.join(outDir, `${command}.bundle.js`) });
    }
  }
}

/**
 * Leaves what src/cli/commands.ts requires out of the bundle of `program`: each becomes a require of
 * its own bundle (added to `commands`, as an entry relative to src/).
 */
function ownBundles(program, commands) {
  const commandsFile = path.join(ROOT, 'src', 'cli', 'commands.ts');
  const commandsDir = path.posix.dirname(path.relative(path.join(ROOT, 'src'), commandsFile).split(path.sep).join('/'));
  return {
    name: 'command-bundles',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.importer !== commandsFile || args.kind !== 'require-call') return undefined;
        const command = path.posix.join(commandsDir, args.path);
        commands.add(command);
        return { path: `./${path.posix.relative(path.posix.dirname(program), command)}.bundle.js`, external: true };
      });
    },
  };
}

module.exports = { libraryEntries, entryOf };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
