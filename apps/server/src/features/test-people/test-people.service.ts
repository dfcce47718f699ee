import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../context';
import { createFamily } from '../../db/seed/builders';
import type { Sessions } from '../../plugins/auth';

const ROLES = {
  parent: ['parent'],
  instructor: ['instructor', 'parent'],
  admin: ['admin', 'parent'],
} satisfies Record<string, ('parent' | 'instructor' | 'admin')[]>;

type TestPersonInput = { role: keyof typeof ROLES; lastName?: string; children: { firstName: string; birthdate: string }[] };

/** A new person with a family and a session, as after a first Vipps login (lastLogin too): decision 052. */
export async function createTestPerson(ctx: ServiceContext, sessions: Sessions, input: TestPersonInput, userAgent: string | undefined) {
  const now = ctx.clock.now();
  const family = await ctx.db.transaction((tx) =>
    createFamily(tx, {
      guardians: [{ roles: ROLES[input.role], vippsSub: `e2e-${randomBytes(12).toString('hex')}`, lastLogin: now }],
      children: input.children,
      ...(input.lastName ? { lastName: input.lastName } : {}),
    }),
  );
  const user = family.guardians[0]!;
  const session = await sessions.issue(user.id, { userAgent });
  return {
    session: {
      id_token: session.token,
      access_token: randomBytes(32).toString('base64url'),
      token_type: 'Bearer' as const,
      expires_in: session.expiresIn,
      returnTo: '/',
    },
    user: { _id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
    profileId: family.profile.id,
    children: family.children.map((c) => ({ _id: c.id, firstName: c.firstName, lastName: c.lastName, birthdate: c.birthdate })),
  };
}
