import { devices } from '@playwright/test';

/** The narrowest phones in use (360 px wide, as the Galaxy A series): the layout guard's browser (issue 35). */
export const NARROW = {
  ...devices['Pixel 7'],
  viewport: { width: 360, height: 740 },
  screen: { width: 360, height: 740 },
  // No animation to wait for before a dialog's buttons are measured.
  reducedMotion: 'reduce' as const,
};
