import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';
import { ExampleBox, ExamplePage } from './example-layout';

const VARIANTS = [
  {
    button: 'Åpne modal',
    title: 'Eksempel på modal',
    description: 'Lukkes med Escape, med lukkeknappen eller ved klikk utenfor.',
    close: 'Greit',
    closeOnOutsideClick: true,
  },
  {
    button: 'Åpne modal som ikke lukkes ved klikk utenfor',
    title: 'Klikk utenfor lukker ikke',
    description: 'Denne lukkes bare med Escape eller knappene.',
    close: 'Lukk',
    closeOnOutsideClick: false,
  },
] as const;

/** /examples/modal: the generic modal (spec §2): overlay, header, close button, Escape and outside click. */
export function Component() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ExamplePage title="Modal" lead="Et vindu over siden. Siden bak kan ikke rulles mens det er åpent.">
      <ExampleBox title="Varianter" buttons>
        {VARIANTS.map((v, i) => (
          <Button key={v.button} variant="secondary" onClick={() => setOpen(i)}>
            {v.button}
          </Button>
        ))}
      </ExampleBox>
      {VARIANTS.map(({ button, close, ...v }, i) => (
        <Modal key={button} open={open === i} onOpenChange={(o) => setOpen(o ? i : null)} {...v}>
          <div className="flex justify-end">
            <ModalClose className="inline-flex min-h-11 items-center rounded-full bg-sea-800 px-5 font-semibold text-white hover:bg-sea-900">
              {close}
            </ModalClose>
          </div>
        </Modal>
      ))}
    </ExamplePage>
  );
}
