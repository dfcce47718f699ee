import { useAppConfig } from '@/lib/app-config';

/**
 * Visible while Vipps is the local simulator (GET /api/config → vippsTestMode), so nobody mistakes it for real.
 * A strip in the page flow after the footer, never fixed: it arrives after the page, so it must not push the page
 * down, and a fixed bar covered toasts and buttons near the bottom of a phone's screen (issue 10). The simulator's
 * own pages say 'Vipps (testmodus)' where the money would move.
 */
export function TestModeBanner() {
  const config = useAppConfig();
  if (!config.data?.vippsTestMode) return null;
  return (
    <section
      aria-label="Testmodus"
      className="border-t border-warning/40 bg-warning-bg px-4 py-1.5 text-center text-sm font-medium text-warning"
    >
      <p>
        <strong>Testmodus:</strong> Vipps er en simulator, ingen ekte betalinger
      </p>
    </section>
  );
}
