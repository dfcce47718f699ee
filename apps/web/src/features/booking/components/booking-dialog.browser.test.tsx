import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { courseWithCancelledDate } from '@/test/courses';
import { BookingDialog } from './booking-dialog';

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
});
