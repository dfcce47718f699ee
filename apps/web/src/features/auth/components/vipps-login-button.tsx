import { useState } from 'react';
import { isSafeHttpUrl } from '@/lib/format';
import { storeReturnAddress } from '@/lib/session';
import { useVippsLogin } from '@/features/auth/api/auth';

/** 'Logg inn med Vipps': asks the server for the Vipps login address and sends the browser there. */
export function VippsLoginButton({ returnTo }: { returnTo?: string }) {
  const login = useVippsLogin();
  const [failed, setFailed] = useState(false);
  const busy = login.isPending || login.isSuccess;

  const start = () => {
    setFailed(false);
    if (returnTo) storeReturnAddress(returnTo);
    login.mutate(returnTo, {
      onSuccess: ({ loginUrl }) => {
        if (typeof loginUrl === 'string' && (loginUrl.startsWith('/') || isSafeHttpUrl(loginUrl))) {
          window.location.assign(loginUrl);
        } else {
          setFailed(true);
        }
      },
      onError: () => setFailed(true),
    });
  };

  return (
    <div className="space-y-4">
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-full bg-[#d03f0c] px-4 text-lg font-bold sm:gap-3 sm:px-6 text-white hover:bg-[#b3360a] disabled:cursor-wait disabled:opacity-70"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <path d="M6 9c1.5 4 3.5 6 6 6s4.5-2 6-6" />
          <circle cx="15.5" cy="5.5" r="1.6" fill="currentColor" stroke="none" />
        </svg>
        {/* One line with its logo on a 360 px phone (walk-through 06.12, finding 21). */}
        <span className="whitespace-nowrap">{busy ? 'Sender deg til Vipps …' : 'Logg inn med Vipps'}</span>
      </button>
      {failed ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-4 font-medium text-danger">
          Vi fikk ikke startet innloggingen med Vipps akkurat nå. Vennligst prøv igjen om litt.
        </p>
      ) : null}
    </div>
  );
}
