import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { act, animationsFinished } from '@/test/act';
import { expectNoAxeViolations } from '@/test/axe';
import { Toaster, toast } from './toast';

const region = () => page.getByRole('region', { name: 'Varsler' });
const items = () => [...document.querySelectorAll('[aria-label="Varsler"] li')];
const state = () => items()[0]?.getAttribute('data-state');
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

// The pointer entering and leaving, as the browser reports it (React's onMouseEnter listens to mouseover/mouseout).
// Dispatched directly: Playwright's hover takes real time that fake timers would count.
const pointerEnters = (el: Element) => act(() => void el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
const pointerLeaves = (el: Element) =>
  act(() => void el.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));

afterEach(() => {
  act(() => toast.clear());
});

describe('toast', () => {
  it('is callable from anywhere (no hook) and shows the four kinds, accessibly', async () => {
    await render(<Toaster />);
    act(() => {
      toast.success('Barnet har blitt lagt til');
      toast.error('Kunne ikke legge til barnet');
      toast.warning('Din session har gått ut. Vennligst logg inn igjen.');
      toast.info('Invitasjon sendt!');
    });
    await expect.element(region().getByText('Suksess: Barnet har blitt lagt til')).toBeVisible();
    await expect.element(region().getByText('Feil: Kunne ikke legge til barnet')).toBeVisible();
    expect(items()).toHaveLength(4);
    // Let the slide-in finish, so axe sees the final colours.
    await animationsFinished('toast-in');
    await expectNoAxeViolations();
  });

  it("closes with its close button ('Lukk varsel') after the 300 ms exit", async () => {
    await render(<Toaster />);
    act(() => void toast.info('Hei'));
    await region().getByRole('button', { name: 'Lukk varsel' }).click();
    expect(state()).toBe('closing');
    await expect.poll(() => items().length).toBe(0);
  });
});

describe('toast timing (fake clock)', () => {
  beforeEach(() => {
    // Only the clock the toasts use: Playwright's own waiting (animation frames, polling) keeps real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts leaving at duration − 300 ms and is gone 300 ms later (default 5000 ms)', async () => {
    await render(<Toaster />);
    act(() => void toast.success('Lagret'));
    advance(4699);
    expect(state()).toBe('open');
    advance(1);
    expect(state()).toBe('closing');
    advance(299);
    expect(items()).toHaveLength(1);
    advance(1);
    expect(items()).toHaveLength(0);
  });

  it('takes its own duration', async () => {
    await render(<Toaster />);
    act(() => void toast.error('Kunne ikke slette bruker. Prøv igjen senere.', 10_000));
    advance(9699);
    expect(state()).toBe('open');
    advance(1);
    expect(state()).toBe('closing');
  });

  it('never expires with an infinite duration, and shows no progress bar', async () => {
    await render(<Toaster />);
    act(() => void toast.info('Venter', Infinity));
    advance(24 * 3600_000);
    expect(state()).toBe('open');
    expect(document.querySelector('[data-testid="toast-progress"]')).toBeNull();
  });

  it('pauses while hovered, progress bar included, and goes on with the time that was left', async () => {
    await render(<Toaster />);
    act(() => void toast.success('Lagret', 2000)); // 1700 ms visible, then the 300 ms exit
    const bar = () => document.querySelector<HTMLElement>('[data-testid="toast-progress"]');
    expect(bar()?.style.animationDuration).toBe('1700ms');
    expect(bar()?.style.animationPlayState).toBe('running');
    advance(1000);
    pointerEnters(items()[0]!);
    expect(bar()?.style.animationPlayState).toBe('paused');
    advance(60_000);
    expect(state()).toBe('open');
    pointerLeaves(items()[0]!);
    expect(bar()?.style.animationPlayState).toBe('running');
    advance(699);
    expect(state()).toBe('open');
    advance(1);
    expect(state()).toBe('closing');
    advance(300);
    expect(items()).toHaveLength(0);
  });
});
