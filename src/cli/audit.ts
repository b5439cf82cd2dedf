import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CLUSTER_FACT_OPTIONS } from './cluster-flag-options';
import { ManifestSource, readManifests } from './manifests';
import { auditProxySites, AuditReport } from './proxy-audit/audit';
import { clusterFactsOf } from './proxy-audit/cluster-facts';
import { findProxySites } from './proxy-audit/proxy-sites';
import { ClusterNetwork, ClusterNetworkProps } from '../core/definition/network';
import { noProxyClient } from '../core/noproxy/clients';
import { redactCredentials } from '../core/primitives/credential-mask';
import { describeValue, ProxyConfigError } from '../core/primitives/errors';
import { Provider } from '../core/primitives/providers';

/**
 * `cluster-proxy audit`: reads existing manifests (files, or stdin as `helm template`, `kustomize
 * build` or `cdk8s synth` write them), finds every proxy setting, and reports per workload and
 * node which HTTP client families use the proxy (each reads its own variables), which cluster
 * destinations they would send to it and which listed NO_PROXY entries no client honours, with
 * the library's NO_PROXY as the fix. Exit status:
 * 0 without findings, 1 with findings (so it can gate CI), 2 for bad usage or input.
 */

/** What an audit run produced. */
export interface AuditCommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const AUDIT_USAGE = `Usage:
  cluster-proxy audit [FILE...|-] [cluster flags] [--format text|json]

Reads Kubernetes manifests (multi-document YAML; "-" or no FILE reads stdin), finds every proxy
setting (container env, env from ConfigMaps and Secrets in the input, envFrom, kubeadm files and
commands of KubeadmControlPlane / KubeadmConfigTemplate / KubeadmConfig), and reports which HTTP
client families use the proxy (curl ignores HTTP_PROXY, wget reads only lower case, Node only with
NODE_USE_ENV_PROXY=1), which in-cluster, node and metadata destinations they would send to it, and
which NO_PROXY entries no client honours. Proxy credentials are never printed.

The cluster facts come from the flags, else from a Cluster object in the input:
  --pod-cidr CIDR, --service-cidr CIDR (repeatable), --service-domain DOMAIN,
  --control-plane-endpoint HOST, --machine-cidr CIDR (repeatable), --provider P, --region R,
  --provider-endpoint HOST (repeatable), --dns-service-ip IP

Exit status: 0 no findings, 1 findings, 2 bad usage or unreadable input.
`;

const OPTIONS = {
  ...CLUSTER_FACT_OPTIONS,
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How the command reads its input; tests replace it. */
export interface AuditInput {
  readonly readFile: (path: string) => string;
  readonly readStdin: () => string;
}

const PROCESS_INPUT: AuditInput = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
};

class UsageError extends Error {}

/** Run `cluster-proxy audit` on `argv` (the arguments after `audit`). */
export function runAuditCommand(argv: readonly string[], input: AuditInput = PROCESS_INPUT): AuditCommandResult {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) {
      return { exitCode: 0, stdout: AUDIT_USAGE, stderr: '' };
    }
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') {
      throw new UsageError(`--format: must be one of text, json (got ${describeValue(format)})`);
    }
    const sources = readSources(positionals, input);
    const objects = readManifests(sources);
    const network = new ClusterNetwork(clusterProps(values, objects));
    const report = auditProxySites(network, findProxySites(objects));
    const stdout = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderText(report);
    return { exitCode: report.findingCount > 0 ? 1 : 0, stdout, stderr: '' };
  } catch (error) {
    if (error instanceof ProxyConfigError || error instanceof UsageError) {
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy audit: ${error.message}\n` };
    }
    const message = error instanceof Error ? error.message : String(error);
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') || (error as { code?: string }).code === 'ENOENT') {
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy audit: ${redactCredentials(message.replace(/\.?\s*To specify.*$/s, ''))}\n` };
    }
    return { exitCode: 2, stdout: '', stderr: `cluster-proxy audit: ${redactCredentials(message)}\n` };
  }
}

function readSources(paths: readonly string[], input: AuditInput): ManifestSource[] {
  const list = paths.length === 0 ? ['-'] : paths;
  return list.map((path) => ({ name: path === '-' ? 'stdin' : path, text: path === '-' ? input.readStdin() : input.readFile(path) }));
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** Flags win; without --pod-cidr and --service-cidr the first Cluster object of the input gives the facts. */
function clusterProps(values: Values, objects: ReturnType<typeof readManifests>): ClusterNetworkProps {
  const clusters = objects.filter((object) => object.kind === 'Cluster').map(clusterFactsOf).filter((facts) => facts !== undefined);
  const fromInput = clusters[0];
  const pods = values['pod-cidr'] ?? fromInput?.pods;
  const services = values['service-cidr'] ?? fromInput?.services;
  if (!pods || !services) {
    throw new UsageError('no cluster facts: pass --pod-cidr and --service-cidr, or include the Cluster object in the input');
  }
  return {
    pods,
    services,
    serviceDomain: values['service-domain'] ?? fromInput?.serviceDomain,
    controlPlaneEndpoint: values['control-plane-endpoint'] ?? fromInput?.controlPlaneEndpoint,
    machineCidrs: values['machine-cidr'],
    provider: (values.provider as Provider | undefined) ?? fromInput?.provider,
    region: values.region,
    providerEndpoints: values['provider-endpoint'],
    dnsServiceIp: values['dns-service-ip'],
  };
}

/** `curl, wget: does not use the proxy: ...`: clients with the same statement on one line, in table order. */
function groupedStatements(site: AuditReport['sites'][number]): string[] {
  const groups = new Map<string, string[]>();
  for (const use of site.proxyUse) {
    groups.set(use.statement, [...(groups.get(use.statement) ?? []), noProxyClient(use.client).name]);
  }
  return [...groups].map(([statement, clients]) => `${clients.join(', ')}: ${statement}`);
}

function renderText(report: AuditReport): string {
  const lines: string[] = [];
  const cluster = report.cluster;
  lines.push(`Cluster: pods ${(cluster.pods as string[]).join(', ')}; services ${(cluster.services as string[]).join(', ')}; `
    + `domain ${String(cluster.serviceDomain)}; provider ${String(cluster.provider)}`);
  lines.push(`Sites with proxy settings: ${report.sites.length}; findings: ${report.findingCount}`);
  for (const site of report.sites) {
    lines.push('', `${site.label}  (${site.origin})`);
    for (const [name, value] of Object.entries(site.proxies)) {
      lines.push(`  ${name}=${value}`);
    }
    for (const name of ['NO_PROXY', 'no_proxy'] as const) {
      lines.push(`  ${name}=${site.noProxy[name] ?? '(not set)'}`);
    }
    lines.push('  proxy use:', ...groupedStatements(site).map((line) => `    ${line}`));
    for (const reference of site.unresolved) {
      lines.push(`  not checked: ${reference} is not in the input`);
    }
    if (site.findings.length === 0) {
      lines.push('  OK');
    }
    for (const finding of site.findings) {
      lines.push(`  - [${finding.code}] ${finding.message}${finding.fix ? `; fix: ${finding.fix}` : ''}`);
    }
  }
  if (report.findingCount > 0) {
    lines.push('', 'The library\'s NO_PROXY for this cluster (set NO_PROXY and no_proxy to it):', report.libraryNoProxy);
  }
  return `${lines.join('\n')}\n`;
}
