/** The login page's parameter for where to return after Vipps (login.tsx reads it; LoginFirstButton's form sends it). */
export const LOGIN_RETURN_PARAM = 'tilbake';

/** What a venue page opens for a course once a visitor has logged in (walk-through 06.12, finding 10). */
export type CourseAction = 'bestill' | 'venteliste';
export const COURSE_PARAM = 'kurs';
export const COURSE_ACTION_PARAM = 'handling';

/** Every path of the web app, in one place. */
export const paths = {
  home: '/',
  courses: '/kurs',
  place: (slug: string) => `/kurs/${encodeURIComponent(slug)}`,
  /** A venue page that scrolls to a course and opens its booking or waitlist dialog: `?kurs={id}&handling=bestill`. */
  courseAction: (venuePath: string, courseId: string, action: CourseAction) =>
    `${venuePath}?${COURSE_PARAM}=${encodeURIComponent(courseId)}&${COURSE_ACTION_PARAM}=${action}`,
  about: '/om-oss',
  contact: '/kontakt',
  giftCards: '/gavekort',
  giftCardPayment: (reference: string) => `/gavekort/betaling/${encodeURIComponent(reference)}`,
  terms: '/regler-og-betingelser',
  login: '/login',
  /** The login page, returning to `returnTo` after Vipps: in the address, so it holds without the app. */
  loginFrom: (returnTo: string) => `/login?${LOGIN_RETURN_PARAM}=${encodeURIComponent(returnTo)}`,
  profile: '/profil',
  profileById: (profileId: string) => `/profil/${encodeURIComponent(profileId)}`,
  invite: '/invitasjon',
  loginReturn: '/vipps/login-redirect',
  payment: (paymentId: string) => `/vipps/payment/${encodeURIComponent(paymentId)}`,
  attendance: (courseId: string) => `/oppmote/${encodeURIComponent(courseId)}`,
  /** 'Finn erstatningstime' for one make-up token (decision 061). */
  makeup: (tokenId: string) => `/erstatningstime/${encodeURIComponent(tokenId)}`,
  skills: (courseId: string) => `/ferdigheter/${encodeURIComponent(courseId)}`,
  admin: '/admin',
  adminOutbox: '/admin/e-post',
  adminUsers: '/admin/brukere',
  adminOrders: '/admin/ordre',
  /** The orders with an open payment incident, where an admin resolves them (issue 52). */
  adminOrderIncidents: '/admin/ordre?hendelser=apne',
  adminRetention: '/admin/sletting',
  adminWaitingRoom: '/admin/ko',
  privacy: '/personvern',
  keepAccount: '/behold-konto',
  dateChoice: '/endring',
  adminClosures: '/admin/avlysning',
  adminSeasons: '/admin/sesonger',
  adminRollover: '/admin/behold-plassen',
  adminLevels: '/admin/nivaer',
  adminDiscountCodes: '/admin/rabattkoder',
  adminSettings: '/admin/innstillinger',
  examples: '/examples',
  exampleModal: '/examples/modal',
  exampleToast: '/examples/toast',
  exampleAlert: '/examples/alert',
  exampleMultiSelect: '/examples/multi-select',
  exampleGroupSelect: '/examples/group-select',
  exampleUserRegistrations: '/examples/user-registrations',
  notFound: '/404',
} as const;

/** Route patterns for the router (relative to the root layout). */
export const routePatterns = {
  courses: 'kurs',
  place: 'kurs/:slug',
  about: 'om-oss',
  contact: 'kontakt',
  giftCards: 'gavekort',
  giftCardPayment: 'gavekort/betaling/:reference',
  terms: 'regler-og-betingelser',
  login: 'login',
  notFound: '404',
  profile: 'profil',
  profileById: 'profil/:profileId',
  invite: 'invitasjon',
  loginReturn: 'vipps/login-redirect',
  payment: 'vipps/payment/:paymentId',
  attendance: 'oppmote/:courseId',
  makeup: 'erstatningstime/:tokenId',
  skills: 'ferdigheter/:courseId',
  admin: 'admin',
  adminOutbox: 'e-post',
  adminUsers: 'brukere',
  adminOrders: 'ordre',
  adminRetention: 'sletting',
  adminWaitingRoom: 'ko',
  privacy: 'personvern',
  keepAccount: 'behold-konto',
  dateChoice: 'endring',
  adminClosures: 'avlysning',
  adminSeasons: 'sesonger',
  adminRollover: 'behold-plassen',
  adminLevels: 'nivaer',
  adminDiscountCodes: 'rabattkoder',
  adminSettings: 'innstillinger',
  examples: 'examples',
  exampleModal: 'modal',
  exampleToast: 'toast',
  exampleAlert: 'alert',
  exampleMultiSelect: 'multi-select',
  exampleGroupSelect: 'group-select',
  exampleUserRegistrations: 'user-registrations',
} as const;

/** In-page anchors. */
export const anchors = { main: 'hovedinnhold', about: 'om-babysvomming', faq: 'ofte-stilte-sporsmal', places: 'kurssteder' } as const;
