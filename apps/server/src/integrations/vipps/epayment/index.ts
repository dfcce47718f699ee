export { createEpaymentClient, type CreatePaymentInput, type EpaymentClient, type EpaymentClientOptions } from './client';
export { createCircuitBreaker, VippsUnavailableError, type BreakerSnapshot, type CircuitBreaker } from './breaker';
export { VippsApiError, VippsError, VippsNetworkError, VippsProtocolError } from './errors';
export {
  EPAYMENT_WEBHOOK_EVENTS,
  webhookEventSchema,
  type ModificationResponse,
  type Payment,
  type PaymentEvent,
  type RegisteredWebhook,
} from './schemas';
export { verifyWebhook } from './webhook';
