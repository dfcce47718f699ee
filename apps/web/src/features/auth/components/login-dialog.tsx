import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { storeReturnAddress } from '@/lib/session';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2: shown when a visitor tries something that needs login (e.g. 'Bestill'). */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Logg inn" description="Du må være logget inn for å utføre denne handlingen">
      <Link
        to={paths.login}
        state={{ returnTo: here }}
        onClick={() => storeReturnAddress(here)}
        className={buttonClass('primary', 'lg', 'w-full')}
      >
        Logg inn
      </Link>
    </Modal>
  );
}
