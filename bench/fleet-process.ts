/**
 * One `cdk8s synth`-like run in a fresh process: build the fleet and `app.synth()` it into an
 * output directory, as the cdk8s CLI runs a user's app. The bench starts one per cold sample
 * (with `child-report` preloaded for CPU time and peak RSS).
 *
 * Usage: node fleet-process.js library|bare LAYOUT SIZE App|FleetApp OUTDIR [OBJECTS_JSON]
 * The bare run reads the objects from OBJECTS_JSON and loads cdk8s only, never the library.
 */
import * as fs from 'node:fs';
import type { AppKind, Layout } from './fleet-definition';

const [which, layout, size, appKind, outdir, objectsFile] = process.argv.slice(2);
if (which === 'library') {
  // The fleet definition imports the compiled modules (src/ compiled), not the package's bundles.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { libraryApp } = require('./fleet-definition') as typeof import('./fleet-definition');
  libraryApp(layout as Layout, Number(size), appKind as AppKind, outdir).synth();
} else {
  // What a hand-written cdk8s app costs: cdk8s, constructs and the manifests, nothing else.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ApiObject, App, Chart } = require('cdk8s') as typeof import('cdk8s');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Construct } = require('constructs') as typeof import('constructs');
  const objectsPerCluster = JSON.parse(fs.readFileSync(objectsFile, 'utf8')) as Array<Array<import('cdk8s').ApiObjectProps>>;
  if (appKind === 'FleetApp') {
    throw new Error('the bare baseline uses cdk8s alone (App)');
  }
  const app = new App({ outdir });
  const one = layout === 'one-chart' ? new Chart(app, 'fleet') : undefined;
  objectsPerCluster.forEach((objects, i) => {
    const scope = one ? new Construct(one, `cluster-${i}`) : new Chart(app, `cluster-${i}`);
    objects.forEach((object, j) => new ApiObject(scope, `o${j}`, object));
  });
  app.synth();
}
