/** An error a client caused; the error handler answers `{ message, errors }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found.") => new HttpError(404, message);
export const unauthorized = (message = "Unauthenticated.") => new HttpError(401, message);
export const forbidden = (message = "Forbidden.") => new HttpError(403, message);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(409, message, errors);

/** A field-level rule the schema could not express (a taken e-mail, a stock shortage...). */
export function unprocessable(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}
