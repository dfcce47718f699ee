import { useLocation } from 'react-router';
import { Modal } from '@/components/ui/modal';
import { VippsLoginButton } from './vipps-login-button';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2: shown when a visitor tries something that needs login (e.g. 'Bestill'). Its button starts the Vipps
 * login at once (no stop on /login) and brings the visitor back here afterwards.
 */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Logg inn" description="Du må være logget inn for å utføre denne handlingen">
      <VippsLoginButton returnTo={here} />
    </Modal>
  );
}
