export { createEpaymentClient, type CreatePaymentInput, type EpaymentClient, type EpaymentClientOptions } from './client';
export { createCircuitBreaker, VippsUnavailableError, type BreakerSnapshot, type BreakerState, type CircuitBreaker } from './breaker';
export { VippsApiError, VippsError, VippsNetworkError, VippsProtocolError } from './errors';
export {
  EPAYMENT_WEBHOOK_EVENTS,
  PAYMENT_STATES,
  webhookEventSchema,
  type CreatePaymentResponse,
  type ModificationResponse,
  type Money,
  type Payment,
  type PaymentAggregate,
  type PaymentEvent,
  type PaymentEventName,
  type PaymentState,
  type RegisteredWebhook,
  type WebhookEvent,
} from './schemas';
export { verifyWebhook, type VerifyWebhookInput } from './webhook';
