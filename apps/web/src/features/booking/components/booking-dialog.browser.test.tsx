import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { courseWithCancelledDate } from '@/test/courses';
import { ore } from '@/lib/format';
import { BookingDialog } from './booking-dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BookingDialog', () => {
  it('membership event "date cancelled before booking": the dialog marks it \'Avlyst\' and prices the dates the booking gets', async () => {
    await render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <BookingDialog
            course={courseWithCancelledDate}
            onClose={() => undefined}
            userId="d0000000000000000000001a"
            profiles={[]}
            childId=""
            onChildChange={() => undefined}
            onAddChild={() => undefined}
            onCourseFull={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toBeVisible();
    const element = dialog.element();
    const cancelled = element.querySelectorAll('[data-cancelled]');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.textContent).toContain('11.03.2030');
    expect(cancelled[0]!.textContent).toContain('Avlyst');
    expect(element.textContent).toMatch(/1\s500\skr/);
    expect(element.textContent).toMatch(/For 3 av 4 ganger \(fullpris 2\s000\skr\)/);
    await expectNoAxeViolations(element as HTMLElement);
  });

  it("shows the sibling discount the server answers for the chosen child, what is left to pay, and the credit's part", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify({ sibling: { amountOre: 34_000 } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <BookingDialog
            course={courseWithCancelledDate}
            onClose={() => undefined}
            userId="d0000000000000000000001a"
            profiles={[]}
            childId="c0000000000000000000001a"
            onChildChange={() => undefined}
            onAddChild={() => undefined}
            onCourseFull={() => undefined}
            creditOre={ore(60_000)}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = page.getByRole('dialog');
    await expect.element(dialog.getByText('Søskenrabatt \u2212340\u00a0kr')).toBeVisible();
    // 1 500 kr for the dates left, 340 kr off, 600 kr of credit: Vipps takes 560 kr.
    await expect.element(dialog.getByText('Å betale: 1\u00a0160\u00a0kr')).toBeVisible();
    await expect.element(dialog.getByText('600\u00a0kr trekkes fra tilgodehavendet, 560\u00a0kr betales med Vipps.')).toBeVisible();
    expect(String(fetch.mock.calls[0]![0])).toContain('/vipps/price?userId=d0000000000000000000001a&childId=c0000000000000000000001a&courseId=a0000000000000000000001a');
    await expectNoAxeViolations(dialog.element() as HTMLElement);
  });
});
