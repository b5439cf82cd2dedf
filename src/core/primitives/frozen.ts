/**
 * `Object.freeze`, typed as the value itself: the public types use plain arrays and objects (the
 * shape every jsii language can express), while the values the library hands out stay immutable.
 */
export function frozen<T extends object>(value: T): T {
  return Object.freeze(value) as T;
}

/**
 * Make every own property of a class instance read-only and non-configurable, like
 * `Object.freeze`, but leave the instance extensible: the jsii runtime that Python, Java, Go and .NET
 * programs talk to tags each object it hands out with an identity property, and fails on a frozen one.
 */
export function lockProperties(instance: object): void {
  for (const key of Reflect.ownKeys(instance)) {
    Object.defineProperty(instance, key, { writable: false, configurable: false });
  }
}
