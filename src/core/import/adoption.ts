import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { compatibilityProfile } from '../node-files/compatibility-profiles';
import { NodeProxyCommands, NodeProxyFileOptions, NoProxyForm } from '../node-files/options';

/**
 * The node-file options that adopt a running cluster with the bytes its nodes have: the system's
 * profile and commands, NO_PROXY as the system composes it, the proxy URLs' ports as given. What
 * `cluster-proxy import --check-no-roll` renders; a cluster moves to the library's own layout
 * later, in a rollout it plans.
 */
export function adoptionFileOptions(profile: CompatibilityProfileName | undefined): NodeProxyFileOptions {
  const named = profile === undefined ? undefined : compatibilityProfile(profile).name;
  return { ...(named ? { profile: named, commands: NodeProxyCommands.SYSTEM } : {}), noProxyForm: NoProxyForm.GIVEN, urlPortAsGiven: true };
}
