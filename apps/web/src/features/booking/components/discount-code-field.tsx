import { discountCodeText, normalizeDiscountCode, DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_CODE_MIN_LENGTH, type PaymentStartInput } from '@shared/api';
import type { DiscountRule } from '@shared/price';
import { TextInput } from '@/components/ui/form';
import { errorMessage } from '@/lib/error-messages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDiscountCodeCheck } from '../api/booking';

/** The dialog checks a code once typing has stopped this long (decision 058). */
const CHECK_AFTER_MS = 500;

export type AcceptedCode = (DiscountRule & { code: string }) | null;

/**
 * 'Rabattkode' in the booking dialog: checked when typing stops, and only a whole code (from 4 characters, each check
 * counts against the guessing limit). Says why a code does not apply; `accepted` is the code the payment start sends.
 */
export function useDiscountCode(text: string, booking: PaymentStartInput | null) {
  const typed = useDebouncedValue(normalizeDiscountCode(text), CHECK_AFTER_MS);
  const settled = typed === normalizeDiscountCode(text);
  const shape = discountCodeText.safeParse(typed);
  const whole = shape.success && settled ? shape.data : null;
  const check = useDiscountCodeCheck(booking && whole ? { ...booking, code: whole } : null);
  const accepted: AcceptedCode = whole && check.data?.code === whole ? { ...check.data.rule, code: check.data.code } : null;
  // Not the shape of a code (once typing stopped): shown from the shortest length on, and always when paying.
  const shapeError = settled && typed && !shape.success ? (shape.error.issues[0]?.message ?? null) : null;
  const checkError = check.isError ? errorMessage(check.error, 'Kunne ikke sjekke rabattkoden') : null;
  const error = (typed.length >= DISCOUNT_CODE_MIN_LENGTH ? shapeError : null) ?? checkError;
  // Typed but not (yet) accepted: the payment waits with this reason, so nobody pays the full price by mistake.
  const pending = !text.trim() || accepted ? null : (shapeError ?? checkError ?? 'Rabattkoden er ikke sjekket ennå. Vent litt, eller tøm feltet.');
  const status = !text.trim() ? '' : accepted ? `Rabattkoden ${accepted.code} gjelder.` : check.isFetching || !settled ? 'Sjekker rabattkoden …' : '';
  return { accepted, error, pending, status };
}

export function DiscountCodeField({ value, onChange, disabled, error, status }: { value: string; onChange: (value: string) => void; disabled: boolean; error: string | null; status: string }) {
  return (
    <div>
      <TextInput
        label="Rabattkode"
        hint="Har du en rabattkode? Skriv den her (valgfritt)."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={DISCOUNT_CODE_MAX_LENGTH + 8}
        value={value}
        readOnly={disabled}
        error={error ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p role="status" className={status ? 'mt-1 text-sm text-muted' : 'sr-only'}>
        {status}
      </p>
    </div>
  );
}
