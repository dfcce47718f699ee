export { buildSimulator, SIM_DEFAULTS, type SimulatorControls, type SimulatorOptions, type VippsSimulator } from './simulator';
export type { LoginHooks } from './login/login.routes';
export { LOGIN_REDIRECT_ERRORS, TOKEN_FAULTS, type LoginRedirectError, type TokenFault } from './login/paths';
export * from './epayment';
