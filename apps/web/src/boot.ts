import './index.css';

/**
 * The page's entry. A server-rendered page is already painted and its links work without JavaScript, so the app
 * (React, the router and the page's code, about 130 KB gzip) is fetched only once the page has loaded: on a slow
 * line it then does not compete with the stylesheet and the first pictures, and the phone paints the page first. The
 * page's own route chunks (named by the server in `data-modules`) are preloaded at the same moment, so hydration does
 * not wait for one more round trip. A client-rendered page (no `#ssr-data`) has nothing to show yet: it starts at once.
 */
const ssrData = document.getElementById('ssr-data');


function start() {
  for (const href of ssrData?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  void import('./main');
}

if (!ssrData || document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
