import { plainYaml } from './plain-yaml';
import { yamlLib } from '../primitives/lazy-modules';
import { CredentialSlot, holdsSecretText, isSecretText, joinText, plainString, SecretText, Text } from '../primitives/secret-text';

/**
 * YAML text for values files and manifests embedded in Secrets. Deterministic: keys keep their
 * insertion order (the renderers build objects in a fixed order), and long strings are never
 * folded, because a folded NO_PROXY or PEM block is harder to diff and some ytt/Helm consumers
 * compare values textually. The `yaml` library quotes any string that would otherwise read as a
 * number, boolean or null, so `no_proxy: 10.0.0.1` can never turn into a float. Documents with
 * nothing to quote are written by {@link plainYaml}, the same text without loading the library.
 *
 * Text for Secret data ({@link renderSecretYaml}) may hold text with slots for credentials the
 * library never sees (a proxy URL): the result then has the same slots.
 */
export function renderYaml(value: unknown, style: YamlStyle = {}): string {
  return plainString(renderSecretYaml(value, style));
}

/** How YAML text is laid out where a consumer compares it byte for byte. */
export interface YamlStyle {
  /**
   * A list under a key starts at the key's column (`env:` then `- name: ...`), as Go's YAML encoders
   * write it, instead of two columns in.
   */
  readonly compactSequences?: boolean;
}

/**
 * {@link renderYaml} for Secret data: slots for credentials stay slots. A slot holds a
 * percent-encoded credential, which any YAML scalar style carries as it is, so the slots are
 * written as tokens of letters and digits and the text is cut at them again.
 */
export function renderSecretYaml(value: unknown, style: YamlStyle = {}): Text {
  if (!holdsSecretText(value)) {
    return yamlOf(value, style);
  }
  for (let prefix = 'slot'; ; prefix += 'z') {
    const slots: CredentialSlot[] = [];
    const pieces = yamlOf(withSlotTokens(value, prefix, slots), style).split(new RegExp(`${prefix}([0-9]+)x`));
    // the user's own text may hold a token: then a longer prefix
    if (pieces.length === 2 * slots.length + 1 && slots.every((_, index) => pieces[2 * index + 1] === String(index))) {
      return new SecretText(pieces.map((piece, index) => (index % 2 === 0 ? piece : slots[Number(piece)])));
    }
  }
}

/** Several objects as one multi-document YAML stream (`---` between documents), for Secret data. */
export function renderSecretYamlDocuments(values: unknown[]): Text {
  return joinText(...values.flatMap((value, index) => [...(index > 0 ? ['---\n'] : []), renderSecretYaml(value)]));
}

/** Several objects as one multi-document YAML stream. */
export function renderYamlDocuments(values: unknown[]): string {
  return plainString(renderSecretYamlDocuments(values));
}

function yamlOf(value: unknown, style: YamlStyle): string {
  const compact = style.compactSequences === true;
  return plainYaml(value, compact) ?? yamlLib().stringify(value, { lineWidth: 0, minContentWidth: 0, indentSeq: !compact });
}

function withSlotTokens(value: unknown, prefix: string, slots: CredentialSlot[]): unknown {
  if (isSecretText(value)) {
    return value.parts.map((part) => (typeof part === 'string' ? part : `${prefix}${slots.push(part) - 1}x`)).join('');
  }
  if (Array.isArray(value)) {
    return value.map((item) => withSlotTokens(item, prefix, slots));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSlotTokens(item, prefix, slots)]));
  }
  return value;
}
