import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { invalidValue } from '../core/primitives/errors';

/**
 * `scope` as the library's cdk8s functions take it: a construct in a Chart, where objects are
 * added and found. Untyped callers get the library's error, not a TypeError from inside cdk8s.
 */
export function chartScope(field: string, scope: unknown): Construct {
  if (!Construct.isConstruct(scope) || !scope.node.scopes.some((construct) => Chart.isChart(construct))) {
    throw invalidValue(field, scope, 'must be a cdk8s Chart, or a construct inside one');
  }
  return scope;
}
