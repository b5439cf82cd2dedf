import { ProxyConfigError } from '../../src/core/primitives/errors';

/** The error `fn` throws, which must be the library's (a test fails when it throws none, or another). */
export function libraryError(fn: () => unknown): ProxyConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProxyConfigError);
    return error as ProxyConfigError;
  }
  throw new Error('expected an error');
}
