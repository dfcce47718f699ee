import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';
import { ExampleBox, ExamplePage } from './example-layout';

/** /examples/modal: the generic modal (spec §2): overlay, header, close button, Escape and outside click. */
export function Component() {
  const [open, setOpen] = useState<'standard' | 'locked' | null>(null);
  return (
    <ExamplePage title="Modal" lead="Et vindu over siden. Siden bak kan ikke rulles mens det er åpent.">
      <ExampleBox title="Varianter">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('standard')}>
            Åpne modal
          </Button>
          <Button variant="secondary" onClick={() => setOpen('locked')}>
            Åpne modal som ikke lukkes ved klikk utenfor
          </Button>
        </div>
      </ExampleBox>
      <Modal
        open={open === 'standard'}
        onOpenChange={(o) => setOpen(o ? 'standard' : null)}
        title="Eksempel på modal"
        description="Lukkes med Escape, med lukkeknappen eller ved klikk utenfor."
      >
        <div className="flex justify-end">
          <ModalClose className="inline-flex min-h-11 items-center rounded-full bg-sea-800 px-5 font-semibold text-white hover:bg-sea-900">
            Greit
          </ModalClose>
        </div>
      </Modal>
      <Modal
        open={open === 'locked'}
        onOpenChange={(o) => setOpen(o ? 'locked' : null)}
        title="Klikk utenfor lukker ikke"
        description="Denne lukkes bare med Escape eller knappene."
        closeOnOutsideClick={false}
      >
        <div className="flex justify-end">
          <ModalClose className="inline-flex min-h-11 items-center rounded-full bg-sea-800 px-5 font-semibold text-white hover:bg-sea-900">
            Lukk
          </ModalClose>
        </div>
      </Modal>
    </ExamplePage>
  );
}
