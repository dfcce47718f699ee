/** The demo's test persons: the simulator's login page lists them, the seed creates their users (by `sub`). */
export interface DemoPerson {
  sub: string;
  phoneNumber: string;
  givenName: string;
  familyName: string;
  email: string;
  birthdate: string;
  address: { street_address: string; postal_code: string; region: string; country: string };
  /** Roles the seed gives the user; a first login without a seed row gets ['parent']. */
  roles: ('admin' | 'parent' | 'instructor' | 'developer')[];
  /** Children (first name, birth date) the seed puts in the person's default profile. */
  children: { firstName: string; birthdate: string }[];
  description: string;
}

export const DEMO_PERSONS: DemoPerson[] = [
  {
    sub: 'c1a0b2d4-0001-4a7e-9c01-000000000001',
    phoneNumber: '4791000001',
    givenName: 'Ingrid',
    familyName: 'Admin-Berg',
    email: 'ingrid.berg@example.no',
    birthdate: '1980-04-12',
    address: { street_address: 'Thereses gate 14', postal_code: '0452', region: 'Oslo', country: 'NO' },
    roles: ['admin', 'parent', 'developer'],
    children: [],
    description: 'Administrator (og utvikler)',
  },
  {
    sub: 'c1a0b2d4-0002-4a7e-9c01-000000000002',
    phoneNumber: '4791000002',
    givenName: 'Marius',
    familyName: 'Strand',
    email: 'marius.strand@example.no',
    birthdate: '1988-09-03',
    address: { street_address: 'Markveien 35', postal_code: '0554', region: 'Oslo', country: 'NO' },
    roles: ['instructor', 'parent'],
    children: [],
    description: 'Instruktør',
  },
  {
    sub: 'c1a0b2d4-0003-4a7e-9c01-000000000003',
    phoneNumber: '4791000003',
    givenName: 'Sara',
    familyName: 'Nilsen',
    email: 'sara.nilsen@example.no',
    birthdate: '1991-02-21',
    address: { street_address: 'Sognsveien 12', postal_code: '0455', region: 'Oslo', country: 'NO' },
    roles: ['parent'],
    children: [
      { firstName: 'Emma', birthdate: '2026-03-14' },
      { firstName: 'Jakob', birthdate: '2023-06-02' },
    ],
    description: 'Forelder med to barn',
  },
  {
    sub: 'c1a0b2d4-0004-4a7e-9c01-000000000004',
    phoneNumber: '4791000004',
    givenName: 'Ahmed',
    familyName: 'Karimi',
    email: 'ahmed.karimi@example.no',
    birthdate: '1986-11-30',
    address: { street_address: 'Storgata 8', postal_code: '2000', region: 'Lillestrøm', country: 'NO' },
    roles: ['parent'],
    children: [{ firstName: 'Lina', birthdate: '2025-08-19' }],
    description: 'Forelder med ett barn',
  },
  {
    sub: 'c1a0b2d4-0005-4a7e-9c01-000000000005',
    phoneNumber: '4791000005',
    givenName: 'Kari',
    familyName: 'Hansen',
    email: 'kari.hansen@example.no',
    birthdate: '1994-07-07',
    address: { street_address: 'Jessheimvegen 3', postal_code: '2050', region: 'Jessheim', country: 'NO' },
    roles: ['parent'],
    children: [],
    description: 'Forelder uten barn',
  },
];
