/** Error codes and their HTTP status; the web maps codes to Norwegian texts, `message` is an English fallback. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  CHILD_ALREADY_IN_COURSE: 400,
  CHILD_ON_COURSE: 400,
  /** An instructor id in a course that is no instructor (or no user at all). */
  UNKNOWN_INSTRUCTOR: 400,
  /** Attendance for a date the course does not have. */
  NOT_A_COURSE_DATE: 400,
  /** Attendance for a date that has not come yet (its Oslo day is after today). */
  DATE_NOT_YET: 400,
  /** Remove/move: the child is not on that course. */
  CHILD_NOT_IN_COURSE: 404,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  COURSE_FULL: 409,
  /** Every date of the course has passed. */
  COURSE_ENDED: 409,
  /** The course has started and late booking is closed for it. */
  LATE_BOOKING_CLOSED: 409,
  /** The child is outside the course's age range at its first date; params: childAgeMonths, ageMinMonths, ageMaxMonths. */
  CHILD_AGE_OUTSIDE_RANGE: 409,
  COURSE_NOT_PUBLISHED: 409,
  /** Deleting a course that still has participants or live payment holds: move or refund them first. */
  COURSE_HAS_PARTICIPANTS: 409,
  /** Saving needs `confirm: true` (decision 031); params (null when not warned): participants, maximumParticipants, lastDate. */
  COURSE_NEEDS_CONFIRMATION: 409,
  /** A venue with that name exists already (names make the URL slug). */
  PLACE_NAME_TAKEN: 409,
  /** The name's slug was another venue's address before it was renamed, and still leads there (decision 036). */
  PLACE_NAME_WAS_USED: 409,
  CONFLICT: 409,
  /** A photo upload that is not a JPEG, PNG or WebP image after decoding (a renamed file, SVG, truncated, a bomb). */
  IMAGE_INVALID: 400,
  /** A HEIC/HEIF photo: the server cannot decode it (decision 040); send JPEG. */
  IMAGE_HEIC: 400,
  /** A photo over MAX_PHOTO_BYTES. */
  IMAGE_TOO_LARGE: 400,
  /** A photo wider or higher than MAX_PHOTO_SIDE, or longer than MAX_PHOTO_ASPECT times its short side. */
  IMAGE_SHAPE: 400,
  /** A venue already has MAX_PHOTOS_PER_PLACE photos. */
  TOO_MANY_PHOTOS: 409,
  /** PATCH /users/{id} {roles}: an admin cannot take the admin role from themselves (decision 014). */
  OWN_ADMIN_ROLE: 409,
  /** Returning swimmers first: the course is open only to children of its earlier courses until params.opensAt. */
  PRIORITY_WINDOW: 409,
  /** Enrolment night (decision 041): booking opens at params.opensAt. */
  BOOKING_NOT_OPEN: 409,
  /** Enrolment night: the family must be let in from the waiting room first (params.opensAt: the opening). */
  QUEUE_REQUIRED: 409,
  /** Waitlist: the course has free places (book instead). */
  COURSE_NOT_FULL: 409,
  /** Waitlist: an admin closed the course's waitlist. */
  WAITLIST_CLOSED: 409,
  /** Waitlist: the child is already waiting on (or holds an offer for) that course. */
  ALREADY_ON_WAITLIST: 409,
  /** Waitlist: the entry is no longer waiting (offered, booked, left …) for the step asked. */
  WAITLIST_ENTRY_NOT_OPEN: 409,
  ALREADY_INVITED: 409,
  /** A profile already has MAX_CHILDREN_PER_PROFILE children. */
  TOO_MANY_CHILDREN: 409,
  /** PATCH /profiles/{id}: the only or the first guardian cannot be removed. */
  LAST_GUARDIAN: 400,
  /** An invite that is no longer pending cannot be answered or deleted. */
  INVITE_NOT_PENDING: 409,
  /** The invite link is past its expiry (issue 36). */
  INVITE_EXPIRED: 410,
  /** Refund: more than is captured and not yet refunded at Vipps. */
  REFUND_TOO_LARGE: 409,
  /** Refund or cancel: the order is not in a state that allows it (nothing captured / nothing reserved). */
  ORDER_NOT_REFUNDABLE: 409,
  ORDER_NOT_CANCELLABLE: 409,
  /** A payment incident that an admin has resolved already (issue 52): resolved once, with one outcome. */
  INCIDENT_RESOLVED: 409,
  /** A cancelled date's choice: the child's place was cancelled (or the child left the course), so it cannot be chosen. */
  CHOICE_CLOSED: 409,
  /** 'Angre' on a cancelled date whose families were told already (issue 53): there is no undo after the e-mails. */
  CLOSURE_ANNOUNCED: 409,
  /** A season that shares a day with another (decision 053); params: name, startsOn, endsOn of the other season. */
  SEASON_OVERLAP: 409,
  /** A level or skill that a course, a mark or a recommendation refers to: retire it instead (decision 057). */
  LEVEL_IN_USE: 409,
  /** Another level has that name already. */
  LEVEL_NAME_TAKEN: 409,
  /** A mark for a skill that is not of the course's level (or a course without a level); params: index. */
  SKILL_NOT_OF_LEVEL: 400,
  /** A mark for a retired skill or level: it can be read, not marked; params: index. */
  SKILL_RETIRED: 400,
  /** A mark made more than 5 minutes ahead of the server's clock; params: index. */
  MARK_IN_FUTURE: 400,
  /** 'Anbefalt neste kurs' other than the course's level or the next one. */
  RECOMMENDATION_INVALID: 400,
  /** 'Kursbevis' asked for a course that is not over, or with too little attendance. */
  NO_CERTIFICATE: 404,
  /** Absences and make-up tokens (decision 061): turned off for the school or the course. */
  ABSENCES_OFF: 409,
  /** An absence for a date that has begun or passed. */
  ABSENCE_DATE_PASSED: 400,
  /** The child is already reported absent on that date. */
  ALREADY_ABSENT: 409,
  /** Undoing an absence after its date began. */
  ABSENCE_UNDO_TOO_LATE: 409,
  /** Undoing an absence whose freed place a make-up child has taken. */
  ABSENCE_PLACE_TAKEN: 409,
  /** Undoing an absence (or withdrawing a token) whose token is spent on a make-up: cancel the make-up first. */
  TOKEN_SPENT: 409,
  /** A token that is spent, withdrawn or past its expiry. */
  TOKEN_NOT_USABLE: 409,
  /** A make-up date that does not fit the token (level, age, venue, before its expiry). */
  MAKEUP_NOT_FITTING: 400,
  /** A make-up on a date with no free place (or no make-up place left). */
  MAKEUP_DATE_FULL: 409,
  /** Cancelling a make-up after its date's absence deadline. */
  MAKEUP_CANCEL_TOO_LATE: 409,
  RATE_LIMITED: 429,
  /** Payment start: the family let several holds run out unpaid lately (issue 36); params: pausedUntil (ISO time). */
  HOLD_COOLDOWN: 429,
  /** A guardian changing the birth date of a child with a booking or a waitlist entry: an admin does it (decision 034). */
  BIRTHDATE_LOCKED: 409,
  /** Waitlist: the family already has MAX_WAITLIST_ENTRIES_PER_FAMILY children waiting on that course. */
  WAITLIST_FAMILY_LIMIT: 409,
  /** The contact form's own limit (messages per hour). */
  CONTACT_RATE_LIMITED: 429,
  /** A gift card's code that was redeemed already. */
  GIFT_CARD_USED: 409,
  /** A gift card's code that is unknown, unpaid or past its expiry. */
  GIFT_CARD_INVALID: 404,
  /** 'Behold plassen' (decision 060): the reply-by is not in the future or not before a next course's priority window; params: opensAt. */
  ROLLOVER_REPLY_BY_INVALID: 400,
  /** A rollover mapping names a course that does not end before the season, or a next course outside it. */
  ROLLOVER_COURSE_INVALID: 400,
  /** The offer was already answered, or its reply-by has passed. */
  ROLLOVER_OFFER_CLOSED: 409,
  /** A discount code (decision 058) that does not exist or was retired. */
  DISCOUNT_CODE_UNKNOWN: 404,
  /** A discount code past its last day. */
  DISCOUNT_CODE_EXPIRED: 409,
  /** A discount code before its first day; params: validFrom. */
  DISCOUNT_CODE_NOT_YET_VALID: 409,
  /** A discount code whose total uses, or the family's uses, are all taken. */
  DISCOUNT_CODE_USED_UP: 409,
  /** A discount code for other courses or venues. */
  DISCOUNT_CODE_NOT_FOR_COURSE: 409,
  /** Another discount code has that text already. */
  DISCOUNT_CODE_TAKEN: 409,
  /** Deleting a discount code that an order took: retire it instead. */
  DISCOUNT_CODE_IN_USE: 409,
  BUSY: 503,
  /** The database did not answer (a restart, a failover): nothing was written; try again shortly (issue 42). */
  DATABASE_UNAVAILABLE: 503,
  PAYMENT_PROVIDER: 502,
  /** Login return: the state is unknown, expired or already used (a replayed or forged return). */
  LOGIN_STATE_INVALID: 401,
  /** Login return: exchanged in another browser than the one that started the login (login CSRF). */
  LOGIN_BROWSER_MISMATCH: 401,
  /** Login return: Vipps refused the code or its answer failed verification (nonce, signature, issuer …). */
  LOGIN_FAILED: 401,
  /** Login return carried Vipps' `error` parameter; the message is that code. The web shows it without calling. */
  LOGIN_PROVIDER_ERROR: 400,
  /** Vipps Login unreachable or answering 5xx / misconfigured client. */
  LOGIN_PROVIDER_UNAVAILABLE: 502,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Values an error carries for its Norwegian text (numbers or plain strings, never internals). */
export type ErrorParams = Record<string, string | number | null>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[]; params?: ErrorParams };
}
