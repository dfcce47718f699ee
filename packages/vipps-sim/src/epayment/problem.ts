import { randomBytes } from 'node:crypto';

/** One entry of Vipps' `extraDetails`: a field name (or `ErrorCode`) and why it failed. */
export interface ExtraDetail {
  name: string;
  reason: string;
}

/** RFC 7807 body as Vipps sends it: the meaning is in `title` (stable here; Vipps' may change, so branch on status). */
export interface ProblemBody {
  type: string;
  title: string;
  detail: string;
  status: number;
  instance?: string;
  traceId: string;
  extraDetails?: ExtraDetail[];
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extraDetails?: ExtraDetail[],
  ) {
    super(`${status} ${title}: ${detail}`);
    this.name = 'ProblemError';
  }
}

/** W3C trace-context shaped, like Vipps' `traceId`. */
export const newTraceId = () => `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;

export function problemBody(error: ProblemError, instance?: string): ProblemBody {
  return {
    type: `https://httpstatuses.io/${error.status}`,
    title: error.title,
    detail: error.detail,
    status: error.status,
    ...(instance ? { instance } : {}),
    traceId: newTraceId(),
    ...(error.extraDetails?.length ? { extraDetails: error.extraDetails } : {}),
  };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Request-body validation: 400 'Bad Request' with one extraDetail per bad field, as Vipps does. */
export const badRequest = (details: ExtraDetail[]) =>
  new ProblemError(400, 'Bad Request', 'See extraDetails for further details', details);
