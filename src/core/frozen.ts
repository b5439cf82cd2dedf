/**
 * `Object.freeze`, typed as the value itself: the public types use plain arrays and objects (the
 * shape every jsii language can express), while the values the library hands out stay immutable.
 */
export function frozen<T extends object>(value: T): T {
  return Object.freeze(value) as T;
}
