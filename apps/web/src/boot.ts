import './index.css';
import { hasStoredSession } from './lib/session-key';

/**
 * The page's entry: a server-rendered page loads the app only after the page has loaded (decision 021), a visitor's
 * page marked `data-without-app` never (decision 045); a client-rendered page (no `#ssr-data`) starts at once.
 */
const ssrData = document.getElementById('ssr-data');

// zod probes for eval on its first parse unless jitless; the CSP forbids eval and reports the probe. Set in zod's
// global config before zod loads, without loading zod.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

async function start() {
  // The page's own files, asked for together, so the app's imports do not load one after another.
  for (const href of ssrData?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  // React, TanStack Query, then the app, each evaluated in a task of its own: one long task would keep a tap waiting.
  await import('react-dom/client');
  await import('./lib/query-client');
  await import('./main');
}

/**
 * A page without the app (decision 045) does here what the app's components would: the menu button's `aria-expanded`,
 * the disclosure buttons, and a select with `data-goes-to` (the venue picker).
 */
function withoutApp() {
  document.documentElement.dataset.withoutApp = '';
  const menu = document.querySelector<HTMLElement>('[popover][id]');
  const menuButton = menu && document.querySelector(`[popovertarget="${menu.id}"]`);
  menu?.addEventListener('toggle', (event) => menuButton?.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open')));
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button[aria-expanded][aria-controls]:not([popovertarget])');
    const part = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!button || !part) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    part.hidden = !open;
  });
  document.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.dataset.goesTo !== undefined && select.value) window.location.assign(`${select.dataset.goesTo}${encodeURIComponent(select.value)}`);
  });
}

// After the load event's next frame: the page's pictures are then painted before the app's requests begin.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(() => void start(), 0));
if (!ssrData) void start();
else if (ssrData.dataset.withoutApp !== undefined && !hasStoredSession()) withoutApp();
else if (document.readyState === 'complete') afterNextPaint();
else window.addEventListener('load', afterNextPaint, { once: true });
