import { ClassTarget, classSelectorSubjects, classTargets } from './class-targets';
import { ClusterClassProxy, ClusterClassProxyProps } from './cluster-class-proxy';
import { ClassDelivery } from './file-templates';
import { MAX_ENABLED_IF_LENGTH } from './go-template';
import { describeSubject, selectorMatches } from './patch-selectors';
import { PROXY_VARIABLE_MARKER } from './proxy-variable';
import { ClassJsonPatch, targetCaPatches, targetJsonPatches } from './spec-patches';
import { withoutTkgProxyPatch } from './tkg-proxy-patch';
import { trustedCaEnabledIf, trustedCaFileTemplate, trustedCaVariableDefinition } from './trusted-ca-variable';
import { proxyOnCondition, ClassVariableShape } from './variable-shapes';
import { NodeFileEncoding } from '../node-files/options';
import { ProxyConfigError } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { KubeObject } from '../primitives/k8s/manifest';
import { canonicalJson } from '../primitives/k8s/names';
import { optionalList } from '../primitives/validation/strict-props';

/**
 * Adding the proxy to a ClusterClass: its `proxy` variable and inline patches, first in
 * `spec.patches`:
 *  - `cluster-proxy-constructs-inline` (Clusters whose variable carries the URLs and facts): node
 *    files rendered by Go templates, NO_PROXY computed from the builtin variables;
 *  - `cluster-proxy-constructs-secret` (Clusters whose variable names `secretName`): every node
 *    file `contentFrom` that Secret, which the library renders per cluster;
 *  - with `trustedCaVariable`, `cluster-proxy-constructs-ca` after them (Clusters whose trust
 *    variable has the proxy's entry): the CA file and its trust-store update.
 * Each patch has one definition for the control plane and one per group of worker classes whose
 * templates need the same JSON patches. With the `tkg` shape they take the place of TKG's own
 * `httpProxy` patch (see tkg-proxy-patch.ts).
 */

/** Prefix of the names of the library's patches (earlier copies are replaced). */
export const PROXY_PATCH_PREFIX = 'cluster-proxy-constructs-';

/** Result of `addProxyToClusterClass`. */
export interface AddProxyToClusterClassResult {
  /** The ClusterClass with the variable and patches (a new object). */
  readonly clusterClass: KubeObject;
  /** The class proxy (for the Clusters of the class). */
  readonly classProxy: ClusterClassProxy;
  /** The variable entry added to `spec.variables`. */
  readonly variable: { readonly [key: string]: unknown };
  /** The patches put first in `spec.patches`. */
  readonly patches: { readonly [key: string]: unknown }[];
}

type Json = Record<string, any>;

/**
 * Add the proxy variable and patches to a ClusterClass (v1beta1 or v1beta2). `templates` must hold
 * the KubeadmControlPlaneTemplate and KubeadmConfigTemplates the class references: JSON patches
 * cannot add to a list that does not exist, so they depend on each template's fields. With
 * variable shape `tkg`, TKG's own node proxy patch `httpProxy` (which would write its drop-ins over
 * the proxy's) loses its definitions for the templates the proxy patches, and is removed when none
 * is left. The input is not modified; applying twice gives the same class.
 */
export function addProxyToClusterClass(
  clusterClass: KubeObject, templates: KubeObject[], proxy: ClusterClassProxy | ClusterClassProxyProps,
): AddProxyToClusterClassResult {
  const classProxy = proxy instanceof ClusterClassProxy ? proxy : new ClusterClassProxy(proxy);
  const targets = classTargets(clusterClass, templates, classProxy.props);
  const spec = copyJson(((clusterClass as Json).spec ?? {}) as Json);
  // lists the class may leave out; anything else in their place (a Set passes as data) is refused
  spec.variables = optionalList('clusterClass.spec.variables', spec.variables ?? undefined);
  spec.patches = optionalList('clusterClass.spec.patches', spec.patches ?? undefined);
  const ownPatches = spec.patches.filter((patch: Json) => !String(patch?.name ?? '').startsWith(PROXY_PATCH_PREFIX));
  // errors name a patch by its position in the class as given, the proxy's own patches included
  const positionOf = (patch: Json): number => spec.patches.indexOf(patch);
  refuseWholeListPatches(ownPatches, targets, positionOf);
  // TKG's own node proxy patch would write over the proxy's files: the proxy's patches take its place.
  const keptPatches = classProxy.variableShape === ClassVariableShape.TKG
    ? withoutTkgProxyPatch(ownPatches, targets, classSelectorSubjects(clusterClass), positionOf)
    : ownPatches;
  const foreignShape = classProxy.variableShape !== ClassVariableShape.LIBRARY;
  const named = (variable: Json): boolean => variable?.name === classProxy.variableName;
  if (!foreignShape && spec.variables.some((variable: Json) => named(variable)
    && !String(variable.schema?.openAPIV3Schema?.description ?? '').includes(PROXY_VARIABLE_MARKER))) {
    throw new ProxyConfigError('variableName',
      `the ClusterClass already defines a variable "${classProxy.variableName}" of its own; choose another variableName`);
  }
  // A foreign shape is the class's own variable: kept as it is when the class defines it. The
  // library's own replaces its earlier copy.
  const existing = foreignShape ? spec.variables.find(named) : undefined;
  const variable = existing ?? classProxy.variableDefinition();
  const deliveries = foreignShape ? ['inline'] as const : ['inline', 'secret'] as const;
  const patches = [
    ...deliveries.map((delivery) => classPatch(delivery, targets, classProxy)),
    ...(classProxy.trustedCaVariable ? [caPatch(targets, classProxy)] : []),
  ];
  const withProxyVariable = existing ? spec.variables : [...spec.variables.filter((entry: Json) => !named(entry)), variable];
  // The trust variable is the class's own when it defines it already (TKG's classes do).
  const trust = classProxy.trustedCaVariable;
  const trustVariables = trust && !withProxyVariable.some((entry: Json) => entry?.name === trust.name) ? [trustedCaVariableDefinition(trust)] : [];
  return {
    clusterClass: {
      ...copyJson(clusterClass),
      spec: { ...spec, variables: [...withProxyVariable, ...trustVariables], patches: [...patches, ...keptPatches] },
    },
    classProxy,
    variable,
    patches,
  };
}

function classPatch(delivery: ClassDelivery, targets: ClassTarget[], classProxy: ClusterClassProxy): Json {
  const name = classProxy.variableName;
  // A foreign shape has no secretName: its one patch is on whenever the Cluster sets the proxy.
  const [proxyOn, end] = proxyOnCondition(classProxy.variableShape, name);
  const enabled = classProxy.variableShape !== ClassVariableShape.LIBRARY ? 'true'
    : `{{ if ${delivery === 'inline' ? 'not ' : ''}.${name}.secretName }}true{{ end }}`;
  const enabledIf = `${proxyOn}${enabled}${end}`;
  if (enabledIf.length > MAX_ENABLED_IF_LENGTH) {
    throw new ProxyConfigError('variableName', `makes enabledIf longer than ${MAX_ENABLED_IF_LENGTH} characters`);
  }
  return {
    name: `${PROXY_PATCH_PREFIX}${delivery}`,
    description: delivery === 'inline'
      ? `Node proxy files rendered from the ${name} variable; NO_PROXY computed from the Cluster network (cluster-proxy-constructs).`
      : `Node proxy files read from the Secret named by ${name}.secretName (cluster-proxy-constructs).`,
    enabledIf,
    definitions: patchDefinitions(targets, (target) => targetJsonPatches(target, classProxy.layout, delivery, classProxy.plan)),
  };
}

/**
 * The patch writing the proxy CA a Cluster brings in its trust variable: after the proxy patch,
 * enabled when the proxy is on and the trust variable has the entry.
 */
function caPatch(targets: readonly ClassTarget[], classProxy: ClusterClassProxy): Json {
  const variable = classProxy.trustedCaVariable!;
  const layout = classProxy.layout;
  const template = trustedCaFileTemplate(variable, layout.trustedCa!.file, layout.style?.encoding ?? NodeFileEncoding.PLAIN, 'trustedCaVariable');
  return {
    name: `${PROXY_PATCH_PREFIX}ca`,
    description: `The proxy CA from the ${variable.name} variable's "${variable.entryName}" entry, into the node trust store (cluster-proxy-constructs).`,
    enabledIf: trustedCaEnabledIf(variable, proxyOnCondition(classProxy.variableShape, classProxy.variableName)),
    definitions: patchDefinitions(targets, (target) => targetCaPatches(target, layout, template)),
  };
}

/** Patch definitions: targets needing the same JSON patches share one (one per template kind and version). */
function patchDefinitions(targets: readonly ClassTarget[], jsonPatchesOf: (target: ClassTarget) => ClassJsonPatch[]): Json[] {
  // Worker names by class kind; the targets list MachineDeployment classes before MachinePool classes.
  const groups = new Map<string, { target: ClassTarget; jsonPatches: ClassJsonPatch[]; names: Record<string, { names: string[] }> }>();
  for (const target of targets) {
    const jsonPatches = jsonPatchesOf(target);
    const key = `${target.apiVersion}/${target.kind}/${target.role === 'controlPlane'}/${canonicalJson(jsonPatches)}`;
    const group = groups.get(key) ?? { target, jsonPatches, names: {} };
    const names = target.role === 'controlPlane' ? [] : (group.names[target.role] ??= { names: [] }).names;
    if (target.className !== undefined && !names.includes(target.className)) {
      names.push(target.className);
    }
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    selector: {
      apiVersion: group.target.apiVersion,
      kind: group.target.kind,
      matchResources: group.target.role === 'controlPlane' ? { controlPlane: true } : group.names,
    },
    jsonPatches: group.jsonPatches,
  }));
}

/**
 * The proxy patches run first; a later patch that sets a whole `files` or `preKubeadmCommands`
 * list of a kubeadm template (or a parent of it) would silently drop the proxy's entries, so it is
 * refused -- but only where it meets the proxy: a definition counts for the targets its selector
 * matches (Cluster API's rules: kind, control plane, worker class names with a leading or trailing
 * `*`), so a patch replacing the list of one worker class that the proxy leaves out is fine.
 */
function refuseWholeListPatches(patches: Json[], targets: ClassTarget[], positionOf: (patch: Json) => number): void {
  patches.forEach((patch) => (Array.isArray(patch?.definitions) ? patch.definitions : []).forEach((definition: Json) => {
    const hit = targets.filter((target) => selectorMatches(definition?.selector, target));
    for (const jsonPatch of Array.isArray(definition?.jsonPatches) ? definition.jsonPatches : []) {
      if (jsonPatch?.op !== 'add' && jsonPatch?.op !== 'replace') {
        continue;
      }
      const target = hit.find((candidate) => dropsProxyEntries(String(jsonPatch.path), candidate));
      if (target) {
        throw new ProxyConfigError(`clusterClass.spec.patches[${positionOf(patch)}]`,
          `("${patch.name}") sets the whole ${jsonPatch.path} of ${definition.selector.kind} for ${describeSubject(target)}, which would drop the proxy's entries; `
          + `append with a "/-" path instead${target.role === 'controlPlane' ? '' : ', or leave that class out with excludedWorkerClasses'}`);
      }
    }
  }));
}

/** A path that sets a proxy list of the target, or one of its parents. */
function dropsProxyEntries(path: string, target: ClassTarget): boolean {
  return ['files', 'preKubeadmCommands'].some((list) => {
    const listPath = `/${[...target.specPath, list].join('/')}`;
    return path === listPath || listPath.startsWith(`${path}/`);
  });
}
