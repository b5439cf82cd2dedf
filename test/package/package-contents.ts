/**
 * What the npm package is meant to hold, whatever else a checkout or a build has next to it: the
 * files npm always adds (package.json, README.md, LICENSE), the jsii assembly, API.md, lib/'s
 * JavaScript and type declarations, and the guides and API pages in docs/.
 */
export function isMeantForThePackage(path: string): boolean {
  return ['package.json', 'README.md', 'LICENSE', 'API.md', '.jsii'].includes(path)
    || /^lib\/.+\.(js|d\.ts)$/.test(path)
    || /^docs\/.+\.md$/.test(path);
}
