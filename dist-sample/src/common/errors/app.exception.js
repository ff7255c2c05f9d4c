import { HttpException } from '@nestjs/common';
import { ERROR_CATALOGUE } from './error-codes.js';
/** A typed error from the catalogue; the global filter turns it into the envelope. */
export class AppException extends HttpException {
    constructor(code, details, options = {}) {
        const entry = ERROR_CATALOGUE[code];
        const message = options.message ?? entry.message;
        super(message, options.status ?? entry.status);
        this.code = code;
        this.details = details ?? message;
        this.headers = options.headers ?? {};
    }
}
export const notFound = (what = 'Resource') => new AppException('NOT_FOUND', `${what} not found`, { message: `${what} not found` });
//# sourceMappingURL=app.exception.js.map