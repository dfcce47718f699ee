export { daytimeSendAt, enqueueEmail, type EmailAttachment, type OutgoingEmail } from './outbox';
export { drainOutbox, retryDelayMs, type DrainOptions } from './drain';
export { createMailTransport, mailFrom, type MailTransport } from './transport';
