// Property tests run with a fixed seed so CI is reproducible: a failure on main fails the same way
// for everyone. Explore other inputs locally with `FC_SEED=<n> npm test` (or FC_SEED=random).
import * as fc from 'fast-check';

const configured = process.env.FC_SEED;
if (configured !== 'random') {
  fc.configureGlobal({ seed: configured === undefined ? 20261121 : Number(configured) });
}
