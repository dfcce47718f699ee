/** ePayment side of the Vipps simulator; buildSimulator registers it without a prefix (the paths are Vipps'). */
export { epaymentSimulator, type EpaymentSimulatorControl, type EpaymentSimulatorOptions } from './plugin';
export type { WebhookAttempt } from './webhooks';
export type { KnownPayment, PaymentView } from './payments';
export { signWebhookRequest } from './signing';
