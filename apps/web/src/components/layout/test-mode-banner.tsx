import { useAppConfig } from '@/lib/app-config';

/**
 * Visible while Vipps is the local simulator (GET /api/config → vippsTestMode), so nobody mistakes it for real.
 * A bar fixed to the bottom of the window: it arrives after the page and must not push the page down. The spacer
 * after the footer keeps the bar from covering the page's end.
 */
export function TestModeBanner() {
  const config = useAppConfig();
  if (!config.data?.vippsTestMode) return null;
  return (
    <>
      <div className="h-9" aria-hidden="true" />
      <section
        aria-label="Testmodus"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-warning/40 bg-warning-bg px-4 py-1.5 text-center text-sm font-medium text-warning"
      >
        <p>
          <strong>Testmodus:</strong> Vipps er en simulator, ingen ekte betalinger
        </p>
      </section>
    </>
  );
}
