import { ClassVariableShape } from '../core/clusterclass/variable-shapes';
import { ImportResult } from '../core/import/import-proxy';
import { NodeObjectChanges } from '../core/import/node-changes';
import { CompatibilityProfileName } from '../core/node-files/compatibility-profile-name';
import { Provider } from '../core/primitives/providers';

/**
 * The output formats of `cluster-proxy import`: text (for people), JSON (for tools) and a
 * TypeScript snippet (to paste into a cdk8s or Pulumi program), and the text of the node report.
 * None ever holds a password: the snippet reads it from the environment.
 */

/** A human-readable summary. */
export function importResultText(result: ImportResult): string {
  const { imported, noProxy } = result;
  const lines = [
    `Imported from ${imported.source}`,
    `  httpProxy:  ${imported.settings.httpProxy ?? '(unset)'}`,
    `  httpsProxy: ${imported.settings.httpsProxy ?? '(unset)'}`,
    ...(imported.settings.username !== undefined ? [`  username:   ${imported.settings.username}${imported.needsPassword ? ' (password not copied: give it as password)' : ''}`] : []),
    `  noProxy:    ${((imported.settings.noProxy ?? []) as readonly string[]).join(',') || '(none)'}`,
    ...(imported.settings.trustedCaPem ? ['  trustedCaPem: (imported)'] : []),
    ...(imported.profile ? [`  files:      { profile: '${imported.profile}' }`] : []),
    ...(imported.variableShape ? [`  ClusterClass variableShape: '${imported.variableShape}'`] : []),
    '',
    'Notes:',
    ...(imported.notes.length > 0 ? imported.notes.map((note) => `  - ${note.field}: ${note.message}`) : ['  (none)']),
  ];
  if (noProxy) {
    lines.push('', `NO_PROXY (${imported.source}): ${noProxy.before}`, `NO_PROXY (library):  ${noProxy.after}`,
      `  added:   ${noProxy.added.join(',') || '(none)'}`, `  removed: ${noProxy.removed.join(',') || '(none)'}`,
      '', `Per client (${noProxy.probes.length} destinations probed):`);
    if (noProxy.changes.length === 0) {
      lines.push('  no client routes any probed destination differently');
    }
    const byUrl = new Map<string, string[]>();
    for (const change of noProxy.changes) {
      const entry = byUrl.get(change.url) ?? [];
      entry.push(`${change.clientName}: ${change.before} -> ${change.after}`);
      byUrl.set(change.url, entry);
    }
    for (const [url, changes] of byUrl) {
      lines.push(`  ${url}`, ...changes.map((change) => `    ${change}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

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

/** The node report (`--nodes`, `--check-no-roll`) as text. */
export function nodeChangesText(changes: NodeObjectChanges[]): string {
  const lines: string[] = [];
  for (const object of changes) {
    lines.push(object.object);
    if (object.files.length === 0 && object.removedCommands.length === 0 && object.addedCommands.length === 0) {
      lines.push('  no change');
    }
    for (const file of object.files) {
      lines.push(`  ${file.change === 'added' ? '+' : file.change === 'removed' ? '-' : '~'} ${file.path}`,
        ...file.attributes.map((attribute) => `      ${attribute}`),
        ...file.removedLines.map((line) => `      - ${line}`),
        ...file.addedLines.map((line) => `      + ${line}`));
    }
    if (object.removedCommands.length + object.addedCommands.length > 0) {
      lines.push('  preKubeadmCommands:', ...object.removedCommands.map((command) => `      - ${command}`), ...object.addedCommands.map((command) => `      + ${command}`));
    }
    if (object.rollingFields.length > 0) {
      lines.push(`  rolls its machines: ${object.rollingFields.length} field${object.rollingFields.length === 1 ? '' : 's'} of the spec differ`,
        ...object.rollingFields.map((field) => `      ${field}`));
    } else {
      lines.push('  rolls nothing: the spec is byte for byte the same');
    }
  }
  return `${lines.join('\n')}\n`;
}
