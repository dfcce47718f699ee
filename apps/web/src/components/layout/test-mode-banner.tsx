import { useAppConfig } from '@/lib/app-config';

/** Visible while Vipps is the local simulator (GET /api/config → vippsTestMode), so nobody mistakes it for real. */
export function TestModeBanner() {
  const config = useAppConfig();
  if (!config.data?.vippsTestMode) return null;
  return (
    <section aria-label="Testmodus" className="border-b border-warning/40 bg-warning-bg px-4 py-1.5 text-center text-sm font-medium text-warning">
      <p>
        <strong>Testmodus:</strong> Vipps er en simulator, ingen ekte betalinger
      </p>
    </section>
  );
}
