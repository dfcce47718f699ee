import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { z } from 'zod';
import { courseInputSchema, placeInputSchema } from '@shared/api';
import { TextInput, useZodForm } from './index';

/** The shared schemas' limits reach the web's forms in Norwegian (issue 35): zod's English never shows. */
function NameForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(placeInputSchema.pick({ name: true }), { defaultValues: { name: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <TextInput label="Navn" error={errors.name?.message} {...register('name')} />
      <button type="submit">Lagre</button>
    </form>
  );
}

/** The course form's price field (the whole course schema has refinements, which `pick` refuses). */
const priceSchema = z.object({ price: courseInputSchema.shape.price });

function PriceForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(priceSchema, { defaultValues: { price: 0 } });
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <TextInput label="Pris" type="number" error={errors.price?.message} {...register('price', { valueAsNumber: true })} />
      <button type="submit">Lagre</button>
    </form>
  );
}

describe('zod messages in the web app', () => {
  it("says 'Maks 100 tegn' for a name of 101 characters", async () => {
    await render(<NameForm />);
    await page.getByLabelText('Navn').fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(page.getByText('Maks 100 tegn')).toBeVisible();
  });

  it('says the highest price, not that 200 000 is no number', async () => {
    await render(<PriceForm />);
    await page.getByLabelText('Pris').fill('200000');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(page.getByText('Prisen kan være høyst 100\u00a0000 kr')).toBeVisible();
  });
});
