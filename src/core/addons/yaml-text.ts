import { plainYaml } from './plain-yaml';
import { yamlLib } from '../primitives/lazy-modules';

/**
 * YAML text for values files and manifests embedded in Secrets. Deterministic: keys keep their
 * insertion order (the renderers build objects in a fixed order), and long strings are never
 * folded, because a folded NO_PROXY or PEM block is harder to diff and some ytt/Helm consumers
 * compare values textually. The `yaml` library quotes any string that would otherwise read as a
 * number, boolean or null, so `no_proxy: 10.0.0.1` can never turn into a float. Documents with
 * nothing to quote are written by {@link plainYaml}, the same text without loading the library.
 */
export function renderYaml(value: unknown): string {
  return plainYaml(value) ?? yamlLib().stringify(value, { lineWidth: 0, minContentWidth: 0 });
}

/** Several objects as one multi-document YAML stream (`---` between documents). */
export function renderYamlDocuments(values: unknown[]): string {
  return values.map(renderYaml).join('---\n');
}
