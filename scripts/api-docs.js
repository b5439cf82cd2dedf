#!/usr/bin/env node
// Generates the API reference from the doc comments of the public entry points: one page per entry
// point in docs/api/ (typedoc-plugin-markdown's module router, members as lists so every anchor
// is a heading), and API.md, an index of those pages. Deterministic; fails when any link between
// the pages points to no page or anchor, or an anchor is defined twice on a page.
// Usage: node scripts/api-docs.js <output root>   (writes <root>/API.md and <root>/docs/api/*.md)
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { anchorsOf } = require('./markdown-anchors');

const root = path.resolve(__dirname, '..');
const outputRoot = path.resolve(root, process.argv[2] || '.');
// [source, import path, what it holds]
const entryPoints = [
  ['src/index.ts', 'cluster-proxy-constructs', 'the pure core: definition, validation, NO_PROXY engine, renderers'],
  ['src/cdk8s/index.ts', 'cluster-proxy-constructs/cdk8s', 'cdk8s constructs'],
  ['src/cdk8s/plus/index.ts', 'cluster-proxy-constructs/cdk8s-plus',
    'ProxyAwareDeployment on cdk8s-plus-28; `/cdk8s-plus-29` to `/cdk8s-plus-33` have the same API on their own line'],
  ['src/pulumi/index.ts', 'cluster-proxy-constructs/pulumi', 'Pulumi components'],
].filter(([file]) => fs.existsSync(path.join(root, file)));

// One typedoc run over every entry point, so references between modules (an adapter taking a core
// type) resolve; the module router writes one page per entry point, named after its folder.
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'api-docs-'));
// Inherited members (e.g. Pulumi's isInstance) link to the frameworks' own types; typedoc reads
// this option only from an options file.
const optionsFile = path.join(out, 'typedoc.json');
fs.writeFileSync(optionsFile, JSON.stringify({
  // `@jsii ignore` marks TypeScript-only members for the jsii compiler (tsdoc.json declares the tag).
  excludeTags: ['@jsii'],
  externalSymbolLinkMappings: {
    '@pulumi/pulumi': { '*': 'https://www.pulumi.com/docs/reference/pkg/nodejs/pulumi/pulumi/' },
    '@pulumi/kubernetes': { '*': 'https://www.pulumi.com/registry/packages/kubernetes/api-docs/' },
    'cdk8s': { '*': 'https://cdk8s.io/docs/latest/reference/cdk8s/typescript/' },
    'constructs': { '*': 'https://cdk8s.io/docs/latest/reference/cdk8s/typescript/' },
    'cdk8s-plus-28': { '*': 'https://cdk8s.io/docs/latest/plus/' },
  },
}));
const docsOut = path.join(out, 'docs');
execFileSync(process.execPath, [
  path.join(root, 'node_modules', 'typedoc', 'bin', 'typedoc'),
  '--plugin', 'typedoc-plugin-markdown',
  ...entryPoints.flatMap(([file]) => ['--entryPoints', file]),
  '--out', docsOut,
  '--readme', 'none',
  '--router', 'module',
  '--disableSources',
  '--hidePageHeader',
  '--hideBreadcrumbs',
  '--excludePrivate',
  '--excludeInternal',
  '--sort', 'alphabetical',
  // members as headings (GitHub gives each its own anchor); tables would repeat one
  // `property-<name>` anchor for every type on the page that has such a property
  '--parametersFormat', 'table',
  '--interfacePropertiesFormat', 'list',
  '--classPropertiesFormat', 'list',
  '--typeDeclarationFormat', 'table',
  '--enumMembersFormat', 'table',
  '--options', optionsFile,
  '--treatWarningsAsErrors',
  '--logLevel', 'Warn',
], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

// typedoc names module pages after the entry point's path relative to the common root (src/); a
// module with namespaces (the root's areas) becomes a folder: its README.md, and one page per
// namespace under namespaces/. Here every page sits in docs/api/, named after its import path.
const modulePath = (file) => path.relative('src', path.dirname(file)) || 'index';
const pageName = (file) => (modulePath(file) === 'index' ? 'core.md' : `${modulePath(file).replace(/\//g, '-')}.md`); // cdk8s/plus -> cdk8s-plus.md
const sources = entryPoints.flatMap(([file, importPath, what]) => {
  const folder = path.join(docsOut, modulePath(file));
  if (!fs.existsSync(path.join(folder, 'README.md'))) {
    return [{ page: entryPoints.length === 1 ? 'README.md' : `${modulePath(file)}.md`, name: pageName(file), title: `\`${importPath}\``, importPath, what }];
  }
  const namespaces = fs.readdirSync(path.join(folder, 'namespaces')).sort().map((namespaceFile) => {
    const namespace = path.basename(namespaceFile, '.md');
    return { page: `${modulePath(file)}/namespaces/${namespaceFile}`, name: pageName(file).replace(/\.md$/, `-${namespace}.md`),
      title: `\`${importPath}\`: \`${namespace}\``, namespace };
  });
  return [{ page: `${modulePath(file)}/README.md`, name: pageName(file), title: `\`${importPath}\``, importPath, what, namespaces }, ...namespaces];
});
const renamed = Object.fromEntries(sources.map((source) => [source.page, source.name]));
const pages = sources.map(({ page: typedocPage, name, title }) => {
  let body = fs.readFileSync(path.join(docsOut, typedocPage), 'utf8').replace(/^# .*\n+/, ''); // title: the import path
  // links between pages: typedoc writes them relative to the page's folder; all pages share one folder here
  body = body.replace(/\]\(((?:\.\.\/)*)([\w/-]+\.md)(#[^)]*)?\)/g, (match, up, target, anchor) => {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(typedocPage), up, target));
    const page = renamed[resolved];
    if (page === undefined) {
      return match;
    }
    return page === name ? `](${anchor || '#'})` : `](${page}${anchor || ''})`;
  });
  return { name, text: `# ${title}\n\n${body.trim()}\n` };
});
fs.rmSync(out, { recursive: true, force: true });
relinkByName(pages);

const marker = '<!-- Generated by scripts/api-docs.js from doc comments. Do not edit: run `npx projen docgen`. -->\n\n';
const index = `${marker}# API reference

One page per entry point, generated from the doc comments (which the package's type declarations
carry too, for your editor):

${sources.filter((source) => source.namespace === undefined).map((source) => {
    const namespaces = (source.namespaces ?? []).map((namespace) => `  - [\`${namespace.namespace}\`](docs/api/${namespace.name})`);
    return [`- [\`${source.importPath}\`](docs/api/${source.name}): ${source.what}`, ...namespaces].join('\n');
  }).join('\n')}
`;

const apiDir = path.join(outputRoot, 'docs', 'api');
fs.rmSync(apiDir, { recursive: true, force: true });
fs.mkdirSync(apiDir, { recursive: true });
for (const page of pages) {
  fs.writeFileSync(path.join(apiDir, page.name), marker + page.text);
}
fs.writeFileSync(path.join(outputRoot, 'API.md'), index);
checkLinks(pages);

/**
 * typedoc numbers repeated heading anchors (`#proxyenvironment-3`) by its own count, which does not
 * match the page when a function and a type share a name (`proxyEnvironment()`, `ProxyEnvironment`).
 * A link whose anchor is not on its page goes to the heading named exactly like the link's text.
 */
function relinkByName(allPages) {
  const headings = new Map(allPages.map((page) => [page.name, anchorsOf(page.text).byHeading]));
  for (const page of allPages) {
    const own = anchorsOf(page.text).ids;
    page.text = page.text.replace(/\[`?([\w$]+)`?\]\(([\w.-]*\.md)?#([^)]+)\)/g, (match, name, target, anchor) => {
      const targetPage = target ?? page.name;
      const known = targetPage === page.name ? own : anchorsOf(allPages.find((p) => p.name === targetPage)?.text ?? '').ids;
      const fixed = headings.get(targetPage)?.get(name);
      return known.has(anchor) || fixed === undefined ? match : match.replace(`#${anchor})`, `#${fixed})`);
    });
  }
}

/** Every `](page#anchor)` and `](#anchor)` link must hit a page and a heading or HTML anchor on it. */
function checkLinks(allPages) {
  const anchors = new Map(allPages.map((page) => [page.name, anchorsOf(page.text)]));
  const problems = [];
  for (const page of allPages) {
    for (const [, target, anchor] of page.text.matchAll(/\]\(([\w.-]*\.md)?(?:#([^)]*))?\)/g)) {
      const targetPage = target ?? page.name;
      const known = anchors.get(targetPage);
      if (known === undefined) {
        problems.push(`${page.name}: link to missing page ${target}`);
      } else if (anchor && !known.ids.has(anchor)) {
        problems.push(`${page.name}: link to missing anchor ${targetPage}#${anchor}`);
      }
    }
    for (const id of anchors.get(page.name).duplicates) {
      problems.push(`${page.name}: anchor ${id} defined twice`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`API docs have broken links or duplicate anchors:\n  ${[...new Set(problems)].slice(0, 40).join('\n  ')}`);
  }
}
