import { ApiError } from '../http/errors';

/** What a client is told of an operation that must fail with an ApiError (anything else fails the test). */
export const apiFailure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      return { status: err.status, code: err.code, detail: err.detail, extras: err.extras };
    },
  );
