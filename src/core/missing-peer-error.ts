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
    const packages = Object.keys(supportedVersions);
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
