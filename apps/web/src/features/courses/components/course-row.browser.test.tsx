import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { courseWithCancelledDate } from '@/test/courses';
import { CourseRow } from './course-row';

describe('CourseRow', () => {
  it('membership event "date cancelled before booking": the row marks it \'Avlyst\', leaves it out of the count and the price', async () => {
    const screen = await render(
      <MemoryRouter>
        <CourseRow course={courseWithCancelledDate} loggedIn={false} onBook={() => undefined} />
      </MemoryRouter>,
    );
    const text = () => screen.container.textContent ?? '';
    expect(text()).toContain('3 ganger (1 avlyst)');
    expect(text()).not.toContain('· 4 ganger');
    // The details (in the page whether open or not, decision 045).
    await page.getByRole('button', { name: /kl\. 17:00/ }).click();
    const cancelled = screen.container.querySelectorAll('[data-cancelled]');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.textContent).toContain('11.03.2030');
    expect(cancelled[0]!.textContent).toContain('Avlyst');
    expect(text()).toMatch(/1\s500\skr for 3 av 4 ganger \(fullpris 2\s000\skr\)/);
    await expectNoAxeViolations(screen.container);
  });
});
