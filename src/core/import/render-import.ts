import { ImportResult } from './import-proxy';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { Provider } from '../primitives/providers';

/**
 * The import as JSON (for tools) and as a TypeScript snippet (to paste into a cdk8s or Pulumi
 * program). Neither ever holds a password: the snippet reads it from the environment.
 */

/** JSON: definition, network, profile, shape, notes and the NO_PROXY comparison. */
export function importResultJson(result: ImportResult): string {
  const { imported, noProxy } = result;
  return `${JSON.stringify({
    source: imported.source,
    settings: imported.settings,
    needsPassword: imported.needsPassword,
    ...(imported.network ? { network: imported.network } : {}),
    ...(imported.profile ? { files: { profile: imported.profile } } : {}),
    ...(imported.variableShape ? { variableShape: imported.variableShape } : {}),
    notes: imported.notes,
    ...(noProxy ? { noProxy } : {}),
  }, null, 2)}\n`;
}

/** A TypeScript snippet building the same definition with the library. */
export function importResultTypeScript(result: ImportResult): string {
  const { imported } = result;
  const { settings } = imported;
  // JSON string syntax is valid TypeScript: every character escaped as a string literal needs.
  const literal = (value: unknown): string => JSON.stringify(value);
  const list = (items: readonly string[]): string => `[${items.map(literal).join(', ')}]`;
  // Option values are enums in TypeScript, each in its area's namespace of the root entry.
  const namespaces = [...(imported.profile ? ['capi'] : []), ...(imported.variableShape ? ['clusterclass'] : [])];
  const lines = [
    `// Imported from ${imported.source} by cluster-proxy import. Review the notes below.`,
    `import { ${[...namespaces, ...(imported.network ? ['ClusterNetwork'] : []), ...(imported.network?.provider ? ['Provider'] : []), 'ProxySettings']
      .join(', ')} } from 'cluster-proxy-constructs';`,
    '',
    'const settings = new ProxySettings({',
    ...(settings.httpProxy ? [`  httpProxy: ${literal(settings.httpProxy)},`] : []),
    ...(settings.httpsProxy ? [`  httpsProxy: ${literal(settings.httpsProxy)},`] : []),
    ...(settings.username !== undefined ? [`  username: ${literal(settings.username)},`] : []),
    ...(imported.needsPassword ? ['  password: process.env.PROXY_PASSWORD, // the source\'s password is not copied'] : []),
    `  noProxy: ${list((settings.noProxy ?? []) as readonly string[])},`,
    ...(settings.trustedCaPem ? [`  trustedCaPem: ${literal(settings.trustedCaPem)},`] : []),
    '});',
  ];
  if (imported.network) {
    // every fact the importer found, in its order: a provider and its endpoints decide NO_PROXY entries too
    const fields = Object.entries(imported.network).filter(([, value]) => value !== undefined).map(([key, value]) => `  ${key}: ${
      key === 'provider' ? `Provider.${enumMember(Provider, value as string)}` : Array.isArray(value) ? list(value) : literal(value)},`);
    lines.push('', 'const network = new ClusterNetwork({', ...fields, '});');
  }
  if (imported.profile) {
    const profile = `capi.CompatibilityProfileName.${enumMember(CompatibilityProfileName, imported.profile)}`;
    lines.push('', `// Node files laid out as ${imported.source} writes them (see docs/migration):`,
      `const files: capi.NodeProxyFileOptions = { profile: ${profile} };`,
      '// To adopt a running cluster with the bytes its nodes have, so no machine rolls (what --check-no-roll renders):',
      `// { profile: ${profile}, commands: capi.NodeProxyCommands.SYSTEM, noProxyForm: capi.NoProxyForm.GIVEN, urlPortAsGiven: true }`);
  }
  if (imported.variableShape) {
    lines.push('', '// ClusterClass: keep the Clusters\' proxy variable in its current shape (ClusterClassProxyPatches prop):',
      `const variableShape = clusterclass.ClassVariableShape.${enumMember(ClassVariableShape, imported.variableShape)};`);
  }
  if (imported.notes.length > 0) {
    lines.push('', '// Notes:', ...imported.notes.map((note) => `//   ${note.field}: ${note.message}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The name of the enum member whose value is `value` (the enums are string enums). */
function enumMember(values: Readonly<Record<string, string>>, value: string): string {
  return Object.keys(values).find((key) => values[key] === value)!;
}
