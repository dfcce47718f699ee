/**
 * Inside a transaction, only the transaction reaches the database (issue 34, decision 026). PGlite has one
 * connection: a query on the outer `db` (or an access check on the outer `ctx`) inside `db.transaction(…)` waits for
 * the transaction, which waits for it. Write `withTx(ctx, async (ctx) => …)`, or use the callback's `tx`.
 */
const OUTER = new Set(['ctx', 'db']);

/** @type {import('eslint').Rule.RuleModule} */
const noOuterDbInTransaction = {
  meta: {
    type: 'problem',
    messages: {
      outer:
        "'{{name}}' inside a transaction reaches the outer connection (on PGlite it waits for this transaction): use withTx(ctx, async (ctx) => …) or the callback's tx.",
    },
    schema: [],
  },
  create(context) {
    const isTransactionCall = (callee) =>
      (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'transaction') ||
      (callee.type === 'Identifier' && callee.name === 'withTx');
    return {
      CallExpression(node) {
        if (!isTransactionCall(node.callee)) return;
        for (const arg of node.arguments) {
          if (arg.type !== 'ArrowFunctionExpression' && arg.type !== 'FunctionExpression') continue;
          const scope = context.sourceCode.getScope(arg);
          for (const ref of scope.through) {
            if (OUTER.has(ref.identifier.name) && ref.resolved) {
              context.report({ node: ref.identifier, messageId: 'outer', data: { name: ref.identifier.name } });
            }
          }
        }
      },
    };
  },
};

export default { rules: { 'no-outer-db-in-transaction': noOuterDbInTransaction } };
