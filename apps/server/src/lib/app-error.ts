import { ERROR_STATUS, type ErrorCode, type ErrorParams } from '@app/shared';

/** Errors travel as codes (convention 3): throw `new AppError('COURSE_FULL')` anywhere below a route. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    /** Values for the web's Norwegian text of this code (sent as error.params). */
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
