#!/usr/bin/env node
// Builds the jsii assembly in a staging directory. The npm package has optional peers that jsii
// cannot take (Pulumi is no jsii module; of the cdk8s-plus lines an assembly can depend on one), so
// the assembly is compiled from a copy of the sources with a package.json that keeps only the peers
// the jsii entry point uses. The staging directory is also what jsii-pacmak packs for other languages.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const staging = path.join(root, 'build', 'jsii');
const modulesDir = path.join(root, 'src', 'jsii-modules');
// cdk8s, constructs, and the one cdk8s-plus line whose ProxyAwareDeployment a jsii module exports.
const jsiiPeers = ['cdk8s', 'constructs', ...new Set(fs.readdirSync(modulesDir)
  .flatMap((file) => [...fs.readFileSync(path.join(modulesDir, file), 'utf8').matchAll(/cdk8s\/plus\/(cdk8s-plus-\d+)'/g)].map((match) => match[1])))];

function stagingPackageJson(pkg) {
  const peerDependencies = Object.fromEntries(jsiiPeers.map((name) => [name, pkg.peerDependencies[name]]));
  const devDependencies = Object.fromEntries(jsiiPeers.map((name) => [name, pkg.devDependencies[name]]));
  return {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    license: pkg.license,
    author: pkg.author,
    repository: pkg.repository,
    homepage: pkg.homepage,
    keywords: pkg.keywords,
    stability: pkg.stability,
    main: 'lib/jsii.js',
    files: ['lib', '.jsii', 'README.md', 'LICENSE'],
    types: 'lib/jsii.d.ts',
    dependencies: pkg.dependencies,
    bundledDependencies: Object.keys(pkg.dependencies),
    peerDependencies,
    devDependencies,
    jsii: {
      ...pkg.jsii,
      tsconfig: 'tsconfig.jsii.json',
      validateTsconfig: 'minimal',
    },
  };
}

// In the assembly a manifest is a JSON object: a jsii struct holds only the fields it declares, so a
// KubeObject struct would lose every kind-specific field (spec, data...) on its way between the
// library and Python, Java, Go or .NET. TypeScript keeps the typed interfaces.
const MANIFEST_TYPES = /export interface KubeObject \{[^}]*\}\n[\s\S]*?export interface SecretObject extends KubeObject \{[^}]*\{[^}]*\};\n\}\n[\s\S]*?\): object is SecretObject \{/;
const JSON_MANIFEST_TYPES = [
  '/** Any Kubernetes object (apiVersion, kind, metadata and kind-specific fields), as JSON. */',
  'export type KubeObject = { readonly [field: string]: any };',
  '/** A Secret manifest, as JSON. */',
  'export type SecretObject = KubeObject;',
  '',
  '/** True for a Secret manifest (whose values the adapters must treat as sensitive). */',
  'export function isSecretObject(object: KubeObject): boolean {',
].join('\n');

function useJsonManifests(file) {
  const source = fs.readFileSync(file, 'utf8');
  if (!MANIFEST_TYPES.test(source)) {
    throw new Error(`${file}: the KubeObject and SecretObject declarations changed; update scripts/jsii/build.js`);
  }
  fs.writeFileSync(file, source.replace(MANIFEST_TYPES, JSON_MANIFEST_TYPES));
}

// jsii names a type by the submodule whose barrel reaches its declaration through `export *`
// only: a named re-export (`export { X } from`) gives the type no submodule, and jsii then reports it
// as unexported. The area barrels name their public types one by one, which TypeScript users see, so
// in the staging copy each barrel that a jsii module reaches is rewritten to `export *` from the same
// files, and every other type those files export is marked `@jsii ignore`. The barrels stay the one
// list of each area's public types, for TypeScript and every jsii language alike.
function flattenBarrel(file, flattened) {
  if (flattened.has(file)) return;
  flattened.add(file);
  const ts = require(require.resolve('typescript', { paths: [root] }));
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const publicNames = new Map();
  const lines = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const specifier = statement.moduleSpecifier.text;
    const target = path.resolve(path.dirname(file), `${specifier}.ts`);
    if (!statement.exportClause) {
      if (fs.existsSync(target)) flattenBarrel(target, flattened);
      else flattenBarrel(path.resolve(path.dirname(file), specifier, 'index.ts'), flattened);
      lines.push(statement.getText());
      continue;
    }
    if (!ts.isNamedExports(statement.exportClause)) throw new Error(`${file}: unexpected export form: ${statement.getText()}`);
    if (!publicNames.has(target)) {
      publicNames.set(target, new Set());
      lines.push(`export * from '${specifier}';`);
    }
    for (const element of statement.exportClause.elements) {
      if (element.propertyName) throw new Error(`${file}: a renamed export cannot become \`export *\`: ${statement.getText()}`);
      publicNames.get(target).add(element.name.text);
    }
  }
  if (publicNames.size === 0) return;
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  for (const [target, names] of publicNames) ignoreOtherTypes(ts, target, names);
}

function ignoreOtherTypes(ts, file, publicNames) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const kinds = [ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.ClassDeclaration, ts.SyntaxKind.EnumDeclaration];
  const hidden = source.statements.filter((statement) => kinds.includes(statement.kind)
    && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    && !publicNames.has(statement.name.text));
  let result = text;
  for (const statement of hidden.reverse()) {
    const start = statement.getStart(source, false);
    result = `${result.slice(0, start)}/** @jsii ignore */\n${result.slice(start)}`;
  }
  fs.writeFileSync(file, result);
}

// What the language packages are built from: the assembly and the JavaScript beside it.
function stagedContentHash() {
  const hash = require('node:crypto').createHash('sha256');
  const files = fs.readdirSync(path.join(staging, 'lib'), { recursive: true, encoding: 'utf8' }).map((file) => path.join('lib', file)).sort();
  for (const file of ['.jsii', ...files]) {
    const full = path.join(staging, file);
    if (fs.statSync(full).isFile()) hash.update(`${file}\0`).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

function main() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  // The staged assembly keeps its time when a rebuild leaves the package as it was, so the
  // language packages built from it (scripts/jsii/<language>.sh) are not rebuilt for nothing.
  const hashFile = path.join(staging, '.content-sha256');
  const assemblyFile = path.join(staging, '.jsii');
  const previous = fs.existsSync(hashFile) && fs.existsSync(assemblyFile)
    ? { hash: fs.readFileSync(hashFile, 'utf8'), time: fs.statSync(assemblyFile).mtime } : undefined;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.cpSync(path.join(root, 'src'), path.join(staging, 'src'), { recursive: true });
  useJsonManifests(path.join(staging, 'src', 'core', 'primitives', 'k8s', 'manifest.ts'));
  const flattened = new Set();
  const modules = path.join(staging, 'src', 'jsii-modules');
  for (const file of fs.readdirSync(modules)) flattenBarrel(path.join(modules, file), flattened);
  for (const file of ['README.md', 'LICENSE']) fs.copyFileSync(path.join(root, file), path.join(staging, file));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(staging, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(stagingPackageJson(pkg), undefined, 2)}\n`);
  fs.copyFileSync(path.join(__dirname, 'tsconfig.jsii.json'), path.join(staging, 'tsconfig.jsii.json'));
  execFileSync(process.execPath, [require.resolve('jsii/bin/jsii', { paths: [root] }), '--silence-warnings=reserved-word'], { cwd: staging, stdio: 'inherit' });
  fs.copyFileSync(path.join(staging, '.jsii'), path.join(root, '.jsii'));
  const hash = stagedContentHash();
  fs.writeFileSync(hashFile, hash);
  if (previous?.hash === hash) fs.utimesSync(assemblyFile, previous.time, previous.time);
}

main();
