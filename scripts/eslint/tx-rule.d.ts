import type { Rule } from 'eslint';

declare const plugin: { rules: { 'no-outer-db-in-transaction': Rule.RuleModule } };
export default plugin;
