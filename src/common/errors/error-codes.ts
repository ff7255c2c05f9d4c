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
  INVITATION_INVALID: { status: 400, message: 'The invitation is invalid, expired or already used' },
  SECRET_UNREADABLE: { status: 409, message: 'A stored secret could not be decrypted; an admin must set it again' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The payload is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
  PASSWORD_POLICY_VIOLATION: { status: 400, message: 'The password does not meet the password policy' },
  PASSWORD_REUSED: { status: 400, message: 'The password was used recently; choose another' },
  PDF_PASSWORD_REQUIRED: { status: 422, message: 'The PDF is encrypted; a password is required' },
  PDF_PASSWORD_INVALID: { status: 422, message: 'The PDF password is wrong' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be processed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later' },
  QUOTA_EXCEEDED: { status: 429, message: 'A usage quota is used up; try again after Retry-After seconds' },
  EXTRACTION_TIMEOUT: { status: 504, message: 'The maximum processing time was exceeded' },
  INTERNAL_ERROR: { status: 500, message: 'An internal error occurred' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'A dependency is unavailable' },
  PDF_ENGINE_BUSY: { status: 503, message: 'Too many PDFs are being read; try again after Retry-After seconds' },
  MAIL_UNAVAILABLE: { status: 503, message: 'The e-mail could not be sent; try again later' },
  LLM_UNAVAILABLE: { status: 503, message: 'The language model is unavailable; try again later' },
  LLM_REQUEST_REJECTED: { status: 502, message: 'The language model rejected the request' },
  INSUFFICIENT_STORAGE: { status: 507, message: 'There is no space left to store the upload' },
  SSO_NOT_CONFIGURED: { status: 400, message: 'Single sign-on is not configured for this tenant' },
  SSO_METADATA_INVALID: { status: 400, message: "The identity provider's metadata could not be fetched or read" },
  SSO_CODE_INVALID: { status: 400, message: 'The sign-in code is invalid, expired or already used' },
  SSO_SIGNATURE_INVALID: { status: 401, message: "The identity provider's response is unsigned or its signature does not verify" },
  SSO_RESPONSE_INVALID: { status: 401, message: "The identity provider's response was refused" },
  SSO_REQUEST_UNKNOWN: { status: 401, message: 'The sign-in request is unknown, expired or was already answered' },
  SSO_LOGIN_DENIED: { status: 401, message: 'The identity provider did not sign you in' },
  SSO_ACCOUNT_CONFLICT: { status: 409, message: 'This e-mail belongs to an account in another tenant' },
  SSO_ATTRIBUTE_MISSING: { status: 422, message: 'The identity provider did not send a usable e-mail address' },
  SSO_IDP_UNAVAILABLE: { status: 502, message: 'The identity provider could not be reached' },
  SSO_BROWSER_MISMATCH: { status: 401, message: 'The sign-in was started in another browser' },
  SSO_ROLE_VALUES_REQUIRED: { status: 400, message: 'A mapped role attribute needs role_values naming which values give which role' },
  SSO_SIGN_IN_URL_REFUSED: { status: 400, message: "The identity provider's sign-in URL is not https on the metadata URL's host or an allowed host" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Seconds a client should wait (the `Retry-After` header) before retrying an answer that says it may. */
export const RETRY_AFTER_SECONDS = '5';
