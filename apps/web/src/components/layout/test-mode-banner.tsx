import { useAppConfig } from '@/lib/app-config';

/**
 * Visible while Vipps is the local simulator (vippsTestMode). In the page flow after the footer, never fixed: a fixed
 * bar covered toasts and buttons at the bottom of a phone's screen.
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
