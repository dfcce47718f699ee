import { useAppConfig } from '@/lib/app-config';

/** Visible while Vipps is the simulator; in the page flow, never fixed (a fixed bar covered a phone's toasts and buttons). */
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
