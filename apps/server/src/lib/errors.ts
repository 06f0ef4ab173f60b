/** An error whose status and message are meant for the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More of the answer for the client, beside message and errors (a 409's current prices). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found.') => new AppError(404, what);
export const conflict = (message: string) => new AppError(409, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new AppError(422, message, errors);
