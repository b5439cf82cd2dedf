import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readManifests } from './manifests';
import { renderYamlDocuments } from '../core/addons/yaml-text';
import { checkProxyCredentials, isSecretTemplate, renderSecretTemplate, SECRET_TEMPLATE_LABEL } from '../core/credentials/secret-template';
import { redactCredentials } from '../core/primitives/credential-mask';
import { ProxyConfigError } from '../core/primitives/errors';
import { KubeObject } from '../core/primitives/k8s/manifest';

/**
 * `cluster-proxy render-secret`: the Secrets of the existing-Secret credential source, for the
 * user's pipeline. Reads the synthesized manifests (no credential in them), finds the secret
 * templates the library emitted, and prints the Secrets the literal source would have written,
 * byte for byte, with the user name and password read from stdin: never from argv, where any
 * user on the machine can read them.
 */

/** The command's name. */
export const RENDER_SECRET_COMMAND = 'render-secret';

export const RENDER_SECRET_USAGE = `Usage: cluster-proxy render-secret FILE... < credentials

Prints the Secrets that carry the proxy credentials when the definition uses
CredentialSource.existingSecret(): FILE... are the synthesized manifests (dist/*.yaml), in which
each such Secret is a ConfigMap labelled ${SECRET_TEMPLATE_LABEL}. stdin holds two lines: the
user name, then the password (raw, not percent-encoded). Credentials are never read from argv.
Output: a YAML stream of Secrets to apply (or seal, or commit encrypted) in your own pipeline.
`;

/** Where the command reads from: the process, or a test's strings. */
export interface RenderSecretInput {
  readonly readFile: (path: string) => string;
  readonly readStdin: () => string;
}

const PROCESS_INPUT: RenderSecretInput = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
};

class UsageError extends Error {}

/** The two lines of stdin as credentials; errors never quote them. */
function credentialsFrom(text: string) {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') {
    lines.pop();
  }
  if (lines.length !== 2) {
    throw new UsageError(`stdin: must hold exactly two lines, the user name and the password (got ${lines.length})`);
  }
  return checkProxyCredentials({ username: lines[0], password: lines[1] });
}

/** `value` with object keys sorted at every level, as cdk8s writes manifests, so the output diffs cleanly against a literal synth. */
function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withSortedKeys);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, withSortedKeys((value as { [key: string]: unknown })[key])]));
  }
  return value;
}

/** apiVersion, kind and metadata first, then the other fields, keys sorted below: the order cdk8s writes. */
function inManifestOrder(manifest: KubeObject): unknown {
  const { apiVersion, kind, metadata, ...rest } = withSortedKeys(manifest) as KubeObject;
  return { apiVersion, kind, metadata, ...rest };
}

/** Each template once (a shared Secret appears in every chart that needs it); two different ones of one name are an error. */
function uniqueTemplates(templates: readonly KubeObject[]): KubeObject[] {
  const byName = new Map<string, KubeObject>();
  for (const template of templates) {
    const name = `${template.metadata.namespace ?? ''}/${template.metadata.name}`;
    const seen = byName.get(name);
    if (seen && JSON.stringify(seen) !== JSON.stringify(template)) {
      throw new UsageError(`ConfigMap ${name}: appears twice with different content; render the manifests of one synth`);
    }
    byName.set(name, template);
  }
  return [...byName.values()];
}

/** Run `cluster-proxy render-secret` on `argv` (the arguments after `render-secret`). */
export function runRenderSecretCommand(argv: readonly string[], input: RenderSecretInput = PROCESS_INPUT) {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if (values.help) {
      return { exitCode: 0, stdout: RENDER_SECRET_USAGE, stderr: '' };
    }
    if (positionals.length === 0 || positionals.includes('-')) {
      throw new UsageError('give the synthesized manifests as files (stdin holds the credentials)');
    }
    const objects = readManifests(positionals.map((path) => ({ name: path, text: input.readFile(path) })));
    const templates = uniqueTemplates(objects.map((object) => object.body).filter(isSecretTemplate));
    if (templates.length === 0) {
      throw new UsageError(`no secret template (ConfigMap labelled ${SECRET_TEMPLATE_LABEL}) in ${positionals.join(', ')}; synthesize with CredentialSource.existingSecret()`);
    }
    const credentials = credentialsFrom(input.readStdin());
    const secrets = templates.map((template) => inManifestOrder(renderSecretTemplate(template, credentials)));
    return { exitCode: 0, stdout: renderYamlDocuments(secrets), stderr: '' };
  } catch (error) {
    if (error instanceof ProxyConfigError || error instanceof UsageError) {
      return { exitCode: 2, stdout: '', stderr: `cluster-proxy render-secret: ${error.message}\n` };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { exitCode: 2, stdout: '', stderr: `cluster-proxy render-secret: ${redactCredentials(message.replace(/\.?\s*To specify.*$/s, ''))}\n` };
  }
}
