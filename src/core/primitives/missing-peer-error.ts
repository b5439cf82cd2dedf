/* eslint-disable @typescript-eslint/no-require-imports */
import type * as errors from './errors';

/** An entry point of this package, as a program imports it. */
const ENTRY_POINT = /^cluster-proxy-constructs(\/[a-z0-9-]+)?$/;
/** An npm package name, scoped or not. */
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
/** A semver range as package.json writes one (printable, short). */
const VERSION_RANGE = /^[\x20-\x7e]{1,64}$/;

/**
 * Thrown when a program imports an entry point whose framework is not installed: cdk8s, constructs,
 * a cdk8s-plus line and Pulumi are optional peer dependencies, so that a project installs only the
 * framework it uses. The message names the entry point, each missing package with the versions
 * this library supports, and the command that installs them.
 *
 * @jsii ignore Only the TypeScript entry points check their peers: the jsii packages depend on theirs.
 */
export class MissingPeerDependencyError extends Error {
  /** The entry point that needs the packages, e.g. `cluster-proxy-constructs/pulumi`. */
  public readonly entryPoint: string;
  /** The missing packages, as npm names them. */
  public readonly packages: readonly string[];
  /** `MODULE_NOT_FOUND`, Node's code for a module that cannot be loaded, as code that checks it expects. */
  public readonly code: string = 'MODULE_NOT_FOUND';

  /**
   * @param entryPoint the entry point being imported
   * @param supportedVersions each missing package and the versions supported (its peer dependency range)
   */
  constructor(entryPoint: string, supportedVersions: Readonly<Record<string, string>>) {
    const packages = checkedPackages(entryPoint, supportedVersions);
    const missing = packages.map((name) => `${name} (${supportedVersions[name]})`).join(', ');
    // Quoted: a range's `^` or `<` means something to a shell.
    const install = packages.map((name) => `"${name}@${supportedVersions[name]}"`).join(' ');
    super(`${entryPoint} needs ${missing}: not installed (optional peer dependencies of cluster-proxy-constructs, `
      + `installed only by the projects that use an entry point built on them). Install with: npm install ${install}`);
    this.name = 'MissingPeerDependencyError';
    this.entryPoint = entryPoint;
    this.packages = packages;
  }
}

/**
 * The packages of `supportedVersions`, after checking that the message will hold only an entry
 * point, package names and version ranges (the class is public, so anything may be passed).
 */
function checkedPackages(entryPoint: unknown, supportedVersions: unknown): string[] {
  // loaded only for bad arguments: the peer checks run before anything else of the library loads
  const invalidValue: typeof errors.invalidValue = (...args) => (require('./errors') as typeof errors).invalidValue(...args);
  if (typeof entryPoint !== 'string' || !ENTRY_POINT.test(entryPoint)) {
    throw invalidValue('entryPoint', entryPoint, 'must be an entry point of cluster-proxy-constructs, such as "cluster-proxy-constructs/pulumi"');
  }
  if (typeof supportedVersions !== 'object' || supportedVersions === null || Array.isArray(supportedVersions)
    || Object.keys(supportedVersions).length === 0) {
    throw invalidValue('supportedVersions', supportedVersions, 'must map each missing package to its supported versions');
  }
  for (const [name, range] of Object.entries(supportedVersions)) {
    if (!PACKAGE_NAME.test(name)) {
      throw invalidValue('supportedVersions', name, 'must name npm packages');
    }
    if (typeof range !== 'string' || !VERSION_RANGE.test(range)) {
      throw invalidValue(`supportedVersions[${JSON.stringify(name)}]`, range, 'must be a version range');
    }
  }
  return Object.keys(supportedVersions);
}
