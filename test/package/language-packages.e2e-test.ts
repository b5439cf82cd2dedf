import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `npm run package` leaves in dist/ (`test:e2e` runs it before these suites): every language's
 * package, each at package.json's version and each depending on the peers the assembly names,
 * ready for a release workflow to publish. The example app suites (test/jsii/*-app.e2e-test.ts)
 * install and run the Python, Java and Go ones.
 */

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const assembly = JSON.parse(readFileSync(join(ROOT, '.jsii'), 'utf8')) as { dependencies: Record<string, string> };
/** The assembly's dependencies (cdk8s, constructs, its cdk8s-plus line), which every package must require. */
const peers = Object.keys(assembly.dependencies).sort();

function distFile(...path: string[]): string {
  const file = join(DIST, ...path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run package\` (test:e2e runs it first)`);
  return file;
}

/** A file of a zip archive (a wheel, a jar), read with Python's zipfile. */
function zipEntry(archive: string, entry: string): string {
  return execFileSync('python3', ['-c', 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())', archive, entry], { encoding: 'utf8' });
}

describe('npm run package', () => {
  const { version } = pkg;

  test('npm: the tarball of this version', () => {
    expect(readdirSync(distFile('js'))).toEqual([`${pkg.name}-${version}.tgz`]);
  });

  test('Python: a wheel and an sdist of this version, requiring the assembly\'s peers and the jsii runtime', () => {
    expect(readdirSync(distFile('python')).sort()).toEqual([`cluster_proxy_constructs-${version}-py3-none-any.whl`, `cluster_proxy_constructs-${version}.tar.gz`]);
    const metadata = zipEntry(distFile('python', `cluster_proxy_constructs-${version}-py3-none-any.whl`), `cluster_proxy_constructs-${version}.dist-info/METADATA`);
    expect(metadata).toMatch(new RegExp(`^Version: ${version.replace(/\./g, '\\.')}$`, 'm'));
    const requires = [...metadata.matchAll(/^Requires-Dist: ([a-z0-9-]+)/gm)].map((match) => match[1]);
    expect(requires).toEqual(expect.arrayContaining([...peers, 'jsii']));
  });

  test('Java: the jar, its sources, its javadoc and its pom of this version in a Maven repository, depending on the peers', () => {
    const dir = ['java', 'io', 'github', 'cluster-proxy-constructs', 'cluster-proxy-constructs', version];
    const base = `cluster-proxy-constructs-${version}`;
    for (const file of [`${base}.jar`, `${base}-sources.jar`, `${base}-javadoc.jar`]) distFile(...dir, file);
    const pom = readFileSync(distFile(...dir, `${base}.pom`), 'utf8');
    expect(pom).toContain(`<version>${version}</version>`);
    const artifacts = [...pom.matchAll(/<artifactId>([^<]+)<\/artifactId>/g)].map((match) => match[1]);
    expect(artifacts).toEqual(expect.arrayContaining(['cdk8s', 'cdk8s-plus-33', 'constructs', 'jsii-runtime']));
    expect(zipEntry(distFile(...dir, `${base}.jar`), 'META-INF/MANIFEST.MF')).toContain('Manifest-Version');
  });

  test('Go: the module tree of this version, embedding the npm tarball, requiring the peers\' Go modules', () => {
    const module = ['go', 'clusterproxyconstructs'];
    expect(readFileSync(distFile(...module, 'version'), 'utf8').trim()).toBe(version);
    const goMod = readFileSync(distFile(...module, 'go.mod'), 'utf8');
    expect(goMod).toMatch(/^module github\.com\/cluster-proxy-constructs\/cluster-proxy-constructs-go\/clusterproxyconstructs$/m);
    expect(goMod).toMatch(/cdk8s-core-go\/cdk8s\/v2 v/);
    expect(goMod).toMatch(/cdk8s-plus-go\/cdk8splus33\/v2 v/);
    expect(readdirSync(distFile(...module, 'jsii'))).toContain(`${pkg.name}-${version}.tgz`);
  });

  test('.NET: the NuGet package where the .NET SDK is installed, else its C# project of this version', () => {
    const files = readdirSync(distFile('dotnet'));
    const nupkg = files.filter((file) => file.endsWith('.nupkg'));
    if (nupkg.length > 0) {
      expect(nupkg).toEqual([`ClusterProxyConstructs.${version}.nupkg`]);
      return;
    }
    const project = readFileSync(distFile('dotnet', 'ClusterProxyConstructs', 'ClusterProxyConstructs.csproj'), 'utf8');
    expect(project).toContain(`<PackageVersion>${version}</PackageVersion>`);
    expect(project).toContain('Include="Org.Cdk8s.Plus33"');
  });
});
