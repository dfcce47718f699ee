import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { CourseProgress } from '@shared/api';
import { expectNoAxeViolations } from '@/test/axe';
import { SkillsGrid } from './skills-grid';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const COURSE = 'c0000000000000000000001a';
const [ADA, BO] = ['a0000000000000000000001a', 'b0000000000000000000001b'];
const SKILL = 'd0000000000000000000001d';
const progress: CourseProgress = {
  level: { _id: 'e0000000000000000000001e', name: 'Babysvømming 1', retired: false, skills: [{ _id: SKILL, description: 'Flyter på ryggen med støtte', retired: false }] },
  nextLevel: null,
  children: [ADA, BO].map((_id, i) => ({ _id, firstName: ['Ada', 'Bo'][i]!, lastName: 'Ås', comment: '', recommendedLevelId: null, defaultRecommendationId: null })),
  marks: [],
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('SkillsGrid', () => {
  it('shows a refused mark beside its child and sends the rest; nothing waits afterwards', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { marks: { childId: string }[] };
      sent.push(body.marks.map((m) => m.childId));
      const bad = body.marks.findIndex((m) => m.childId === BO);
      return bad >= 0 ? json({ error: { code: 'CHILD_NOT_IN_COURSE', message: 'Child is not in course', params: { index: bad } } }, 404) : json({ marks: [] });
    });
    // Both taps queued while offline, then the network returns.
    localStorage.setItem(
      `plask:ferdigheter:${COURSE}`,
      JSON.stringify([ADA, BO].map((childId) => ({ childId, skillId: SKILL, state: 'Øver', madeAt: '2026-12-07T10:00:00.000Z' }))),
    );
    const screen = await render(
      <QueryClientProvider client={new QueryClient()}>
        <SkillsGrid courseId={COURSE} progress={progress} />
      </QueryClientProvider>,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('Ikke lagret: Barnet er ikke påmeldt dette kurset');
    await vi.waitFor(() => expect(sent).toEqual([[ADA, BO], [ADA]]));
    expect(localStorage.getItem(`plask:ferdigheter:${COURSE}`)).toBeNull();
    await expect.element(page.getByRole('button', { name: /^Bo Ås: ikke markert\./ })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  it('keeps taps made offline in the browser and shows them as waiting', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await render(
      <QueryClientProvider client={new QueryClient()}>
        <SkillsGrid courseId={COURSE} progress={progress} />
      </QueryClientProvider>,
    );
    await page.getByRole('button', { name: /^Ada Ås:/ }).click();
    await page.getByRole('button', { name: /^Ada Ås:/ }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('1 av 2 mestrer · 1 markering venter på nett');
    await expect.element(page.getByRole('button', { name: /^Ada Ås: Mestrer, venter på nett/ })).toBeVisible();
    expect(JSON.parse(localStorage.getItem(`plask:ferdigheter:${COURSE}`)!)).toEqual([expect.objectContaining({ childId: ADA, skillId: SKILL, state: 'Mestrer' })]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
