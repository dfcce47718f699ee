import { z } from '../zod';
import { isoDateTime, trimmed } from './common';

/** Gift cards ('Gavekort', decision 059): bought by anyone with Vipps, redeemed on /profil as family credit. */
export const GIFT_CARD_MIN_KR = 300;
export const GIFT_CARD_MAX_KR = 10_000;
/** A gift card is valid this many years from the purchase (the school's choice, stated in the terms). */
export const GIFT_CARD_VALIDITY_YEARS = 3;
/** The code: 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L), shown as 'XXXX-XXXX-XXXX'. */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 12;

/** A typed code as stored: capitals, without spaces and dashes. */
export const normalizeGiftCardCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
export const formatGiftCardCode = (code: string): string => normalizeGiftCardCode(code).replace(/(.{4})(?=.)/g, '$1-');

const amountText = `Velg et beløp i hele kroner fra ${GIFT_CARD_MIN_KR} til ${GIFT_CARD_MAX_KR.toLocaleString('nb-NO')} kr.`;
const codeText = 'Skriv inn koden fra gavekortet (12 tegn).';
const giftCardCode = z
  .string(codeText)
  .max(40, codeText)
  .transform(normalizeGiftCardCode)
  .pipe(z.string().length(GIFT_CARD_CODE_LENGTH, codeText).regex(new RegExp(`^[${GIFT_CARD_ALPHABET}]+$`), codeText));

export const giftCardPurchaseInputSchema = z.object({
  amount: z.number(amountText).int(amountText).min(GIFT_CARD_MIN_KR, amountText).max(GIFT_CARD_MAX_KR, amountText),
  email: z.string().trim().max(254).email('Ugyldig e-postadresse'),
  giverName: trimmed(100),
  message: z.string().trim().max(500, 'Hilsenen kan ha høyst 500 tegn.').default(''),
});
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseInputSchema>;

/** The code comes back to the buyer's browser only (kept in sessionStorage), and is shown once the payment is done. */
export const giftCardPurchaseResponseSchema = z.object({ redirectUrl: z.string(), reference: z.string(), code: z.string() });
export type GiftCardPurchaseResponse = z.infer<typeof giftCardPurchaseResponseSchema>;

/** The return page asks with the code its browser kept: nobody else can read a card's state. */
export const giftCardStatusInputSchema = z.object({ reference: z.string().max(100), code: giftCardCode });
export const giftCardStatusSchema = z.object({
  status: z.enum(['pending', 'paid', 'failed']),
  amount: z.number(),
  expiresAt: isoDateTime.nullable(),
});
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

export const giftCardRedeemInputSchema = z.object({ code: giftCardCode });
export const giftCardRedeemResponseSchema = z.object({ amount: z.number(), expiresAt: isoDateTime });
export type GiftCardRedeemResponse = z.infer<typeof giftCardRedeemResponseSchema>;
