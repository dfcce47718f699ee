/** Business constants of spec §9 and enums of spec §3/§4. Nothing here is repeated elsewhere. */

export const APP_VERSION_FALLBACK = '1.10.8-1';

export const EXPERIENCE_LEVELS = [
  'Nybegynner',
  'Viderekommen',
  'Søskensvømming',
  'Nybegynner/Viderekommen',
  'Arrangement',
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const ROLES = ['admin', 'parent', 'child', 'instructor', 'developer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administator',
  parent: 'Forelder',
  child: 'Barn',
  instructor: 'Instruktør',
  developer: 'Utvikler',
};
export const roleLabel = (role: string): string => ROLE_LABELS[role] ?? 'Ukjent';

export const ORDER_STATUSES = [
  'created',
  'authorized',
  'captured',
  'refunded',
  'expired',
  'cancelled',
  'terminated',
  'aborted',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENT_NAMES = [
  'CREATED',
  'AUTHORIZED',
  'CANCELLED',
  'CAPTURED',
  'REFUNDED',
  'EXPIRED',
  'TERMINATED',
  'ABORTED',
] as const;
export type OrderEventName = (typeof ORDER_EVENT_NAMES)[number];

export const INVITE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INSTRUCTOR_UNKNOWN_VALUE = '1';

/** Ordering page default window: 21 days back to 183 days ahead. */
export const COURSE_WINDOW_DAYS_BACK = 21;
export const COURSE_WINDOW_DAYS_AHEAD = 183;

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_EXIT_MS = 300;
export const PRICE_STEP_KR = 25;
export const DEFAULT_TIME_FROM = '07:00';
export const DEFAULT_TIME_TO = '07:30';
export const COURSE_GROUP_GAP_MINUTES = 60;
export const PARTICIPANT_NAMES_MAX_CHARS = 80;
export const PLACE_SKELETON_COUNT = 8;
export const FAQ_SKELETON_COUNT = 7;
export const STRUCTURED_DATA_DEFAULT_REPEAT = 7;
export const STRUCTURED_DATA_WORKLOAD = 'PT30M';
export const CURRENCY = 'NOK';
export const TIME_ZONE = 'Europe/Oslo';
export const LOCALE = 'nb-NO';

/** Rich text (FAQ answers, terms): the longest input accepted, before sanitising. */
export const RICH_TEXT_MAX = 20_000;
export const FAQ_QUESTION_MAX = 500;
/** The tags rich text may keep; links keep only http(s) and mailto hrefs. Everything else is removed. */
export const RICH_TEXT_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i'] as const;
/** User registrations page: each list shows at most this many (the counts are exact). */
export const REGISTRATIONS_LIST_MAX = 500;
