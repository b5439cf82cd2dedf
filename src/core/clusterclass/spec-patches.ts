import { ClassTarget } from './class-targets';
import { ClassContentStyle, ClassDelivery, ClassProxyFile, fileValueTemplate } from './file-templates';
import { NoProxyTemplatePlan } from './no-proxy-template';
import { capiVersionOf } from '../capi/capi-version';
import { addProxyToKubeadmConfigSpec } from '../capi/kubeadm-config-spec';
import { NodeProxyBootstrap } from '../node-files/bootstrap';
import { BootstrapFormat } from '../node-files/bootstrap-format';
import { isProxyCommand } from '../node-files/commands';
import { KubeadmFile } from '../node-files/kubeadm-file';
import { NodeProxyPosition } from '../node-files/options';

/**
 * The JSON patches that give one kubeadm template what `addProxyToKubeadmConfigSpec` gives a
 * KubeadmConfigSpec: the proxy's files first (replacing a file at the same path), its commands
 * first in `preKubeadmCommands` (replacing earlier copies) -- both appended instead with position
 * `last` -- and `format: ignition` for Ignition.
 *
 * RFC 6902 `add` needs the parent to exist, and Cluster API applies the patches without creating
 * paths, so the patches are computed from the template as it is: a missing `files` or
 * `preKubeadmCommands` is added whole, an existing one gets insertions at the front. The proxy
 * patches therefore come first in `spec.patches`, where they see the template unchanged.
 */

/** One entry of a ClusterClass patch definition's `jsonPatches`. */
export interface ClassJsonPatch {
  /** `add` or `remove`. */
  readonly op: 'add' | 'remove';
  /** JSON pointer into the template. */
  readonly path: string;
  /**
   * A fixed value.
   *
   * @default - none (valueFrom, or a remove)
   */
  readonly value?: unknown;
  /**
   * A value rendered per cluster.
   *
   * @default - none
   */
  readonly valueFrom?: { readonly template: string };
}

/** What the patches add: the class's proxy files and commands (from `nodeProxyBootstrap`). */
export interface ClassNodeLayout {
  /** The files, in `ProxiedCluster`'s order. */
  readonly files: ClassProxyFile[];
  /** A bootstrap with the same files, commands and format, used to validate each template's spec. */
  readonly bootstrap: NodeProxyBootstrap;
  /**
   * Variable styles and encoding of the content.
   *
   * @default - the library's own (pairs, plain)
   */
  readonly style?: ClassContentStyle;
  /**
   * The CA file and its trust-store command, for a CA each Cluster brings in a variable.
   *
   * @default - none (the class carries the CA in `files`, or there is none)
   */
  readonly trustedCa?: ClassVariableCa;
}

/** Where a CA read from a Cluster variable goes on the node. */
export interface ClassVariableCa {
  /** Path, owner and mode of the CA file (content ignored). */
  readonly file: KubeadmFile;
  /** The trust-store update command. */
  readonly command: string;
  /** Its index among the proxy's commands. */
  readonly commandIndex: number;
}

type Json = Record<string, any>;

/** JSON patches for one target and one delivery. */
export function targetJsonPatches(
  target: ClassTarget, layout: ClassNodeLayout, delivery: ClassDelivery, plan: NoProxyTemplatePlan,
): ClassJsonPatch[] {
  const patches: ClassJsonPatch[] = [];
  // Create missing parents of the KubeadmConfigSpec (e.g. a KubeadmConfigTemplate without template.spec).
  let node: unknown = target.template;
  const pointer: string[] = [];
  for (const key of target.specPath) {
    pointer.push(key);
    const next = node && typeof node === 'object' ? (node as Json)[key] : undefined;
    if (next === undefined) {
      patches.push({ op: 'add', path: `/${pointer.join('/')}`, value: {} });
    }
    node = next ?? {};
  }
  const spec = node as Json;
  const base = `/${pointer.join('/')}`;
  const field = `${target.template.kind}/${target.template.metadata.name}: ${target.specPath.join('.')}`;
  // The same checks as ProxiedCluster (format agreement, file and command limits, file paths).
  addProxyToKubeadmConfigSpec(spec, layout.bootstrap, field, capiVersionOf(target.template.apiVersion));

  if (layout.bootstrap.bootstrapFormat === BootstrapFormat.IGNITION && spec.format !== 'ignition') {
    patches.push({ op: 'add', path: `${base}/format`, value: 'ignition' });
  }
  const options = { delivery, plan, field, ...(layout.style ? { style: layout.style } : {}) };
  const last = layout.bootstrap.position === NodeProxyPosition.LAST;
  if (spec.files === undefined) {
    // One template renders the drop-ins and the env file (one NO_PROXY computation); each CA
    // certificate is its own entry, so the PEMs do not count against that template's size.
    const rendered = layout.files.filter((entry) => entry.caPem === undefined);
    patches.push({ op: 'add', path: `${base}/files`, valueFrom: { template: fileValueTemplate(rendered, options, true) } });
    layout.files.filter((entry) => entry.caPem !== undefined).forEach((entry, index) => {
      patches.push({ op: 'add', path: `${base}/files/${rendered.length + index}`, valueFrom: { template: fileValueTemplate([entry], options, false) } });
    });
  } else {
    // A CA file a Cluster variable brings is replaced too: the CA patch adds it again when it applies.
    const proxyPaths = new Set([...layout.files.map((entry) => entry.file.path), ...(layout.trustedCa ? [layout.trustedCa.file.path] : [])]);
    const entries = layout.files.map((entry) => ({ valueFrom: { template: fileValueTemplate([entry], options, false) } }));
    patches.push(...replaceProxyEntries(`${base}/files`, spec.files, (file) => proxyPaths.has((file as Json)?.path), entries, last));
  }
  const commands = layout.bootstrap.preKubeadmCommands;
  if (spec.preKubeadmCommands === undefined) {
    patches.push({ op: 'add', path: `${base}/preKubeadmCommands`, value: [...commands] });
  } else {
    patches.push(...replaceProxyEntries(`${base}/preKubeadmCommands`, spec.preKubeadmCommands, isProxyCommand, commands.map((value) => ({ value })), last));
  }
  return patches;
}

/**
 * The JSON patches of the CA patch for one target: the CA file right after the proxy's files and
 * the trust-store command at its place among the proxy's commands, where `nodeProxyBootstrap` puts
 * them for a CA the settings carry. The CA patch runs after the proxy patch, so both lists exist
 * and hold the proxy's entries; the indices are computed from the template as that patch leaves it.
 */
export function targetCaPatches(target: ClassTarget, layout: ClassNodeLayout, template: string): ClassJsonPatch[] {
  const ca = layout.trustedCa!;
  const spec = target.specPath.reduce<Json | undefined>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), target.template);
  const base = `/${target.specPath.join('/')}`;
  const last = layout.bootstrap.position === NodeProxyPosition.LAST;
  const commands = spec?.preKubeadmCommands;
  // With position `last` the proxy's commands follow the template's own (its earlier proxy commands removed).
  const ownCommands = last && Array.isArray(commands) ? commands.filter((command) => !isProxyCommand(command)).length : 0;
  return [
    { op: 'add', path: `${base}/files/${last ? '-' : layout.files.length}`, valueFrom: { template } },
    { op: 'add', path: `${base}/preKubeadmCommands/${ownCommands + ca.commandIndex}`, value: ca.command },
  ];
}

/**
 * The patches replacing the proxy's entries of an existing list: remove them (the last first, so
 * the indices hold), then add the current ones at the front, or at the end with position `last`.
 */
function replaceProxyEntries(
  path: string, list: unknown[], isProxyEntry: (item: unknown) => boolean, values: Pick<ClassJsonPatch, 'value' | 'valueFrom'>[], last: boolean,
): ClassJsonPatch[] {
  return [
    ...list.flatMap((item, index) => (isProxyEntry(item) ? [index] : [])).reverse().map((index): ClassJsonPatch => ({ op: 'remove', path: `${path}/${index}` })),
    ...values.map((value, index): ClassJsonPatch => ({ op: 'add', path: `${path}/${last ? '-' : index}`, ...value })),
  ];
}
