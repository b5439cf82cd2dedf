import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importResultJson, importResultText, importResultTypeScript, nodeChangesText } from './import-formats';
import { ClusterNetworkProps } from '../core/definition/network';
import { adoptionFileOptions } from '../core/import/adoption';
import { IMPORT_SOURCES, importProxy, ImportResult } from '../core/import/import-proxy';
import { ImportSource } from '../core/import/imported-proxy';
import { nodeChanges, NodeObjectChanges, rollsNothing } from '../core/import/node-changes';
import { systemClassRollingFields } from '../core/import/system-class-adoption';
import { redactCredentials } from '../core/primitives/credential-mask';
import { describeValue, ProxyConfigError } from '../core/primitives/errors';
import { KubeObject } from '../core/primitives/k8s/manifest';
import { yamlLib } from '../core/primitives/lazy-modules';

/**
 * `cluster-proxy import --from SYSTEM FILE`: another system's proxy configuration as the library's
 * definition (JSON or a TypeScript snippet), with every normalisation noted and, when the cluster
 * network is known, what changes per HTTP client between the system's NO_PROXY and the library's.
 */

/** What a run produced. */
export interface ImportCommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const IMPORT_USAGE = `Usage:
  cluster-proxy import --from ${IMPORT_SOURCES.join('|')} FILE [--format text|json|ts]
                       [--pod-cidr CIDR]... [--service-cidr CIDR]... [--service-domain DOMAIN]
                       [--control-plane-endpoint HOST] [--machine-cidr CIDR]...
                       [--nodes MANIFEST [--cluster-name NAME] [--check-no-roll]]

Reads the proxy configuration another system uses (YAML or JSON):
  tkg           TKG cluster configuration (TKG_HTTP_PROXY...) or a ClusterClass-based Cluster
  giantswarm    cluster or provider chart values (global.connectivity.proxy) or cluster-values (cluster.proxy)
  caren         a Cluster with the clusterConfig variable (clusterConfig.proxy)
  eks-anywhere  an EKS Anywhere Cluster (spec.proxyConfiguration), with the datacenter config it
                names when the file holds it
  openshift     an OpenShift Proxy (config.openshift.io/v1)
and prints the library's definition, the notes on every change, and, when the pod and service
CIDRs are known (from the file or the flags), which HTTP clients would route which destinations
differently with the library's NO_PROXY. With --nodes, the KubeadmControlPlane and
KubeadmConfigTemplates the system renders today are compared with what the library would render
(in the system's compatibility profile): each node file, line by line, and the preKubeadmCommands.
With --check-no-roll they are compared with what the library renders to adopt the cluster as it
is (the profile, NO_PROXY as the system composes it, the URLs' ports as given), and every field of
a spec that would differ, and so roll machines, is named; the exit code is 1 if any would. For a
Cluster of its system's own ClusterClass (TKG, CAREN), --check-no-roll needs no --nodes: the
library takes over the Cluster's variable (systemClass) and its topology must not change.
Passwords are never printed or copied.
`;

const OPTIONS = {
  'from': { type: 'string' },
  'format': { type: 'string' },
  'pod-cidr': { type: 'string', multiple: true },
  'service-cidr': { type: 'string', multiple: true },
  'service-domain': { type: 'string' },
  'control-plane-endpoint': { type: 'string' },
  'machine-cidr': { type: 'string', multiple: true },
  'nodes': { type: 'string' },
  'cluster-name': { type: 'string' },
  'check-no-roll': { type: 'boolean' },
  'help': { type: 'boolean', short: 'h' },
} as const;

/** Run `import` on its arguments (after the word `import`); `readFile` is injectable for tests. */
export function runImportCommand(argv: readonly string[], readFile: (path: string) => string = (path) => readFileSync(path, 'utf8')): ImportCommandResult {
  try {
    return { stderr: '', ...execute(argv, readFile) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // ProxyConfigError messages quote values already redacted, and usage errors quote no credentials.
    if (error instanceof ProxyConfigError || error instanceof UsageError) {
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy import: ${message}\n` };
    }
    const parse = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    return { exitCode: parse ? 2 : 1, stdout: '', stderr: `cluster-proxy import: ${redactCredentials(message)}\n` };
  }
}

class UsageError extends Error {}

function execute(argv: readonly string[], readFile: (path: string) => string): { exitCode: number; stdout: string } {
  const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help) {
    return { exitCode: 0, stdout: IMPORT_USAGE };
  }
  const from = values.from;
  if (from === undefined || !(IMPORT_SOURCES as readonly string[]).includes(from)) {
    throw new UsageError(`--from must be one of ${IMPORT_SOURCES.join(', ')} (got ${describeValue(from)})`);
  }
  if (positionals.length !== 1) {
    // counted, not quoted: a stray word may be a user:password pair that no URL rule would mask
    throw new UsageError(`takes exactly one FILE (got ${positionals.length === 0 ? 'none' : `${positionals.length} arguments`})`);
  }
  const format = values.format ?? 'text';
  if (!['text', 'json', 'ts'].includes(format)) {
    throw new UsageError(`--format must be text, json or ts (got ${describeValue(format)})`);
  }
  let text: string;
  try {
    text = readFile(positionals[0]);
  } catch (error) {
    throw new UsageError(`cannot read ${describeValue(positionals[0])}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const pods = values['pod-cidr'] ?? [];
  const services = values['service-cidr'] ?? [];
  const network: ClusterNetworkProps | undefined = pods.length > 0 && services.length > 0
    ? {
      pods,
      services,
      ...(values['service-domain'] ? { serviceDomain: values['service-domain'] } : {}),
      ...(values['control-plane-endpoint'] ? { controlPlaneEndpoint: values['control-plane-endpoint'] } : {}),
      ...(values['machine-cidr'] ? { machineCidrs: values['machine-cidr'] } : {}),
    }
    : undefined;
  const result = importProxy(from as ImportSource, text, network ? { network } : {});
  const adopt = values['check-no-roll'] === true;
  if (adopt && values.nodes === undefined) {
    return systemClassCheck(result, text, format);
  }
  const nodes = values.nodes === undefined ? undefined : nodeReport(result, readManifest(values.nodes, readFile), values['cluster-name'], adopt);
  const exitCode = adopt && !rollsNothing(nodes!) ? 1 : 0;
  if (format === 'json') {
    const json = importResultJson(result);
    return { exitCode, stdout: nodes ? `${JSON.stringify({ ...JSON.parse(json), nodes, ...(adopt ? { rollsNothing: exitCode === 0 } : {}) }, null, 2)}\n` : json };
  }
  if (format === 'ts') {
    return { exitCode, stdout: importResultTypeScript(result) };
  }
  const verdict = !adopt ? '' : exitCode === 0
    ? '\nNo machine rolls: every spec the cluster runs is byte for byte what the library renders to adopt it.\n'
    : '\nMachines would roll: the fields named above differ from what the cluster runs.\n';
  const heading = adopt ? 'What the library renders to adopt the cluster, against what it runs:' : 'What changes on the nodes:';
  return { exitCode, stdout: `${importResultText(result)}${nodes ? `\n${heading}\n${nodeChangesText(nodes)}${verdict}` : ''}` };
}

/**
 * `--check-no-roll` on a Cluster of its system's own ClusterClass: the library takes over its
 * variable only, so the Cluster's topology is what must not change.
 */
function systemClassCheck(result: ImportResult, text: string, format: string): { exitCode: number; stdout: string } {
  const cluster = yamlLib().parseAllDocuments(text).map((document) => document.toJS()).find((object) => object?.kind === 'Cluster');
  const variableShape = result.imported.variableShape;
  if (!cluster?.spec?.topology || !variableShape) {
    throw new UsageError('--check-no-roll needs --nodes (the KubeadmControlPlane and KubeadmConfigTemplates the cluster runs), '
      + 'unless FILE is a Cluster of its system\'s own ClusterClass');
  }
  const rollingFields = systemClassRollingFields(cluster, result.imported, variableShape);
  const exitCode = rollingFields.length === 0 ? 0 : 1;
  if (format === 'json') {
    return { exitCode, stdout: `${JSON.stringify({ ...JSON.parse(importResultJson(result)), rollingFields, rollsNothing: exitCode === 0 }, null, 2)}\n` };
  }
  if (format === 'ts') {
    return { exitCode, stdout: importResultTypeScript(result) };
  }
  const verdict = exitCode === 0
    ? 'No machine rolls: set from this definition with systemClass, the Cluster\'s topology is byte for byte what it runs, so its class renders the same nodes.\n'
    : `Machines would roll: set from this definition with systemClass, the Cluster's topology differs in\n${rollingFields.map((field) => `  ${field}\n`).join('')}`;
  return { exitCode, stdout: `${importResultText(result)}\n${verdict}` };
}

function readManifest(path: string, readFile: (path: string) => string): KubeObject[] {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new UsageError(`--nodes: cannot read ${describeValue(path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return yamlLib().parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) {
      throw new UsageError(`--nodes: ${describeValue(path)} is not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
    }
    const object = document.toJS();
    return object?.kind === 'List' && Array.isArray(object.items) ? object.items : object ? [object] : [];
  });
}

function nodeReport(result: ImportResult, objects: KubeObject[], clusterName: string | undefined, adopt: boolean): NodeObjectChanges[] {
  if (!result.config) {
    throw new UsageError('--nodes needs the cluster network: give --pod-cidr and --service-cidr');
  }
  const label = objects.map((object) => object?.metadata?.labels?.['cluster.x-k8s.io/cluster-name']).find(Boolean);
  const name = clusterName ?? label;
  if (!name) {
    throw new UsageError('--nodes: give --cluster-name (the objects carry no cluster.x-k8s.io/cluster-name label)');
  }
  const profile = result.imported.profile;
  const files = adopt ? adoptionFileOptions(profile) : profile ? { profile } : undefined;
  return nodeChanges(objects, result.config, { clusterName: name, ...(files ? { files } : {}) });
}
