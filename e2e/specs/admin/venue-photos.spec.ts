import type { Page } from '@playwright/test';
import { adminPage, apiAs, uniqueName } from '../../support/admin';
import { expectAccessible } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

const venueBody = (name: string) => ({ name, address: 'Bassengveien 2', zipCode: '0560', place: 'Oslo', info: '', published: true, image: null });

/** A JPEG drawn by the browser itself (a canvas of one colour with a stripe), as a file to upload. */
async function jpeg(page: Page, color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  // A script text: the E2E project has no DOM types.
  const base64 = await page.evaluate<string>(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 700;
    const g = canvas.getContext('2d');
    g.fillStyle = ${JSON.stringify(color)};
    g.fillRect(0, 0, 1000, 700);
    g.fillStyle = '#ffffff';
    g.fillRect(0, 300, 1000, 80);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  })()`);
  return { name: `bilde-${color.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

test.describe('Venue photos (issue 41)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin uploads two photos and picks the cover; the venue page and its link preview show it', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const venue = await apiAs<{ _id: string; slug: string }>(admin.page, 'POST', '/places', venueBody(uniqueName('Fotobadet', testInfo.project.name)));

    await admin.page.goto(`/kurs/${encodeURIComponent(venue.slug)}`);
    await admin.page.getByRole('main').getByRole('button', { name: 'Endre sted' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Endre sted' });
    for (const [color, alt] of [['#1d6fa5', 'Varmtvannsbassenget med trapp'], ['#c47a2c', 'Garderoben med stellebord']] as const) {
      await form.getByLabel('Bildefil').setInputFiles(await jpeg(admin.page, color));
      await form.getByRole('textbox', { name: 'Alternativ tekst', exact: true }).fill(alt);
      await form.getByRole('button', { name: 'Last opp bilde' }).click();
      await expect(form.getByRole('textbox', { name: /^Alternativ tekst, bilde \d$/ }).last()).toHaveValue(alt);
    }
    await expect(form.getByRole('textbox', { name: /^Alternativ tekst, bilde \d$/ })).toHaveCount(2);
    // The second photo becomes the cover, with a sharper alt text; the dialog's one 'Lagre' saves them with the venue
    // (walk-through 06.12, finding 5: a second save button used to lose these changes).
    await form.getByRole('textbox', { name: 'Alternativ tekst, bilde 2' }).fill('Garderoben med stellebord og barnevognparkering');
    await form.getByRole('radio', { name: 'Forsidebilde, bilde 2' }).check();
    await expectAccessible(admin.page);
    await expect(form.getByRole('button', { name: 'Lagre bilder' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Lagre', exact: true }).click();
    await expect(form).toBeHidden();
    await admin.page.getByRole('main').getByRole('button', { name: 'Endre sted' }).click();
    const again = admin.page.getByRole('dialog', { name: 'Endre sted' });
    await expect(again.getByRole('textbox', { name: 'Alternativ tekst, bilde 2' })).toHaveValue('Garderoben med stellebord og barnevognparkering');
    await expect(again.getByRole('radio', { name: 'Forsidebilde, bilde 2' })).toBeChecked();
    // A missing alt text stops the one save, and says so, with nothing closed.
    await again.getByRole('textbox', { name: 'Alternativ tekst, bilde 1' }).fill('');
    await again.getByRole('button', { name: 'Lagre', exact: true }).click();
    await expect(again.getByRole('alert').filter({ hasText: 'Skriv en alternativ tekst for hvert bilde.' })).toBeVisible();
    await expect(again).toBeVisible();
    await admin.close();

    // A visitor: the venue shows the cover photo in AVIF/WebP/JPEG at the widths the screen needs.
    await page.goto(`/kurs/${encodeURIComponent(venue.slug)}`);
    const cover = page.getByRole('main').getByRole('img', { name: 'Garderoben med stellebord og barnevognparkering' });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('srcset', /\/api\/images\/[0-9a-f]{64}\/w480\.jpg 480w/);
    await expect(cover).toHaveAttribute('sizes', /vw/);
    await expect(cover).toHaveAttribute('width', '1000');
    await expect(cover).toHaveAttribute('height', '700');
    await expect(page.locator('main picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /w960\.avif 960w/);
    expect(await cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    // The other photo is in the venue's small gallery, lazy, with its alt text and a link to the large photo
    // (walk-through 06.12, finding 17).
    const gallery = page.getByRole('list', { name: /^Flere bilder fra / });
    const other = gallery.getByRole('img', { name: 'Varmtvannsbassenget med trapp' });
    await expect(other).toHaveAttribute('loading', 'lazy');
    await expect(gallery.getByRole('link')).toHaveAttribute('href', /\/api\/images\/[0-9a-f]{64}\/w1600\.jpg$/);
    await other.scrollIntoViewIfNeeded();
    await expect(other).toBeVisible();
    await expectAccessible(page);

    // The server-rendered head: og:image is the cover's 1200×630 JPEG.
    const html = await (await page.request.get(`/kurs/${encodeURIComponent(venue.slug)}`)).text();
    const og = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
    expect(og('og:image')).toMatch(/\/api\/images\/[0-9a-f]{64}\/og\.jpg$/);
    expect([og('og:image:type'), og('og:image:width'), og('og:image:height'), og('og:image:alt')]).toEqual(['image/jpeg', '1200', '630', 'Garderoben med stellebord og barnevognparkering']);
    const preview = await page.request.get(og('og:image')!);
    expect(preview.headers()['content-type']).toBe('image/jpeg');
    const size = await page.evaluate<number[]>(`(async () => {
      const img = new Image();
      img.src = ${JSON.stringify(og('og:image'))};
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    })()`);
    expect(size).toEqual([1200, 630]);
  });
});
