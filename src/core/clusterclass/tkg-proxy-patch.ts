import { ClassTarget, SelectorSubject } from './class-targets';
import { describeSubject, selectorMatches } from './patch-selectors';
import { ProxyConfigError } from '../primitives/errors';

/**
 * TKG's ClusterClasses write the node proxy themselves, from the same `proxy` variable the `tkg`
 * shape reads: their patch `httpProxy` appends a containerd and a kubelet drop-in to `files` and
 * `systemctl daemon-reload` and `export HTTP_PROXY=...` commands to `preKubeadmCommands`. Running
 * after the proxy patches, it would undo them: cloud-init writes `files` in list order, so TKG's
 * containerd drop-in (the library's path) replaces the library's, and its exports replace the
 * environment the library's commands set for kubeadm. With the `tkg` shape the library's patches
 * take that patch's place: its definitions for templates the proxy patches are removed, and the
 * patch with them when none is left. Recognised by name and by doing nothing else than appending
 * node files and commands; any other patch of that name is left as it is.
 */

/** The name of TKG's node proxy patch. */
export const TKG_PROXY_PATCH = 'httpProxy';

type Json = Record<string, any>;

/**
 * The class's own patches without TKG's node proxy patch for the proxy's targets. `subjects` are
 * every template of the class (for a definition that also selects a worker class the proxy leaves
 * out: refused, since keeping it breaks the proxy's nodes and removing it leaves that class without
 * a proxy); `indexOf` gives a patch's index in the class for errors.
 */
export function withoutTkgProxyPatch(
  patches: Json[], targets: readonly ClassTarget[], subjects: readonly SelectorSubject[], indexOf: (patch: Json) => number,
): Json[] {
  return patches.flatMap((patch) => {
    if (!isTkgProxyPatch(patch)) {
      return [patch];
    }
    const definitions = (patch.definitions as Json[]).filter((definition, index) => {
      const proxied = targets.find((target) => selectorMatches(definition.selector, target));
      if (!proxied) {
        return true;
      }
      const left = subjects.find((subject) => selectorMatches(definition.selector, subject)
        && !targets.some((target) => target.role === subject.role && target.className === subject.className));
      if (left) {
        throw new ProxyConfigError(`clusterClass.spec.patches[${indexOf(patch)}].definitions[${index}]`,
          `("${patch.name}", TKG's node proxy patch) selects ${describeSubject(proxied)}, where the proxy patches replace it, `
          + `and ${describeSubject(left)}, which it leaves out; give that class a definition of its own, or include it in the proxy's worker classes`);
      }
      return false;
    });
    if (definitions.length === patch.definitions.length) {
      return [patch];
    }
    return definitions.length > 0 ? [{ ...patch, definitions }] : [];
  });
}

/** TKG's `httpProxy` patch: inline definitions that append to `files` and `preKubeadmCommands` only. */
function isTkgProxyPatch(patch: Json): boolean {
  return patch?.name === TKG_PROXY_PATCH && patch.external === undefined
    && Array.isArray(patch.definitions) && patch.definitions.length > 0
    && patch.definitions.every((definition: Json) => Array.isArray(definition?.jsonPatches)
      && definition.jsonPatches.every((jsonPatch: Json) => jsonPatch?.op === 'add' && /\/(files|preKubeadmCommands)\/-$/.test(String(jsonPatch.path))));
}
