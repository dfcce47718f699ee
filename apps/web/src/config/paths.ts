/** Every path of the web app, in one place. */
export const paths = {
  home: '/',
  courses: '/kurs',
  place: (slug: string) => `/kurs/${encodeURIComponent(slug)}`,
  about: '/om-oss',
  contact: '/kontakt',
  terms: '/regler-og-betingelser',
  login: '/login',
  profile: '/profil',
  profileById: (profileId: string) => `/profil/${encodeURIComponent(profileId)}`,
  loginReturn: '/vipps/login-redirect',
  payment: (paymentId: string) => `/vipps/payment/${encodeURIComponent(paymentId)}`,
  admin: '/admin',
  adminOutbox: '/admin/e-post',
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
  terms: 'regler-og-betingelser',
  login: 'login',
  notFound: '404',
  profile: 'profil',
  profileById: 'profil/:profileId',
  loginReturn: 'vipps/login-redirect',
  payment: 'vipps/payment/:paymentId',
  admin: 'admin',
  adminOutbox: 'e-post',
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
