/**
 * The one catalogue of error codes Foliodesk answers with. Each code has a default HTTP status and a
 * default message; docs/errors.md documents the same table for clients.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_ERROR: { status: 400, message: 'The request is invalid' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password' },
  UNAUTHORIZED: { status: 401, message: 'Authentication is required' },
  TOKEN_EXPIRED: { status: 401, message: 'The token has expired' },
  TOKEN_INVALID: { status: 401, message: 'The token is invalid' },
  SESSION_REVOKED: { status: 401, message: 'The session has ended; sign in again' },
  REFRESH_TOKEN_REUSED: { status: 401, message: 'The refresh token was already used; the session has been revoked' },
  ACCOUNT_DISABLED: { status: 401, message: 'The account is disabled' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  NOT_FOUND: { status: 404, message: 'Resource not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such route' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'The resource already exists or is in a conflicting state' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail already exists' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The payload is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
  PASSWORD_POLICY_VIOLATION: { status: 400, message: 'The password does not meet the password policy' },
  PASSWORD_REUSED: { status: 400, message: 'The password was used recently; choose another' },
  PDF_PASSWORD_REQUIRED: { status: 422, message: 'The PDF is encrypted; a password is required' },
  PDF_PASSWORD_INVALID: { status: 422, message: 'The PDF password is wrong' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be processed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later' },
  EXTRACTION_TIMEOUT: { status: 504, message: 'The maximum processing time was exceeded' },
  INTERNAL_ERROR: { status: 500, message: 'An internal error occurred' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'A dependency is unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
