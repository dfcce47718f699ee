import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { alert, confirm, prompt } from '@/components/ui/dialogs';
import { ExampleBox, ExamplePage } from './example-layout';

/** /examples/alert: the kit's alert, confirm and prompt dialogs (spec §2-§4), each answer shown under the buttons. */
export function Component() {
  const [answer, setAnswer] = useState('Ingen dialog åpnet ennå.');

  const run = async (ask: () => Promise<string>) => setAnswer(await ask());

  return (
    <ExamplePage
      title="Alert"
      lead="Dialoger som venter på et svar: varsel (én knapp), bekreftelse (ja eller nei) og spørsmål (med et felt). Escape eller klikk utenfor avbryter."
    >
      <ExampleBox title="Varsel">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              void run(async () => {
                await alert({ title: 'Noe gikk galt', message: 'Du må velge et barn for å kunne bestille kurset' });
                return 'Varselet ble lukket.';
              })
            }
          >
            Vis varsel
          </Button>
        </div>
      </ExampleBox>
      <ExampleBox title="Bekreftelse">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              void run(async () => {
                const yes = await confirm({ title: 'Lagre endringene?', message: 'Endringene lagres på kurset.' });
                return yes ? 'Bekreftet.' : 'Avbrutt.';
              })
            }
          >
            Vis bekreftelse
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void run(async () => {
                const yes = await confirm({
                  title: 'Slett kurset?',
                  message: 'Kurset og påmeldingene slettes. Dette kan ikke angres.',
                  confirmText: 'Slett',
                  confirmVariant: 'danger',
                  cancelText: 'Behold',
                  dismissible: false,
                });
                return yes ? 'Slettet (bare i eksempelet).' : 'Beholdt.';
              })
            }
          >
            Vis bekreftelse for sletting
          </Button>
        </div>
      </ExampleBox>
      <ExampleBox title="Spørsmål">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              void run(async () => {
                const name = await prompt({
                  title: 'Hva heter barnet?',
                  label: 'Fornavn',
                  placeholder: 'For eksempel Lina',
                  defaultValue: 'Lina',
                  confirmText: 'Lagre',
                });
                return name === null ? 'Avbrutt.' : `Svar: ${name}`;
              })
            }
          >
            Vis spørsmål
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void run(async () => {
                const email = await prompt({ title: 'Inviter foresatt', label: 'E-post', inputType: 'email', placeholder: 'navn@eksempel.no', confirmText: 'Send' });
                return email === null ? 'Avbrutt.' : `Svar: ${email}`;
              })
            }
          >
            Vis spørsmål om e-post
          </Button>
        </div>
      </ExampleBox>
      <p role="status" className="rounded-xl bg-sea-50 px-4 py-3 text-sea-900">
        {answer}
      </p>
    </ExamplePage>
  );
}
