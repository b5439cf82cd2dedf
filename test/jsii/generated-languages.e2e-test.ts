import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStagedAssembly, STAGING as staging } from './staged-assembly';
import { runInNamespace } from '../conformance/support/namespace';

/**
 * jsii-pacmak generates the Python, Java, Go and .NET sources from the assembly. Building their
 * packages needs PyPI, Maven Central, NuGet and the Go proxy, which this machine cannot reach, so
 * the sources are checked with the tools it has (Python's compiler, gofmt, `go list` for the import
 * graph), and the Python example is checked call by call against the assembly.
 */

const root = join(__dirname, '..', '..');
const example = join(root, 'examples', 'python', 'main.py');
const MODULE = 'cluster_proxy_constructs';
/** What `go list -json` says of a package. */
interface GoPackage { readonly ImportPath: string; readonly Imports: string[]; readonly Error?: { readonly Err: string } }

interface Property { readonly name: string }
interface Parameter { readonly name: string; readonly type: { readonly fqn?: string } }
interface JsiiType {
  readonly kind: 'class' | 'interface' | 'enum';
  readonly datatype?: boolean;
  readonly properties?: Property[];
  readonly interfaces?: string[];
  readonly initializer?: { readonly parameters?: Parameter[] };
  readonly members?: Array<{ readonly name: string }>;
}
interface Assembly { readonly name: string; readonly types: Record<string, JsiiType>; readonly submodules?: Record<string, unknown> }

/** A jsii type reference: a named type, a primitive, a collection of a type, or a union. */
interface TypeReference { readonly union?: unknown; readonly collection?: { readonly elementtype: TypeReference } }
interface Typed { readonly name: string; readonly type: TypeReference }
interface AssemblyMembers {
  readonly properties?: Typed[];
  readonly initializer?: { readonly parameters?: Typed[] };
  readonly methods?: Array<{ readonly name: string; readonly parameters?: Typed[]; readonly returns?: { readonly type: TypeReference } }>;
}

function holdsUnion(type: TypeReference): boolean {
  return type.union !== undefined || (type.collection !== undefined && holdsUnion(type.collection.elementtype));
}

/** What the example does, read with Python's own parser. */
interface PythonUsage {
  /** Each imported name, with the Python module it is imported from. */
  readonly imports: Record<string, string>;
  readonly calls: Array<{ readonly name: string; readonly positional: number; readonly keywords: string[]; readonly line: number }>;
  readonly attributes: Array<{ readonly owner: string; readonly name: string; readonly line: number }>;
}

const READ_USAGE = `
import ast, json, sys
tree = ast.parse(open(sys.argv[1]).read())
imports = {a.name: n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module.split(".")[0] == sys.argv[2] for a in n.names}
calls = [{"name": n.func.id, "positional": len(n.args), "keywords": [k.arg for k in n.keywords], "line": n.lineno}
         for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in imports]
attributes = [{"owner": n.value.id, "name": n.attr, "line": n.lineno}
              for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in imports]
print(json.dumps({"imports": imports, "calls": calls, "attributes": attributes}))
`;

/** jsii's Python name for a property or parameter: snake_case. */
function pythonName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

/** The assemblies of the dependencies (cdk8s, cdk8s-plus-33...), as their npm packages ship them. */
const dependencyAssemblies = new Map<string, Assembly>();

/** A type of the assembly or of a dependency's: a struct's bases may come from both (ProxyAwareDeploymentProps extends cdk8s-plus-33's DeploymentProps). */
function findType(assembly: Assembly, fqn: string): JsiiType | undefined {
  const owner = fqn.split('.')[0];
  if (owner === assembly.name) return assembly.types[fqn];
  if (!dependencyAssemblies.has(owner)) {
    dependencyAssemblies.set(owner, JSON.parse(readFileSync(join(root, 'node_modules', owner, '.jsii'), 'utf8')) as Assembly);
  }
  return dependencyAssemblies.get(owner)!.types[fqn];
}

function structProperties(assembly: Assembly, fqn: string): string[] {
  const type = findType(assembly, fqn);
  if (!type) throw new Error(`${fqn} is in no assembly`);
  return [...(type.properties ?? []).map((p) => p.name), ...(type.interfaces ?? []).flatMap((base) => structProperties(assembly, base))];
}

/** The keyword arguments a constructor takes in Python, and how many positional ones. */
function pythonSignature(assembly: Assembly, fqn: string): { positional: number; keywords: Set<string> } {
  const type = assembly.types[fqn];
  if (type.kind === 'interface' && type.datatype) {
    return { positional: 0, keywords: new Set(structProperties(assembly, fqn).map(pythonName)) };
  }
  const parameters = type.initializer?.parameters ?? [];
  const last = parameters[parameters.length - 1];
  const lastIsStruct = last?.type.fqn !== undefined && findType(assembly, last.type.fqn)?.datatype === true;
  return {
    positional: lastIsStruct ? parameters.length - 1 : parameters.length,
    keywords: new Set(lastIsStruct ? structProperties(assembly, last.type.fqn!).map(pythonName) : parameters.map((p) => pythonName(p.name))),
  };
}

describe('generated languages', () => {
  let out: string;
  let assembly: Assembly;

  beforeAll(() => {
    assembly = readStagedAssembly<Assembly>();
    out = mkdtempSync(join(tmpdir(), 'pacmak-'));
    execFileSync(process.execPath, [require.resolve('jsii-pacmak/bin/jsii-pacmak'), staging, '--code-only', '--outdir', out,
      '--targets', 'python', 'java', 'go', 'dotnet'], { stdio: 'pipe' });
  });

  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  test('pacmak writes a package for each language, with the metadata of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const setup = readFileSync(join(out, 'python', 'setup.py'), 'utf8');
    expect(setup).toContain('"name": "cluster-proxy-constructs"');
    expect(setup).toContain(`"version": "${pkg.version}"`);
    const pom = readFileSync(join(out, 'java', 'pom.xml'), 'utf8');
    expect(pom).toContain('<artifactId>cluster-proxy-constructs</artifactId>');
    expect(pom).toContain('<groupId>io.github.cluster-proxy-constructs</groupId>');
    expect(readdirSync(join(out, 'dotnet'))).toContain('ClusterProxyConstructs');
    expect(readFileSync(join(out, 'go', 'clusterproxyconstructs', 'go.mod'), 'utf8'))
      .toContain('module github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs');
  });

  test('the generated Python compiles, and so does the example', () => {
    execFileSync('python3', ['-m', 'compileall', '-q', join(out, 'python', 'src')], { stdio: 'pipe' });
    execFileSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])', example], { stdio: 'pipe' });
    const capi = readFileSync(join(out, 'python', 'src', MODULE, 'capi', '__init__.py'), 'utf8');
    expect(capi).toMatch(/^class ProxiedCluster\(/m);
    expect(capi).toMatch(/^class OsFamily\(enum\.Enum\):/m);
  });

  test('the generated Go parses (gofmt exits 2 on a syntax error)', () => {
    const dir = join(out, 'go', 'clusterproxyconstructs');
    const goFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.go'));
    expect(goFiles.length).toBeGreaterThan(100);
    execFileSync('gofmt', ['-e', '-l', dir], { stdio: 'pipe' });
  });

  test('the Go packages import one another without a cycle (go list reports the cycle Go would reject)', () => {
    const dir = join(out, 'go', 'clusterproxyconstructs');
    const module = 'github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs';
    const home = mkdtempSync(join(tmpdir(), 'go-list-'));
    try {
      // The dependencies (jsii runtime, cdk8s, constructs) are not on this machine, and nothing is
      // fetched: module lookups are off, and the namespace has no network device anyway.
      const run = runInNamespace(['env', `HOME=${home}`, `GOPATH=${join(home, 'path')}`, `GOCACHE=${join(home, 'cache')}`,
        'GOPROXY=off', 'GOSUMDB=off', 'GOFLAGS=-mod=mod', 'bash', '-c', 'cd "$1" && exec go list -e -json=ImportPath,Imports,Error ./...', 'go-list', dir], 120_000);
      expect(run.status).toBe(0);
      const packages = run.stdout.split(/\n(?=\{)/).map((text) => JSON.parse(text) as GoPackage);
      const submodules = Object.keys(assembly.submodules ?? {}).map((fqn) => `${module}/${fqn.split('.').slice(1).join('/')}`);
      expect(submodules.length).toBeGreaterThan(4);
      expect(packages.map((p) => p.ImportPath)).toEqual(expect.arrayContaining(submodules));
      expect(packages.filter((p) => p.Error !== undefined).map((p) => `${p.ImportPath}: ${p.Error!.Err}`)).toEqual([]);
      // The root package builds on no area: only its own generated helpers.
      const rootImports = packages.find((p) => p.ImportPath === module)!.Imports.filter((path) => path.startsWith(`${module}/`));
      expect(rootImports.sort()).toEqual([`${module}/internal`, `${module}/jsii`]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('jsii-docgen writes the Python API reference from the assembly', () => {
    const page = join(out, 'python-api.md');
    execFileSync(process.execPath, [require.resolve('jsii-docgen/bin/jsii-docgen'), '--language', 'python', '--output', page], { cwd: staging, stdio: 'pipe' });
    const reference = readFileSync(page, 'utf8');
    expect(reference).toContain('from cluster_proxy_constructs import capi\n\ncapi.ProxiedCluster(');
    expect(reference).toMatch(/os_family: OsFamily = None/);
  });

  test('no property, parameter or return value of the assembly is a union: each has one type in every language', () => {
    const unions: string[] = [];
    for (const [fqn, type] of Object.entries(assembly.types as Record<string, AssemblyMembers>)) {
      for (const property of type.properties ?? []) {
        if (holdsUnion(property.type)) unions.push(`${fqn}.${property.name}`);
      }
      for (const method of [...(type.methods ?? []), ...(type.initializer ? [{ ...type.initializer, name: '<init>' }] : [])]) {
        for (const parameter of method.parameters ?? []) {
          if (holdsUnion(parameter.type)) unions.push(`${fqn}.${method.name}(${parameter.name})`);
        }
        if (method.returns && holdsUnion(method.returns.type)) unions.push(`${fqn}.${method.name}()`);
      }
    }
    expect(unions).toEqual([]);
    // The check itself: a union inside a list is found.
    expect(holdsUnion({ collection: { elementtype: { union: { types: [] } } } })).toBe(true);
  });

  test('every class, struct, keyword and enum member the Python example uses exists in the assembly', () => {
    const usage = JSON.parse(execFileSync('python3', ['-c', READ_USAGE, example, MODULE], { encoding: 'utf8' })) as PythonUsage;
    expect(usage.imports).toMatchObject({ ProxySettings: MODULE, ClusterNetwork: MODULE, ProxiedCluster: `${MODULE}.capi` });
    // A Python module is a jsii module: cluster_proxy_constructs.capi holds cluster-proxy-constructs.capi's types.
    const fqn = (name: string): string => `${usage.imports[name].replace(MODULE, assembly.name)}.${name}`;
    const problems: string[] = [];
    for (const name of Object.keys(usage.imports)) {
      if (!assembly.types[fqn(name)]) problems.push(`${name} is not in the assembly`);
    }
    for (const call of usage.calls) {
      const { positional, keywords } = pythonSignature(assembly, fqn(call.name));
      if (call.positional !== positional) problems.push(`line ${call.line}: ${call.name} takes ${positional} positional arguments, not ${call.positional}`);
      for (const keyword of call.keywords) {
        if (!keywords.has(keyword)) problems.push(`line ${call.line}: ${call.name} has no keyword ${keyword}`);
      }
    }
    for (const attribute of usage.attributes) {
      const type = assembly.types[fqn(attribute.owner)];
      if (type?.kind === 'enum' && !type.members?.some((m) => m.name === attribute.name)) {
        problems.push(`line ${attribute.line}: ${attribute.owner} has no member ${attribute.name}`);
      }
    }
    expect(problems).toEqual([]);
    expect(usage.calls.length).toBeGreaterThan(10);
  });
});
