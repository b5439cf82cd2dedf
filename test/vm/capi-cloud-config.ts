import { stringify } from 'yaml';

/**
 * Cluster API's kubeadm bootstrap provider, reduced to what turns a KubeadmConfigSpec into a
 * machine's cloud-config, written from its documented behaviour and templates:
 *  - every `files[]` entry with `contentFrom` is resolved from the named Secret in the machine's
 *    namespace (a missing Secret or key fails the machine's bootstrap data, never renders empty);
 *  - the user data starts with `## template: jinja` and `#cloud-config`, so cloud-init renders it
 *    through Jinja before parsing it;
 *  - `write_files` lists the spec's files (path, then encoding, owner and permissions when set,
 *    append, and the content as a literal block indented by 6), then the kubeadm configuration
 *    and the `/run/cluster-api` placeholder;
 *  - `runcmd` holds the preKubeadmCommands, each quoted like Go's `%q`, then the kubeadm command
 *    followed by the sentinel file, then the postKubeadmCommands.
 * Users, NTP, disk setup and mounts are left out: the specs this test renders have none.
 */

/** A `files[]` entry of a KubeadmConfigSpec. */
interface SpecFile {
  readonly path: string;
  readonly owner?: string;
  readonly permissions?: string;
  readonly encoding?: string;
  readonly append?: boolean;
  readonly content?: string;
  readonly contentFrom?: { readonly secret: { readonly name: string; readonly key: string } };
}

/** The parts of a KubeadmConfigSpec the renderers read. */
export interface KubeadmConfigSpec {
  readonly files?: readonly SpecFile[];
  readonly preKubeadmCommands?: readonly string[];
  readonly postKubeadmCommands?: readonly string[];
  readonly format?: string;
}

/** A Secret as the API server stores it (`data`, base64) or as emitted (`stringData`). */
export interface SecretLike {
  readonly metadata: { readonly name: string; readonly namespace?: string };
  readonly data?: { readonly [key: string]: string };
  readonly stringData?: { readonly [key: string]: string };
}

/** A file after `contentFrom` resolution. */
interface ResolvedFile {
  readonly path: string;
  readonly owner?: string;
  readonly permissions?: string;
  readonly encoding?: string;
  readonly append?: boolean;
  readonly content: string;
}

const HEADER = '## template: jinja\n#cloud-config\n';
const SENTINEL = 'echo success > /run/cluster-api/bootstrap-success.complete';
const PLACEHOLDER_CONTENT = 'This placeholder file is used to create the /run/cluster-api sub directory in a way that is compatible with both Linux and Windows (mkdir -p /run/cluster-api does not work with Windows)';
/**
 * Where the provider writes the kubeadm configuration, and the runcmd item that reads it (no
 * verbosity set, hence the double space). The init item is single-quoted, the join item plain.
 */
export const KUBEADM_INIT = { configPath: '/run/kubeadm/kubeadm.yaml', runcmd: `'kubeadm init --config /run/kubeadm/kubeadm.yaml  && ${SENTINEL}'` } as const;
export const KUBEADM_JOIN = { configPath: '/run/kubeadm/kubeadm-join-config.yaml', runcmd: `kubeadm join --config /run/kubeadm/kubeadm-join-config.yaml  && ${SENTINEL}` } as const;

/** The `data` a Secret ends up with on the API server (`stringData` merged over `data`). */
function secretValue(secret: SecretLike, key: string): string | undefined {
  if (secret.stringData && Object.prototype.hasOwnProperty.call(secret.stringData, key)) {
    return secret.stringData[key];
  }
  if (secret.data && Object.prototype.hasOwnProperty.call(secret.data, key)) {
    return Buffer.from(secret.data[key], 'base64').toString('utf8');
  }
  return undefined;
}

/** Resolve `contentFrom` against the Secrets of the machine's namespace. */
export function resolveFiles(files: readonly SpecFile[], secrets: readonly SecretLike[], namespace: string | undefined): ResolvedFile[] {
  return files.map((file, index) => {
    const { contentFrom, content, ...rest } = file;
    if (contentFrom === undefined) {
      return { ...rest, content: content ?? '' };
    }
    const ref = contentFrom.secret;
    const secret = secrets.find((candidate) => candidate.metadata.name === ref.name && candidate.metadata.namespace === namespace);
    if (!secret) {
      throw new Error(`files[${index}] (${file.path}): secret ${namespace ?? ''}/${ref.name} not found`);
    }
    const value = secretValue(secret, ref.key);
    if (value === undefined) {
      throw new Error(`files[${index}] (${file.path}): secret ${namespace ?? ''}/${ref.name} has no key ${ref.key}`);
    }
    return { ...rest, content: value };
  });
}

/** Go's `%q` for the strings a command list holds. */
export function goQuote(text: string): string {
  const named: { [char: string]: string } = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (named[char] !== undefined) {
      out += named[char];
    } else if (code < 0x20 || code === 0x7f) {
      out += `\\x${code.toString(16).padStart(2, '0')}`;
    } else {
      out += char;
    }
  }
  return `${out}"`;
}

/** The provider's `Indent`: every line, including the empty one after a final newline, padded. */
function indent(text: string, by: number): string {
  const pad = ' '.repeat(by);
  return pad + text.split('\n').join(`\n${pad}`);
}

function writeFilesEntry(file: ResolvedFile): string {
  return [
    `\n-   path: ${file.path}`,
    ...(file.encoding ? [`\n    encoding: "${file.encoding}"`] : []),
    ...(file.owner ? [`\n    owner: ${file.owner}`] : []),
    ...(file.permissions ? [`\n    permissions: '${file.permissions}'`] : []),
    ...(file.append ? ['\n    append: true'] : []),
    `\n    content: |\n${indent(file.content, 6)}`,
  ].join('');
}

function commands(list: readonly string[] | undefined): string {
  return (list ?? []).map((command) => `\n  - ${goQuote(command)}`).join('');
}

/** One machine's kubeadm configuration documents, as the provider marshals them. */
export type KubeadmDocuments = readonly object[];

/** What a machine's bootstrap data is rendered from, in either format. */
export interface RenderOptions {
  readonly spec: KubeadmConfigSpec;
  /** The Secrets of the machine's namespace, for `contentFrom`. */
  readonly secrets: readonly SecretLike[];
  readonly namespace: string | undefined;
  /** The control plane's first machine (`kubeadm init`) or a joining one (`kubeadm join`). */
  readonly role: 'init' | 'join';
  readonly kubeadmDocuments: KubeadmDocuments;
}

function kubeadmConfigFile(path: string, documents: KubeadmDocuments): ResolvedFile {
  const content = documents.map((document) => `---\n${stringify(document).replace(/\n$/, '')}`).join('\n');
  return { path, owner: 'root:root', permissions: '0640', content };
}

/**
 * The cloud-config of a machine bootstrapped from `spec`: the control plane's first machine
 * (`kubeadm init`) or a joining one (`kubeadm join`).
 */
export function renderCloudConfig(options: RenderOptions): string {
  const { spec } = options;
  if (spec.format !== undefined && spec.format !== 'cloud-config') {
    throw new Error(`spec.format is ${spec.format}, not cloud-config`);
  }
  const kubeadm = options.role === 'init' ? KUBEADM_INIT : KUBEADM_JOIN;
  const files = [
    ...resolveFiles(spec.files ?? [], options.secrets, options.namespace),
    kubeadmConfigFile(kubeadm.configPath, options.kubeadmDocuments),
  ];
  const placeholder = `\n-   path: /run/cluster-api/placeholder\n    owner: root:root\n    permissions: '0640'\n    content: "${PLACEHOLDER_CONTENT}"`;
  const runcmd = [
    'runcmd:',
    commands(spec.preKubeadmCommands),
    `\n  - ${kubeadm.runcmd}`,
    commands(spec.postKubeadmCommands),
  ].join('');
  return `${HEADER}\nwrite_files:${files.map(writeFilesEntry).join('')}${placeholder}\n${runcmd}\n`;
}
