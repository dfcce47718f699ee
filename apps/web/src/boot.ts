import './index.css';
import { hasStoredSession } from './lib/session-key';

/**
 * The page's entry. A server-rendered page is already painted and its links work without JavaScript, so the app
 * (React, the router and the page's code, about 130 KB gzip) is fetched only once the page has loaded: on a slow
 * line it then does not compete with the stylesheet and the first pictures, and the phone paints the page first. The
 * page's own route chunks (named by the server in `data-modules`) are preloaded at the same moment, so hydration does
 * not wait for one more round trip. A client-rendered page (no `#ssr-data`) has nothing to show yet: it starts at once.
 * A visitor (no stored session) on a page whose every control is a link or the platform's own gets no app at all
 * (`data-without-app`, decision 045).
 */
const ssrData = document.getElementById('ssr-data');

// zod probes for eval (`new Function`) on its first parse unless told not to compile parsers; the CSP forbids eval,
// and the browser reports the probe as a violation even though zod catches it. zod keeps its settings in this global
// (zod/v4/core's globalConfig), so it is set before zod loads, without loading zod on pages that never use it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

async function start() {
  // The page's own files, asked for together, so the app's imports do not load one after another.
  for (const href of ssrData?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  // React first, then TanStack Query with the app's API client, each evaluated in a task of its own, then the app (the
  // router, the page's code) in the next: one module graph is evaluated in one go, and React with the app was one task
  // of about 60 ms on a laptop, ten times that on a low-tier phone, during which a tap waits. Every file is already
  // being fetched (above), so no request waits for another.
  await import('react-dom/client');
  await import('./lib/query-client');
  await import('./main');
}

/**
 * A page a visitor gets without the app (`data-without-app`, decision 045): every control on it is a link, the
 * platform's own or a GET form, so React never starts. Three things the app's components do are done here instead:
 * - the menu button's `aria-expanded` follows the native popover it opens;
 * - a disclosure button (`aria-expanded` and `aria-controls`: a course's details) shows and hides what it controls;
 * - a select with `data-goes-to` (the venue picker) goes to that address plus the chosen value.
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
