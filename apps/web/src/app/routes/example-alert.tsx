import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { alert, confirm, prompt } from '@/components/ui/dialogs';
import { ExampleBox, ExamplePage } from './example-layout';

/** /examples/alert: the kit's alert, confirm and prompt dialogs (spec §2-§4), each answer shown under the buttons. */
export function Component() {
  const [answer, setAnswer] = useState('Ingen dialog åpnet ennå.');
  const askButton = (label: string, ask: () => Promise<string>) => (
    <Button variant="secondary" onClick={() => void ask().then(setAnswer)}>
      {label}
    </Button>
  );

  return (
    <ExamplePage
      title="Alert"
      lead="Dialoger som venter på et svar: varsel (én knapp), bekreftelse (ja eller nei) og spørsmål (med et felt). Escape eller klikk utenfor avbryter."
    >
      <ExampleBox title="Varsel" buttons>
        {askButton('Vis varsel', async () => {
          await alert({ title: 'Noe gikk galt', message: 'Du må velge et barn for å kunne bestille kurset' });
          return 'Varselet ble lukket.';
        })}
      </ExampleBox>
      <ExampleBox title="Bekreftelse" buttons>
        {askButton('Vis bekreftelse', async () =>
          (await confirm({ title: 'Lagre endringene?', message: 'Endringene lagres på kurset.' })) ? 'Bekreftet.' : 'Avbrutt.',
        )}
        {askButton('Vis bekreftelse for sletting', async () => {
          const yes = await confirm({
            title: 'Slett kurset?',
            message: 'Kurset og påmeldingene slettes. Dette kan ikke angres.',
            confirmText: 'Slett',
            confirmVariant: 'danger',
            cancelText: 'Behold',
            dismissible: false,
          });
          return yes ? 'Slettet (bare i eksempelet).' : 'Beholdt.';
        })}
      </ExampleBox>
      <ExampleBox title="Spørsmål" buttons>
        {askButton('Vis spørsmål', async () => {
          const name = await prompt({
            title: 'Hva heter barnet?',
            label: 'Fornavn',
            placeholder: 'For eksempel Lina',
            defaultValue: 'Lina',
            confirmText: 'Lagre',
          });
          return name === null ? 'Avbrutt.' : `Svar: ${name}`;
        })}
        {askButton('Vis spørsmål om e-post', async () => {
          const email = await prompt({ title: 'Inviter foresatt', label: 'E-post', inputType: 'email', placeholder: 'navn@eksempel.no', confirmText: 'Send' });
          return email === null ? 'Avbrutt.' : `Svar: ${email}`;
        })}
      </ExampleBox>
      <p role="status" className="rounded-xl bg-sea-50 px-4 py-3 text-sea-900">
        {answer}
      </p>
    </ExamplePage>
  );
}
