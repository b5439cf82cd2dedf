import { SelectorSubject } from './class-targets';

/**
 * Which templates a ClusterClass patch definition selects, as Cluster API's inline patch generator
 * decides: kind, control plane, worker class names with a leading or trailing `*`.
 */

type Json = Record<string, any>;

/** Whether a patch selector picks the template. */
export function selectorMatches(selector: Json | undefined, subject: SelectorSubject): boolean {
  // Group and kind only: a selector of another version still counts, to stay on the safe side.
  if (!selector || selector.kind !== subject.kind || String(selector.apiVersion ?? '').split('/')[0] !== subject.apiVersion.split('/')[0]) {
    return false;
  }
  const match = (selector.matchResources ?? {}) as Json;
  if (subject.role === 'controlPlane') {
    return match.controlPlane === true;
  }
  const names = match[subject.role]?.names;
  return Array.isArray(names) && names.some((name: unknown) => typeof name === 'string' && classNameMatches(name, subject.className!));
}

/** `*`, an exact name, `prefix*` or `*suffix`. */
function classNameMatches(pattern: string, className: string): boolean {
  return pattern === '*' || pattern === className
    || (pattern.startsWith('*') && className.endsWith(pattern.slice(1)))
    || (pattern.endsWith('*') && className.startsWith(pattern.slice(0, -1)));
}

/** How an error names the template: `the control plane`, `worker class "name"`. */
export function describeSubject(subject: SelectorSubject): string {
  return subject.role === 'controlPlane' ? 'the control plane' : `worker class "${subject.className}"`;
}
