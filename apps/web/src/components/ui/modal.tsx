import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Close when clicking outside the dialog (default true). */
  closeOnOutsideClick?: boolean;
  /** 'md' (default) for short prompts and forms, 'lg' for summaries. */
  size?: 'md' | 'lg' | 'xl';
  /** Extra classes on the dialog box (e.g. 'print-area': only this dialog is printed). */
  className?: string;
}

/**
 * Radix Dialog (focus trap, Escape, aria-modal, labelled by its title). Radix's own Overlay is left out on purpose:
 * its scroll lock injects an inline <style> element, which our CSP (style-src 'self') refuses. We lock the page
 * scroll through the CSSOM instead, which the CSP allows.
 */
export function Modal({ open, onOpenChange, title, description, children, closeOnOutsideClick = true, size = 'md', className = '' }: ModalProps) {
  // Without a Radix Trigger, Radix does not know where focus should return: remember the opener ourselves.
  // Layout effects run before Radix moves focus into the dialog (a passive effect).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* One stacking context per dialog: a dialog opened from another one lies above it, overlay and all. */}
        <div className="relative z-40">
          <div aria-hidden="true" className="no-print fixed inset-0 z-40 bg-sea-950/60" />
          <Dialog.Content
            className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] ${
              size === 'xl' ? 'max-w-6xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-md'
            } -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6 ${className}`}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
            onPointerDownOutside={(event) => {
              if (!closeOnOutsideClick) event.preventDefault();
            }}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-2xl font-bold text-sea-900">{title}</Dialog.Title>
              <Dialog.Close
                className="no-print -mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sea-50"
                aria-label="Lukk"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M5 5l10 10M15 5L5 15" />
                </svg>
              </Dialog.Close>
            </div>
            {description ? <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description> : null}
            {children ? <div className="mt-6">{children}</div> : null}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;
