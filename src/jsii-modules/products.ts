// The jsii `products` module: `Products` builds on every area, so it sits above them all. (TypeScript
// has no such constraint and exports it from the root.)
export { Products } from '../core/api/products';
