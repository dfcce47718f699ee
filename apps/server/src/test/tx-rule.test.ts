import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import txRule from '../../../../scripts/eslint/tx-rule.js';

// RuleTester runs its cases as tests of the runner it is given.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } }).run(
  'tx/no-outer-db-in-transaction',
  txRule.rules['no-outer-db-in-transaction'],
  {
    valid: [
      'async function f(ctx) { await withTx(ctx, async (ctx) => { await check(ctx); await ctx.db.insert(x); }); }',
      'async function f(db) { await db.transaction(async (tx) => { await tx.insert(x); await tx.select(); }); }',
      'async function f(ctx) { await ctx.db.transaction(async (tx) => { const db = tx; await db.insert(x); }); }',
    ],
    invalid: [
      {
        // Issue 34's freeze: an access check on the outer context inside the transaction.
        code: 'async function f(ctx) { await ctx.db.transaction(async (tx) => { await requireAccess(ctx, "a", 1); await tx.insert(x); }); }',
        errors: [{ messageId: 'outer', data: { name: 'ctx' } }],
      },
      {
        code: 'async function f(db) { await db.transaction(async (tx) => { await tx.insert(x); await db.select(); }); }',
        errors: [{ messageId: 'outer', data: { name: 'db' } }],
      },
      {
        code: 'async function f(ctx, db) { await withTx(ctx, async (c) => { await c.db.insert(x); await db.select(); }); }',
        errors: [{ messageId: 'outer', data: { name: 'db' } }],
      },
      {
        code: 'async function f(ctx) { await ctx.db.transaction(async (tx) => { await Promise.all([1].map(() => ctx.db.select())); }); }',
        errors: [{ messageId: 'outer', data: { name: 'ctx' } }],
      },
    ],
  },
);
