// Setup of the browser project (vitest.config.ts): the site's own CSS, so layout, overlays and colours are real.
import '@/index.css';
