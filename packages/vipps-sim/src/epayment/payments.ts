import { randomInt } from 'node:crypto';
import { ProblemError, badRequest, type ExtraDetail } from './problem';

export type PaymentState = 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';

export type PaymentEventName = PaymentState | 'CANCELLED' | 'CAPTURED' | 'REFUNDED';

export interface Amount {
  currency: 'NOK';
  value: number;
}

export interface PaymentEvent {
  reference: string;
  pspReference: string;
  name: PaymentEventName;
  amount: Amount;
  timestamp: string;
  idempotencyKey: string | null;
  success: boolean;
}

export interface Payment {
  msn: string;
  reference: string;
  pspReference: string;
  amount: Amount;
  paymentMethod: { type: 'WALLET' };
  userFlow: 'WEB_REDIRECT' | 'NATIVE_REDIRECT';
  returnUrl: string;
  /** The landing page, fixed at creation. */
  redirectUrl: string;
  paymentDescription?: string;
  customer?: { phoneNumber: string };
  metadata?: Record<string, string>;
  state: PaymentState;
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
  createdAt: number;
  expiresAt: number;
  events: PaymentEvent[];
}

/** What a GET returns (E0 `GetPaymentResponse`, without the fields the simulator never fills). */
export interface PaymentView {
  aggregate: {
    authorizedAmount: Amount;
    cancelledAmount: Amount;
    capturedAmount: Amount;
    refundedAmount: Amount;
  };
  amount: Amount;
  state: PaymentState;
  paymentMethod: { type: 'WALLET' };
  /** Required in E0's GetPaymentResponse; `sub` only when the create asked for a profile scope (never here). */
  profile: { sub?: string };
  pspReference: string;
  reference: string;
  redirectUrl: string;
  metadata?: Record<string, string>;
}

export type ModificationView = Pick<PaymentView, 'amount' | 'state' | 'aggregate' | 'pspReference' | 'reference'>;

const REFERENCE_PATTERN = /^[a-zA-Z0-9-]{8,50}$/;
const PHONE_PATTERN = /^\d{10,15}$/;
const MIN_AMOUNT = 100;
const MAX_AMOUNT = 65_000_000;

const nok = (value: number): Amount => ({ currency: 'NOK', value });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Vipps' pspReferences are long digit strings. */
const newPspReference = () => `${randomInt(1, 10)}${Array.from({ length: 17 }, () => randomInt(0, 10)).join('')}`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CreatePaymentInput {
  amount: Amount;
  reference: string;
  userFlow: Payment['userFlow'];
  returnUrl: string;
  paymentDescription?: string;
  customer?: { phoneNumber: string };
  metadata?: Record<string, string>;
}

/** Validates a create body the way E0 does: every bad field in one 400 with extraDetails. */
export function parseCreateBody(body: unknown, options: { allowInsecureReturnUrls: boolean }): CreatePaymentInput {
  if (!isObject(body)) throw badRequest([{ name: 'body', reason: 'A JSON object body is required.' }]);
  const details: ExtraDetail[] = [];
  const bad = (name: string, reason: string) => void details.push({ name, reason });
  const amount = parseAmount(body.amount, 'amount', details, MIN_AMOUNT);

  const method = isObject(body.paymentMethod) ? body.paymentMethod.type : undefined;
  if (typeof method !== 'string') bad('paymentMethod', 'The paymentMethod field is required.');
  else if (method === 'CARD') bad('paymentMethod.type', 'CARD is not available in the test environment.');
  else if (method !== 'WALLET') bad('paymentMethod.type', "The field Type must be one of 'WALLET', 'CARD'.");

  const reference = body.reference;
  if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) {
    bad('reference', `The field Reference must match the regular expression '${REFERENCE_PATTERN.source}'.`);
  }

  const userFlow = body.userFlow;
  if (userFlow === 'PUSH_MESSAGE' || userFlow === 'QR') {
    bad('userFlow', `The simulator supports WEB_REDIRECT and NATIVE_REDIRECT only, not ${userFlow}.`);
  } else if (userFlow !== 'WEB_REDIRECT' && userFlow !== 'NATIVE_REDIRECT') {
    bad('userFlow', 'The field UserFlow must be one of WEB_REDIRECT, NATIVE_REDIRECT, PUSH_MESSAGE, QR.');
  }

  const returnUrlReason = returnUrlProblem(body.returnUrl, options.allowInsecureReturnUrls);
  if (returnUrlReason) bad('returnUrl', returnUrlReason);

  const description = body.paymentDescription;
  if (description !== undefined && (typeof description !== 'string' || description.length < 3 || description.length > 100)) {
    bad('paymentDescription', 'The field PaymentDescription must be between 3 and 100 characters.');
  }

  const phone = isObject(body.customer) ? body.customer.phoneNumber : undefined;
  if (body.customer !== undefined && !(typeof phone === 'string' && PHONE_PATTERN.test(phone))) {
    bad('customer.phoneNumber', `The field PhoneNumber must match the regular expression '${PHONE_PATTERN.source}'.`);
  }

  const entries = isObject(body.metadata) ? Object.entries(body.metadata) : null;
  const badEntry = ([k, v]: [string, unknown]) => k.length > 100 || typeof v !== 'string' || v.length > 500;
  if (body.metadata !== undefined && (!entries || entries.length > 5 || entries.some(badEntry))) {
    bad('metadata', 'At most 5 string pairs; keys up to 100 and values up to 500 characters.');
  }

  if (details.length) throw badRequest(details);
  return {
    amount: amount!,
    reference: reference as string,
    userFlow: userFlow as CreatePaymentInput['userFlow'],
    returnUrl: body.returnUrl as string,
    ...(typeof description === 'string' ? { paymentDescription: description } : {}),
    ...(body.customer !== undefined ? { customer: { phoneNumber: phone as string } } : {}),
    ...(entries ? { metadata: Object.fromEntries(entries) as Record<string, string> } : {}),
  };
}

/** `{modificationAmount:{currency,value}}` for capture and refund. */
export function parseModificationBody(body: unknown): Amount {
  if (!isObject(body)) throw badRequest([{ name: 'body', reason: 'A JSON object body is required.' }]);
  const details: ExtraDetail[] = [];
  const amount = parseAmount(body.modificationAmount, 'modificationAmount', details, 1);
  if (details.length) throw badRequest(details);
  return amount!;
}

function parseAmount(value: unknown, name: string, details: ExtraDetail[], min: number): Amount | undefined {
  if (!isObject(value)) {
    details.push({ name, reason: `The ${name} field is required.` });
    return undefined;
  }
  const before = details.length;
  if (value.currency !== 'NOK') {
    const known = ['DKK', 'EUR'].includes(value.currency as string);
    const reason = known ? 'Only NOK is available in the test environment.' : "The field Currency must be one of 'NOK', 'DKK', 'EUR'.";
    details.push({ name: `${name}.currency`, reason });
  }
  const v = value.value;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    details.push({ name: `${name}.value`, reason: 'The field Value must be an integer in minor units (øre).' });
  } else if (v < min || v > MAX_AMOUNT) {
    details.push({ name: `${name}.value`, reason: `The field Value must be between ${min} and ${MAX_AMOUNT}.` });
  }
  return details.length === before ? nok(v as number) : undefined;
}

function returnUrlProblem(value: unknown, allowInsecure: boolean): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'returnUrl is required for WEB_REDIRECT and NATIVE_REDIRECT.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'returnUrl must be an absolute URL.';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    // Vipps demands https; the simulator also lets a developer's own machine through.
    return allowInsecure || LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.')
      ? null
      : 'returnUrl must use https (http is accepted for localhost only).';
  }
  if (url.protocol === 'javascript:' || url.protocol === 'data:' || url.protocol === 'file:') {
    return 'returnUrl must use https or an app scheme.';
  }
  return null; // custom app scheme, e.g. myapp://payment
}

/** A payment the shop already has (test mode): the in-memory simulator learns them at start (the demo, a restart). */
export interface KnownPayment {
  reference: string;
  events: { name: PaymentEventName; amount: number; pspReference: string; timestamp: string }[];
}

interface PaymentStoreOptions {
  msn: string;
  clock: () => number;
  paymentTimeoutMs: number;
  /** Called synchronously for every event-log entry (the webhook dispatcher listens here). */
  onEvent: (event: PaymentEvent, payment: Payment) => void;
  /** Called after a CREATED payment is stored, so the plugin can arm the expiry timer. */
  onCreated?: (payment: Payment) => void;
}

/** In-memory ePayment state machine (brief §2); capture, refund and cancel keep AUTHORIZED and move the aggregate. */
export class PaymentStore {
  private readonly payments = new Map<string, Payment>();

  constructor(private readonly options: PaymentStoreOptions) {}

  create(input: CreatePaymentInput, idempotencyKey: string, redirectUrl: string): Payment {
    if (this.payments.has(input.reference)) {
      throw new ProblemError(409, 'Reference already exists', `A payment with reference '${input.reference}' already exists for this merchant.`);
    }
    const now = this.options.clock();
    const payment: Payment = {
      msn: this.options.msn,
      reference: input.reference,
      pspReference: newPspReference(),
      amount: input.amount,
      paymentMethod: { type: 'WALLET' },
      userFlow: input.userFlow,
      returnUrl: input.returnUrl,
      redirectUrl,
      ...(input.paymentDescription ? { paymentDescription: input.paymentDescription } : {}),
      ...(input.customer ? { customer: input.customer } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      state: 'CREATED',
      authorized: 0,
      captured: 0,
      refunded: 0,
      cancelled: 0,
      createdAt: now,
      expiresAt: now + this.options.paymentTimeoutMs,
      events: [],
    };
    this.payments.set(payment.reference, payment);
    this.addEvent(payment, 'CREATED', payment.amount.value, idempotencyKey, payment.pspReference);
    this.options.onCreated?.(payment);
    return payment;
  }

  /** Takes a payment the shop already has, as its events say (no webhook); a known reference is left alone. */
  learn(known: KnownPayment): boolean {
    const first = known.events[0];
    if (!first || this.payments.has(known.reference)) return false;
    const sum = (name: PaymentEventName) => known.events.filter((e) => e.name === name).reduce((total, e) => total + e.amount, 0);
    const last = known.events.findLast((e) => e.name !== 'CAPTURED' && e.name !== 'REFUNDED' && e.name !== 'CANCELLED')!;
    const createdAt = Date.parse(first.timestamp);
    this.payments.set(known.reference, {
      msn: this.options.msn,
      reference: known.reference,
      pspReference: first.pspReference,
      amount: nok(first.amount),
      paymentMethod: { type: 'WALLET' },
      userFlow: 'WEB_REDIRECT',
      returnUrl: 'http://localhost/',
      redirectUrl: 'http://localhost/',
      state: last.name as PaymentState,
      authorized: sum('AUTHORIZED'),
      captured: sum('CAPTURED'),
      refunded: sum('REFUNDED'),
      cancelled: sum('CANCELLED'),
      createdAt,
      expiresAt: createdAt + this.options.paymentTimeoutMs,
      events: known.events.map((e) => ({ reference: known.reference, pspReference: e.pspReference, name: e.name, amount: nok(e.amount), timestamp: e.timestamp, idempotencyKey: null, success: true })),
    });
    return true;
  }

  /** The payment after the lazy expiry check; 404 problem when unknown. */
  get(reference: string): Payment {
    const payment = this.find(reference);
    if (!payment) throw new ProblemError(404, 'Payment not found', `No payment with reference '${reference}'.`);
    return payment;
  }

  find(reference: string): Payment | undefined {
    const payment = this.payments.get(reference);
    if (payment) this.expireIfDue(payment);
    return payment;
  }

  /** Moves a CREATED payment past its deadline to EXPIRED; returns the time left otherwise (ms), or null. */
  expireIfDue(payment: Payment): number | null {
    if (payment.state !== 'CREATED') return null;
    const left = payment.expiresAt - this.options.clock();
    if (left > 0) return left;
    payment.state = 'EXPIRED';
    this.addEvent(payment, 'EXPIRED', payment.amount.value, null);
    return null;
  }

  /** The user accepted in the app (landing page or the test API's approve). */
  approve(reference: string): Payment {
    const payment = this.requireCreated(reference, 'approve');
    payment.state = 'AUTHORIZED';
    payment.authorized = payment.amount.value;
    this.addEvent(payment, 'AUTHORIZED', payment.amount.value, null);
    return payment;
  }

  /** The user pressed cancel in the app. */
  abort(reference: string): Payment {
    const payment = this.requireCreated(reference, 'abort');
    payment.state = 'ABORTED';
    this.addEvent(payment, 'ABORTED', payment.amount.value, null);
    return payment;
  }

  capture(reference: string, amount: Amount, idempotencyKey: string): ModificationView {
    const payment = this.get(reference);
    this.requireAuthorized(payment, 'capture');
    const capturable = payment.authorized - payment.captured - payment.cancelled;
    const tooHigh = `Tried to capture ${amount.value} but only ${capturable} of the reserved amount can be captured.`;
    return this.takeAmount(payment, amount, idempotencyKey, { field: 'captured', event: 'CAPTURED', available: capturable, title: 'Capture amount too high', detail: tooHigh });
  }

  refund(reference: string, amount: Amount, idempotencyKey: string): ModificationView {
    const payment = this.get(reference);
    this.requireAuthorized(payment, 'refund');
    const refundable = payment.captured - payment.refunded;
    const tooHigh = `Tried to refund ${amount.value} but only ${refundable} of the captured amount can be refunded.`;
    return this.takeAmount(payment, amount, idempotencyKey, { field: 'refunded', event: 'REFUNDED', available: refundable, title: 'Not enough refundable', detail: tooHigh });
  }

  /** A capture or a refund of `amount`: refused (400) above what is `available`, else added to `field` and recorded. */
  private takeAmount(
    payment: Payment,
    amount: Amount,
    idempotencyKey: string,
    change: { field: 'captured' | 'refunded'; event: 'CAPTURED' | 'REFUNDED'; available: number; title: string; detail: string },
  ): ModificationView {
    if (amount.value > change.available) throw new ProblemError(400, change.title, change.detail);
    payment[change.field] += amount.value;
    return this.modificationView(payment, this.addEvent(payment, change.event, amount.value, idempotencyKey));
  }

  cancel(reference: string, idempotencyKey: string): ModificationView {
    const payment = this.get(reference);
    if (payment.state === 'CREATED') {
      payment.state = 'TERMINATED';
      return this.modificationView(payment, this.addEvent(payment, 'TERMINATED', payment.amount.value, idempotencyKey));
    }
    if (payment.state !== 'AUTHORIZED') {
      throw new ProblemError(400, 'Cannot cancel', `A payment in state ${payment.state} cannot be cancelled.`);
    }
    const rest = payment.authorized - payment.captured - payment.cancelled;
    if (rest <= 0) {
      const detail = payment.cancelled > 0 ? 'The payment is already cancelled.' : 'The payment is fully captured; refund it instead.';
      throw new ProblemError(400, 'Cannot cancel', detail);
    }
    payment.cancelled += rest;
    return this.modificationView(payment, this.addEvent(payment, 'CANCELLED', rest, idempotencyKey));
  }

  view(payment: Payment): PaymentView {
    return {
      aggregate: this.aggregate(payment),
      amount: payment.amount,
      state: payment.state,
      paymentMethod: payment.paymentMethod,
      profile: {},
      pspReference: payment.pspReference,
      reference: payment.reference,
      redirectUrl: payment.redirectUrl,
      ...(payment.metadata ? { metadata: payment.metadata } : {}),
    };
  }

  private aggregate(payment: Payment): PaymentView['aggregate'] {
    return {
      authorizedAmount: nok(payment.authorized),
      cancelledAmount: nok(payment.cancelled),
      capturedAmount: nok(payment.captured),
      refundedAmount: nok(payment.refunded),
    };
  }

  private modificationView(payment: Payment, event: PaymentEvent): ModificationView {
    return {
      amount: payment.amount,
      state: payment.state,
      aggregate: this.aggregate(payment),
      pspReference: event.pspReference,
      reference: payment.reference,
    };
  }

  private requireCreated(reference: string, action: string): Payment {
    const payment = this.get(reference);
    if (payment.state !== 'CREATED') {
      throw new ProblemError(400, 'Payment not in CREATED state', `Cannot ${action} a payment in state ${payment.state}.`);
    }
    return payment;
  }

  private requireAuthorized(payment: Payment, action: 'capture' | 'refund'): void {
    if (payment.state === 'CREATED') {
      throw new ProblemError(400, `Cannot ${action} before reservation`, 'The user must accept the payment first.');
    }
    if (payment.state !== 'AUTHORIZED') {
      throw new ProblemError(400, `Cannot ${action}`, `A payment in state ${payment.state} cannot be ${action}d.`);
    }
  }

  private addEvent(
    payment: Payment,
    name: PaymentEventName,
    value: number,
    idempotencyKey: string | null,
    pspReference = newPspReference(),
  ): PaymentEvent {
    const event: PaymentEvent = {
      reference: payment.reference,
      pspReference,
      name,
      amount: nok(value),
      timestamp: new Date(this.options.clock()).toISOString(),
      idempotencyKey,
      success: true,
    };
    payment.events.push(event);
    this.options.onEvent(event, payment);
    return event;
  }
}
