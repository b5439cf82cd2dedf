/** Reading what the engine printed, reported and stored: its steps, its previews, its state. */
import { Step } from './operation';
import { credentialForms } from '../support/fixtures/credential-leaks';

/** How Pulumi marks a secret value in state and exports. */
const SECRET_SIGNATURE_KEY = '4dabf18193072939515e22adb298388d';
const SECRET_SIGNATURE = '1b47061264138c4ac30d75fd1eb44270';

/**
 * What an operation changes, by resource name: `update`, or for a replacement which the engine
 * does first (the old object's deletion or the new one's creation).
 */
export function changedResources(steps: readonly Step[]): Record<string, string> {
  const byName = new Map<string, Step[]>();
  for (const step of steps.filter((s) => s.op !== 'same')) {
    const name = step.urn.split('::').pop()!;
    byName.set(name, [...byName.get(name) ?? [], step]);
  }
  return Object.fromEntries([...byName].map(([name, named]) => {
    const ops = named.map((step) => step.op);
    if (!ops.includes('replace')) {
      return [name, ops.join(', ')];
    }
    return [name, ops.indexOf('delete-replaced') < ops.indexOf('create-replacement') ? 'replace, deleting first' : 'replace, creating first'];
  }));
}

/** A state export in plain form without its secret values (Pulumi's secret signature objects). */
export function withoutSecretValues(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutSecretValues);
  }
  if (value && typeof value === 'object') {
    if ((value as Record<string, unknown>)[SECRET_SIGNATURE_KEY] === SECRET_SIGNATURE) {
      return '[secret]';
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutSecretValues(inner)]));
  }
  return value;
}

/**
 * The credential forms found anywhere in a JSON value, also inside strings that hold JSON (a secret's
 * plain text) or base64 (Secret data): each as `path: form`.
 */
export function credentialsInValue(value: unknown, password: string, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((inner, index) => credentialsInValue(inner, password, `${path}[${index}]`));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => credentialsInValue(inner, password, `${path}.${key}`));
  }
  if (typeof value !== 'string') {
    return [];
  }
  const found = credentialsIn(value, password).map((form) => `${path}: ${form}`);
  if (/^[\[{"]/.test(value)) {
    try {
      return [...found, ...credentialsInValue(JSON.parse(value), password, `${path}(json)`)];
    } catch {
      return found;
    }
  }
  if (value.length >= 8 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return [...found, ...credentialsIn(Buffer.from(value, 'base64').toString('utf8'), password).map((form) => `${path}(base64): ${form}`)];
  }
  return found;
}

/**
 * A preview as docs/pulumi.md shows it: what the engine printed, without the lines that differ per run
 * (URNs and provider references carry the stack and random ids; the duration), trailing blanks,
 * and the resources in the order of their ids (the engine runs steps in parallel).
 */
export function documentedPreview(stdout: string): string {
  const lines = stdout.split('\n').filter((line) => !/^\s*\[(urn|provider)=/.test(line) && !/^\s*Duration:/.test(line))
    .map((line) => line.trimEnd());
  // a resource's first line (the stack's own comes before them all)
  const isResource = (line: string) => /^\s+\S*\s?[\w.-]+:[\w./-]+:\w+: \([\w-]+\)$/.test(line) && !line.includes('pulumi:pulumi:Stack');
  const first = lines.findIndex(isResource);
  const summary = lines.findIndex((line) => /^Resources:/.test(line));
  if (first === -1 || summary === -1) {
    return lines.join('\n').trim();
  }
  const blocks: string[][] = [];
  for (const line of lines.slice(first, summary)) {
    if (isResource(line)) {
      blocks.push([line]);
    } else {
      blocks[blocks.length - 1].push(line);
    }
  }
  const key = (block: string[]) => block.find((line) => /\[id=/.test(line)) ?? block[0];
  blocks.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return [...lines.slice(0, first), ...blocks.flat(), ...lines.slice(summary)].join('\n').trim();
}

/** The credential forms found in a text (empty when none is). */
export function credentialsIn(text: string, ...passwords: string[]): string[] {
  return passwords.flatMap(credentialForms).filter((form) => text.includes(form));
}
