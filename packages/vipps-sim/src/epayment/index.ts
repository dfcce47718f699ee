/**
 * ePayment side of the Vipps simulator. Register in buildSimulator (no prefix; the paths are Vipps'):
 *
 *   await app.register(epaymentSimulator, {
 *     clientId, clientSecret, subscriptionKey, merchantSerialNumber, // the same keys the product uses
 *     publicBaseUrl: options.baseUrl,                                 // optional; else from the request
 *   });
 */
export {
  epaymentSimulator,
  type AccessTokenStore,
  type EpaymentSimulatorControl,
  type EpaymentSimulatorOptions,
} from './plugin';
export {
  EPAYMENT_WEBHOOK_EVENTS,
  type WebhookAttempt,
  type WebhookDeliveryOptions,
  type WebhookPayload,
} from './webhooks';
export type { Amount, KnownPayment, PaymentEvent, PaymentEventName, PaymentState, PaymentView } from './payments';
export { ProblemError, type ProblemBody } from './problem';
export { FAULT_MODES, type FaultInput, type FaultMode, type FaultStatus } from './faults';
export { signWebhookRequest } from './signing';
