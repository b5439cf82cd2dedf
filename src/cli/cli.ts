import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLUSTER_FACT_OPTIONS } from './cluster-flag-options';
import { commandModules } from './commands';
import type * as JavaOutput from './java-output';
import type * as Network from '../core/definition/network';
import { CLUSTER_NO_PROXY_CATEGORIES } from '../core/noproxy/categories';
import type { ClusterNoProxyDefaultsOptions } from '../core/noproxy/cluster-defaults';
import type * as Explain from '../core/noproxy/explain';
import type * as Lint from '../core/noproxy/lint';
import type * as NoProxyModule from '../core/noproxy/no-proxy';
import type * as Render from '../core/noproxy/render';
import { maskAfterColon, redactCredentials } from '../core/primitives/credential-mask';
import { describeValue, ProxyConfigError } from '../core/primitives/errors';
import { Provider, PROVIDER_PRESETS, PROVIDERS } from '../core/primitives/providers';

/**
 * `cluster-proxy`: the NO_PROXY engine on the command line. Pure function of argv so tests can
 * run it in-process; `main.ts` wires it to the process.
 */

/* eslint-disable @typescript-eslint/no-require-imports */
/** The NO_PROXY engine and the network model, loaded when a command computes a NO_PROXY: help starts without them. */
const engine = {
  network: () => require('../core/definition/network') as typeof Network,
  noProxy: () => require('../core/noproxy/no-proxy') as typeof NoProxyModule,
  render: () => require('../core/noproxy/render') as typeof Render,
  explain: () => require('../core/noproxy/explain') as typeof Explain,
  lint: () => require('../core/noproxy/lint') as typeof Lint,
  javaOutput: () => require('./java-output') as typeof JavaOutput,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** What a CLI run produced. */
export interface CliResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const CLUSTER_FLAGS = `Cluster flags:
  --no-proxy LIST               installation-wide entries, comma-separated (repeatable)
  --pod-cidr CIDR               pod CIDR (repeatable: one per IP family)         required
  --service-cidr CIDR           service CIDR (repeatable: one per IP family)     required
  --service-domain DOMAIN       cluster DNS domain (default cluster.local)
  --control-plane-endpoint HOST control-plane endpoint host
  --machine-cidr CIDR           machine/node network CIDR (repeatable)
  --provider P                  ${PROVIDERS.join(', ')}
  --region R                    provider region (only with --provider ${regionalProviders().join(', ')}: AWS adds
                                .<region>.compute.internal)
  --provider-endpoint HOST      vCenter, Prism Central, Cloud Director host... (repeatable)
  --dns-service-ip IP           cluster DNS ClusterIP (default: 10th address of the service CIDR)
  --without CATEGORY            leave out a default category (repeatable): ${CLUSTER_NO_PROXY_CATEGORIES.join(', ')}
`;

const USAGE = `Usage:
  cluster-proxy noproxy [cluster flags] [--format env|list|json|java]
  cluster-proxy explain URL [cluster flags] [--format text|json]
  cluster-proxy check --url URL --http-proxy URL|--https-proxy URL [...]
  cluster-proxy audit [FILE...|-] [cluster flags] [--format text|json]
  cluster-proxy import --from SYSTEM FILE [...]
  cluster-proxy render-secret FILE... < credentials
  cluster-proxy COMMAND --help    (or: cluster-proxy help COMMAND)
  cluster-proxy --version

Prints the complete NO_PROXY for a cluster (noproxy), or whether each HTTP client family would
bypass the proxy for URL with that NO_PROXY, and why (explain). check connects through the proxy to
readiness URLs before a cluster is built on it. audit reads existing manifests and reports which
cluster destinations their proxy settings would send through the proxy. import reads another
system's proxy configuration (TKG, Giant Swarm, CAREN, EKS Anywhere, OpenShift) into the definition.
render-secret prints the credential Secrets of a definition synthesized with
CredentialSource.existingSecret(), from the user name and password on stdin.

${CLUSTER_FLAGS}`;

/** Help of each command (`check` has its own parser, and its usage lives with it). */
const COMMAND_USAGE: Record<string, string> = {
  'noproxy': `Usage: cluster-proxy noproxy [cluster flags] [--format env|list|json|java]

Prints the complete NO_PROXY for a cluster: installation-wide entries first, then the cluster's
defaults (loopback, service names, ClusterIPs, pod/service/machine CIDRs, provider entries).

  --format F                    env (comma-separated, the default), list (one per line), json,
                                java (http.nonProxyHosts)

${CLUSTER_FLAGS}`,
  'explain': `Usage: cluster-proxy explain URL [cluster flags] [--format text|json]

Whether each HTTP client family (Go, curl, wget, Python, Node, Ruby, Java...) would bypass the proxy
for URL with the cluster's NO_PROXY, and why; then warnings about entries some clients misread.
URL may name a user but not hold a password: no client reads it to decide.

  --format F                    text (the default) or json

${CLUSTER_FLAGS}`,
  get 'check'() {
    return commandModules.check().CHECK_USAGE;
  },
  get 'audit'() {
    return commandModules.audit().AUDIT_USAGE;
  },
  get 'import'() {
    return commandModules.import().IMPORT_USAGE;
  },
  get 'render-secret'() {
    return commandModules.renderSecret().RENDER_SECRET_USAGE;
  },
};

const OPTIONS = {
  'no-proxy': { type: 'string', multiple: true },
  ...CLUSTER_FACT_OPTIONS,
  'without': { type: 'string', multiple: true },
  'format': { type: 'string' },
  'help': { type: 'boolean', short: 'h' },
  'version': { type: 'boolean' },
} as const;

/** Input field (as named in ProxyConfigError) -> the flag that sets it, for one-line errors. */
const FLAG_FOR_FIELD: Record<string, string> = {
  noProxy: '--no-proxy',
  pods: '--pod-cidr',
  services: '--service-cidr',
  serviceDomain: '--service-domain',
  controlPlaneEndpoint: '--control-plane-endpoint',
  machineCidrs: '--machine-cidr',
  provider: '--provider',
  region: '--region',
  providerEndpoints: '--provider-endpoint',
  dnsServiceIp: '--dns-service-ip',
};

/** A usage error: reported as one line, exit code 2. */
class UsageError extends Error {}

/** Run the CLI on `argv` (without `node` and the script path). */
export function runCli(argv: readonly string[]): CliResult {
  if (argv[0] === 'audit') {
    return commandModules.audit().runAuditCommand(argv.slice(1));
  }
  if (argv[0] === 'import') {
    return commandModules.import().runImportCommand(argv.slice(1));
  }
  if (argv[0] === 'render-secret') {
    return commandModules.renderSecret().runRenderSecretCommand(argv.slice(1));
  }
  try {
    const output = execute(argv);
    return typeof output === 'string' ? { exitCode: 0, stdout: output, stderr: '' } : { exitCode: 0, ...output };
  } catch (error) {
    if (error instanceof ProxyConfigError || error instanceof UsageError) {
      // ProxyConfigError messages quote values already redacted; usage errors quote no credentials
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy: ${flagMessage(error)}\n` };
    }
    const message = error instanceof Error ? error.message : String(error);
    // parseArgs reports unknown or malformed flags with TypeError(ERR_PARSE_ARGS_*)
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // node's own wording is long and mentions positional arguments; keep the one fact that matters
      const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
      const short = unknown ? `unknown option ${unknown}` : message.replace(/\.?\s*To specify.*$/s, '');
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy: ${redactCredentials(short)} (see --help)\n` };
    }
    return { exitCode: 1, stdout: '', stderr: `cluster-proxy: internal error: ${redactCredentials(message)}\n` };
  }
}

/**
 * Run any command on `argv`, `check` included: it connects to the network, so it is asynchronous
 * (every other command is a pure function of argv, see {@link runCli}).
 */
export async function runCommand(argv: readonly string[]): Promise<CliResult> {
  return argv[0] === 'check' ? commandModules.check().runCheckCommand(argv.slice(1)) : runCli(argv);
}

function execute(argv: readonly string[]): string | JavaOutput.JavaNoProxyOutput {
  const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  const [command, ...rest] = positionals;
  if (values.version) {
    return `${packageVersion()}\n`;
  }
  if (command === 'help') {
    return helpFor(rest[0]);
  }
  if (values.help || command === undefined) {
    return command === undefined ? USAGE : helpFor(command);
  }
  if (command === 'noproxy') {
    expectPositionals(command, rest, 0);
    const format = parseChoice('--format', values.format ?? 'env', Object.values(engine.render().NoProxyFormat));
    if (format === engine.render().NoProxyFormat.JAVA) {
      return engine.javaOutput().javaNoProxyOutput(computeNoProxy(values));
    }
    const rendered = computeNoProxy(values).render(format);
    return rendered.endsWith('\n') ? rendered : `${rendered}\n`;
  }
  if (command === 'explain') {
    expectPositionals(command, rest, 1);
    const format = parseChoice('--format', values.format ?? 'text', ['text', 'json']);
    return explain(rest[0], computeNoProxy(values), format);
  }
  throw unknownCommand(command);
}

/** The error for a command that does not exist, listing the ones that do. */
function unknownCommand(command: string | undefined): UsageError {
  const commands = Object.keys(COMMAND_USAGE);
  return new UsageError(`unknown command ${describeValue(command === undefined ? undefined : maskAfterColon(command))}; use ${commands.slice(0, -1).join(', ')} or ${commands[commands.length - 1]} (see --help)`);
}

function helpFor(command: string | undefined): string {
  if (command === undefined) {
    return USAGE;
  }
  const usage = COMMAND_USAGE[command];
  if (usage === undefined) {
    throw unknownCommand(command);
  }
  return usage;
}

/** The version of this package (lib/cli and src/cli are both two levels below package.json). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** Providers whose preset derives entries from `--region`. */
function regionalProviders(): Provider[] {
  return PROVIDERS.filter((provider) => PROVIDER_PRESETS[provider].regionEntries !== undefined);
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function computeNoProxy(values: Values): NoProxyModule.NoProxy {
  if (!values['pod-cidr']?.length) {
    throw new UsageError('--pod-cidr is required (repeat it for dual-stack)');
  }
  if (!values['service-cidr']?.length) {
    throw new UsageError('--service-cidr is required (repeat it for dual-stack)');
  }
  const props: Network.ClusterNetworkProps = {
    pods: values['pod-cidr'],
    services: values['service-cidr'],
    serviceDomain: values['service-domain'],
    controlPlaneEndpoint: values['control-plane-endpoint'],
    machineCidrs: values['machine-cidr'],
    provider: values.provider as Provider | undefined,
    region: values.region,
    providerEndpoints: values['provider-endpoint'],
    dnsServiceIp: values['dns-service-ip'],
  };
  const network = new (engine.network().ClusterNetwork)(props);
  if (network.region !== undefined && !regionalProviders().includes(network.provider)) {
    // a flag that changes nothing is a mistake the user should hear about
    const given = values.provider === undefined ? 'no --provider given' : `got --provider ${network.provider}`;
    throw new UsageError(`--region has no effect without --provider ${regionalProviders().join(' or ')} (${given})`);
  }
  const defaults: Record<string, boolean> = {};
  for (const category of values.without ?? []) {
    defaults[parseChoice('--without', category, CLUSTER_NO_PROXY_CATEGORIES)] = false;
  }
  // Repeated --no-proxy flags and commas inside each one are the same list.
  const installationWide = (values['no-proxy'] ?? []).join(',');
  return engine.noProxy().NoProxy.forCluster(network, {
    installationWide: installationWide === '' ? [] : installationWide.split(','),
    defaults: defaults as ClusterNoProxyDefaultsOptions,
  });
}

function explain(url: string, noProxy: NoProxyModule.NoProxy, format: string): string {
  // A URL with userinfo is shown as the library shows proxy URLs: the password masked.
  const shownUrl = redactCredentials(url);
  const value = noProxy.toString();
  const verdicts = engine.explain().explainNoProxy(value, url);
  const warnings = engine.lint().lintNoProxy(noProxy);
  if (format === 'json') {
    return `${JSON.stringify({ url: shownUrl, noProxy: value, clients: verdicts, warnings }, null, 2)}\n`;
  }
  const nameWidth = Math.max(...verdicts.map((v) => v.clientName.length));
  const lines = [
    `URL:      ${shownUrl}`,
    `NO_PROXY: ${value}`,
    '',
    ...verdicts.map((v) => `${v.clientName.padEnd(nameWidth)}  ${v.direct ? 'DIRECT' : 'PROXY '}  ${v.reason}${v.quirk ? ` [quirk: ${v.quirk}]` : ''}`),
  ];
  if (warnings.length > 0) {
    lines.push('', 'Warnings:', ...warnings.map((w) => `  - ${w.message}`));
  }
  return `${lines.join('\n')}\n`;
}

function expectPositionals(command: string, rest: readonly string[], count: number): void {
  if (rest.length !== count) {
    const expected = count === 0 ? 'no arguments' : 'exactly one URL';
    // counted, not quoted: a stray word may be a user:password pair that no URL rule would mask
    throw new UsageError(`${command} takes ${expected} (got ${rest.length === 0 ? 'none' : `${rest.length} arguments`})`);
  }
}

function parseChoice<T extends string>(flag: string, value: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`${flag}: must be one of ${choices.join(', ')} (got ${describeValue(value)})`);
  }
  return value as T;
}

/** Rename the leading input field of a message to the flag that sets it. */
function flagMessage(error: Error): string {
  if (!(error instanceof ProxyConfigError)) {
    return error.message;
  }
  const base = error.field.replace(/[.[].*$/, '');
  const flag = FLAG_FOR_FIELD[base];
  return flag ? `${flag}${error.message.slice(base.length).replace(/^\[\d+\]/, '')}` : error.message;
}
