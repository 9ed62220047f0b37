// The service's error body: {"error":{"code","message","description"}} with its HTTP status.
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly description?: string,
  ) {
    super(message);
  }

  toBody(): { error: { code: number; message: string; description?: string } } {
    const error = { code: this.code, message: this.message };
    return { error: this.description === undefined ? error : { ...error, description: this.description } };
  }
}

/** 10001, naming the parameter in the description. */
export function validationError(param: string, problem: string): ServiceError {
  return new ServiceError(400, 10001, 'Validation error', `${param}: ${problem}`);
}

export const errors = {
  authRequired: (description = 'Authorization header is missing') =>
    new ServiceError(401, 1001, 'Authorization required', description),
  authFailed: (description = 'Authorization failed') =>
    new ServiceError(401, 1002, 'Authorization is required or has been failed', description),
  forbidden: (right: string) =>
    new ServiceError(403, 1003, 'Action is forbidden for this API key', `The API key lacks the ${right} right`),
  unsupportedAuth: () => new ServiceError(401, 1004, 'Unsupported authorization method'),
  rateLimited: () => new ServiceError(429, 429, 'Too many requests', 'Rate limit exceeded, retry later'),
  notFound: (path: string) => new ServiceError(404, 404, 'Not found', path),
  symbolNotFound: (symbol: string) => new ServiceError(400, 2001, 'Symbol not found', symbol),
  currencyNotFound: (currency: string) => new ServiceError(400, 2002, 'Currency not found', currency),
  insufficientFunds: () => new ServiceError(400, 20001, 'Insufficient funds', 'Check that the funds are sufficient, given commissions'),
  orderNotFound: () => new ServiceError(400, 20002, 'Order not found'),
  limitExceeded: (description?: string) => new ServiceError(400, 20003, 'Limit exceeded', description),
} as const;
