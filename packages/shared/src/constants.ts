/** Business constants of spec §9 and enums of spec §3/§4. Nothing here is repeated elsewhere. */

export const APP_VERSION_FALLBACK = '1.10.8-1';

/** Days a queued e-mail stays in the outbox; with SMTP its body goes once sent, in test mode (the demo's mailbox) not. */
export const OUTBOX_KEEP_DAYS = 30;

export const EXPERIENCE_LEVELS = [
  'Nybegynner',
  'Viderekommen',
  'Søskensvømming',
  'Nybegynner/Viderekommen',
  'Arrangement',
] as const;

export const ROLES = ['admin', 'parent', 'child', 'instructor', 'developer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
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

/** Spec §4, plus 'revoked': the owner undid an accepted invite (issue 36). */
export const INVITE_STATUSES = ['pending', 'accepted', 'rejected', 'revoked'] as const;

export const INSTRUCTOR_UNKNOWN_VALUE = '1';

/** Ordering page default window: 21 days back to 183 days ahead. */
export const COURSE_WINDOW_DAYS_BACK = 21;
export const COURSE_WINDOW_DAYS_AHEAD = 183;

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_EXIT_MS = 300;
/** Alert, confirm and prompt leave in 300 ms after an answer (spec §4). */
export const DIALOG_EXIT_MS = 300;
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

/** Not in the spec: no real family comes near it; it stops a script filling a profile with thousands of rows. */
export const MAX_CHILDREN_PER_PROFILE = 20;

// ---- running the courses (admin forms, issue 13) ------------------------------------------------------------
/** Course prices are whole steps of 25 kr (spec §5); the database keeps øre, so a price is a multiple of 2500 øre. */
export const PRICE_STEP_ORE = 2_500; // PRICE_STEP_KR in øre (money.test.ts checks it)
/** Most dates one course may have: a weekly course over a whole year. Not in the spec; decision 013. */
export const MAX_COURSE_DATES = 52;
/** Course end time follows start time by this much when the start changes (spec §5). */
export const COURSE_DEFAULT_LENGTH_MINUTES = 30;
/** A chosen date without a start time gets 12:00 (spec §5/§9). */
export const DATE_WITHOUT_TIME = '12:00';
/** The multi-date and month-range pickers start in August 2024 (spec §5). */
export const PICKER_MIN_DATE = '2024-08-01';
/** The multi-date picker's typing timeout (spec §9). */
export const PICKER_TYPING_TIMEOUT_MS = 700;
/** The instructors multi-select shows up to this many names, then '{n} valgt' (spec §2). */
export const INSTRUCTOR_SELECT_MAX_NAMES = 3;
/** The bundled venue illustrations (apps/web/public/images/places/{key}.svg), chosen in the venue form (spec §2). */
export const PLACE_IMAGES = [
  'sagene-basseng',
  'majorstuen-svommehall',
  'nordstrand-bad',
  'grorud-basseng',
  'lillestrom-svommehall',
  'strommen-bad',
  'skjetten-bad',
  'skedsmokorset-svommehall',
  'jessheim-badeland',
  'bjerke-basseng',
  'placeholder',
] as const;
export type VenueImage = (typeof PLACE_IMAGES)[number];

// ---- venue photos (issue 41, decision 040) ------------------------------------------------------------------
/** The largest upload, in bytes (before re-encoding). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** A photo's sides: a 1 × 40 000 000 image is small on disk but takes a minute and gigabytes to decode (panoramas ~1:4). */
export const MAX_PHOTO_SIDE = 12_000;
export const MAX_PHOTO_ASPECT = 8;
export const MAX_PHOTOS_PER_PLACE = 8;
/** The longest alt text. */
export const MAX_PHOTO_ALT_LENGTH = 200;
/** The widths a photo is served in (each as AVIF, WebP and JPEG), and its link preview's size. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** 'w960.avif' …, and 'og.jpg' (the 1200×630 link preview): the names under /api/images/{hash}/. */
export const PHOTO_VARIANTS = [...PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((f) => `w${w}.${f}` as const)), 'og.jpg'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** The address of one variant of an image (a content hash: it never changes). */
export const photoUrl = (hash: string, variant: PhotoVariant): string => `/api/images/${hash}/${variant}`;

// ---- back office (spec §2 Admin dashboard, Users page, Orders page; §9) -----------------------------------
/** GET /users/last-logged-in default limit; the dashboard asks for 8. */
export const LAST_LOGGED_IN_DEFAULT_LIMIT = 3;
export const DASHBOARD_LAST_LOGGED_IN_LIMIT = 8;
export const LAST_LOGGED_IN_REFRESH_MS = 60_000;
/** A user card is highlighted as active when the last login is this recent. */
export const ACTIVE_USER_WINDOW_MS = 30 * 60_000;
/** GET /payments default limit; the orders page shows 24 per page, the dashboard 2. */
export const ORDERS_DEFAULT_LIMIT = 20;
export const ORDERS_PAGE_SIZE = 24;
export const DASHBOARD_ORDERS_LIMIT = 2;
/** GET /courses last modified: default 5, dashboard 3. */
export const LAST_MODIFIED_COURSES_DEFAULT_LIMIT = 5;
export const DASHBOARD_LAST_MODIFIED_COURSES_LIMIT = 3;
/** Dashboard scroll cap: 62 px plus 82 px per visible row; 3 rows of 'Kurs i dag' before scrolling. */
export const DASHBOARD_SCROLL_BASE_PX = 62;
export const DASHBOARD_SCROLL_ROW_PX = 82;
export const DASHBOARD_VISIBLE_ROWS = 3;
export const USER_SEARCH_DEBOUNCE_MS = 350;
/** More than this many characters, or '*' (everyone). */
export const USER_SEARCH_MIN_EXCLUSIVE = 2;
/** At most this many hits are listed; the count covers all of them. */
export const USER_SEARCH_MAX_RESULTS = 100;
export const USER_SEARCH_CATEGORIES = ['parents', 'children'] as const;
export type UserSearchCategory = (typeof USER_SEARCH_CATEGORIES)[number];
/** Orders that count as paid for the statistics (spec §4). */
export const PAID_ORDER_STATUSES = ['captured', 'refunded'] as const;
/** Statistics: a span from first to last order above this many days gives daily buckets, else hourly. */
export const STATISTICS_DAILY_ABOVE_DAYS = 7;

/** Rich text (FAQ answers, terms): the longest input accepted, before sanitising. */
export const RICH_TEXT_MAX = 20_000;
export const FAQ_QUESTION_MAX = 500;
/** A season's name ('Høst 2026'), decision 053. */
export const SEASON_NAME_MAX = 80;
/** The tags rich text may keep; links keep only http(s) and mailto hrefs. Everything else is removed. */
export const RICH_TEXT_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i'] as const;
/** User registrations page: each list shows at most this many (the counts are exact). */
export const REGISTRATIONS_LIST_MAX = 500;

/** Place hoarding (issue 36, decision 035): a family may have this many children waiting on one course's waitlist. */
export const MAX_WAITLIST_ENTRIES_PER_FAMILY = 2;
/** Holds that ran out unpaid within HOLD_LAPSE_WINDOW_MS before a family's payment starts wait (the cool-down). */
export const HOLD_LAPSES_BEFORE_COOLDOWN = 3;
export const HOLD_LAPSE_WINDOW_MS = 24 * 60 * 60 * 1000;
