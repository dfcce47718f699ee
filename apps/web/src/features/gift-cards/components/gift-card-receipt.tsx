import { useEffect, useState, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate, formatKr, krToOre } from '@/lib/format';
import { codeStorageKey, useGiftCardStatus } from '../api/gift-cards';

/**
 * The return page of a gift card's payment: the code, once, in the browser that bought it (its tab kept the code);
 * once shown it is forgotten there (the e-mail has it). Anyone else sees where the code went.
 */
export function GiftCardReceipt({ reference }: { reference: string }) {
  const [code] = useState(() => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(codeStorageKey(reference))));
  const status = useGiftCardStatus(reference, code);
  const paid = status.data?.status === 'paid';
  useEffect(() => {
    if (paid) sessionStorage.removeItem(codeStorageKey(reference));
  }, [paid, reference]);

  if (!code) {
    return (
      <Message title="Gavekort">
        Koden vises bare én gang, i nettleseren som kjøpte gavekortet. Den står også i e-posten med gavekortet.
      </Message>
    );
  }
  if (status.isError) return <Message title="Noe gikk galt">Vi fant ikke betalingen. Koden står i e-posten med gavekortet når betalingen er ferdig.</Message>;
  if (!status.data || status.data.status === 'pending') {
    return (
      <div role="status" className="text-center">
        <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Venter på betaling…</h1>
        <p className="mt-4 text-lg">Vi venter på svar fra Vipps. Siden oppdateres av seg selv.</p>
      </div>
    );
  }
  if (!paid) {
    return (
      <Message title="Betalingen ble ikke fullført">
        Gavekortet er ikke kjøpt, og ingenting er trukket.{' '}
        <a className="font-medium text-sea-800 underline" href={paths.giftCards}>
          Prøv igjen
        </a>
        .
      </Message>
    );
  }
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Takk for kjøpet!</h1>
      <p className="mt-4 text-lg">
        Gavekort på {formatKr(krToOre(status.data.amount))}, gyldig til {status.data.expiresAt ? formatDate(status.data.expiresAt) : '-'}.
      </p>
      <p className="mt-6 font-semibold">Koden</p>
      <p className="mt-1 font-mono text-3xl font-bold tracking-wider break-all text-sea-900" data-testid="gift-card-code">
        {code}
      </p>
      <p className="mt-6">
        Koden vises bare denne ene gangen her. Gavekortet med koden er også sendt som PDF til e-posten din. Den som får gavekortet,
        løser det inn på Min profil.
      </p>
      <ButtonLink className="mt-6" to={paths.courses}>
        Se kurs
      </ButtonLink>
    </div>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">{title}</h1>
      <p className="mt-4 text-lg">{children}</p>
    </div>
  );
}
