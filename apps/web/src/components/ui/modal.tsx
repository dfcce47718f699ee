import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { StrokeIcon } from './icon';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's name. Always given (screen readers announce it); `showHeader={false}` keeps it for them only. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Show the title as a visible header (default true). */
  showHeader?: boolean;
  /** Show the round close button ('Lukk') in the corner (default true). */
  showCloseButton?: boolean;
  /** Close on Escape (default true). */
  closeOnEscape?: boolean;
  /** Close when clicking outside the dialog (default true). */
  closeOnOutsideClick?: boolean;
  /** 'md' (default) for short prompts and forms, 'lg' for summaries. */
  size?: 'md' | 'lg' | 'xl';
  /** Extra classes on the dialog box (e.g. 'print-area': only this dialog is printed). */
  className?: string;
  /** Plays the 300 ms exit animation (the dialog is still open; the owner unmounts it afterwards). */
  closing?: boolean;
  /** Which element gets focus when the dialog opens (default: the first focusable one). */
  onOpenAutoFocus?: (event: Event) => void;
  /** Role of the dialog: 'alertdialog' for alert/confirm/prompt, which need an answer. */
  role?: 'dialog' | 'alertdialog';
}

// Nested modals: only the first one to open restores the page's own overflow value.
let openModals = 0;
let pageOverflow = '';

/** Locks page scroll while any modal is open, through the CSSOM (see below). */
function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    if (openModals++ === 0) {
      pageOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    return () => {
      if (--openModals === 0) document.body.style.overflow = pageOverflow;
    };
  }, [active]);
}

/**
 * The one modal of the site (spec §2 'Generic modal'), on Radix Dialog. Radix's Overlay is left out: its scroll lock
 * injects a <style> element, which the CSP refuses, so the page scroll is locked through the CSSOM.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  showHeader = true,
  showCloseButton = true,
  closeOnEscape = true,
  closeOnOutsideClick = true,
  size = 'md',
  closing = false,
  onOpenAutoFocus,
  role = 'dialog',
  className = '',
}: ModalProps) {
  // Without a Radix Trigger, remember the opener ourselves (a layout effect runs before Radix moves focus).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  useScrollLock(open);

  const closeButton = showCloseButton ? (
    <Dialog.Close
      className="no-print -mt-1 -mr-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sea-50"
      aria-label="Lukk"
    >
      <StrokeIcon d="M5 5l10 10M15 5L5 15" className="size-5" />
    </Dialog.Close>
  ) : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* One stacking context per dialog: a dialog opened from another one lies above it, overlay and all. */}
        <div className="relative z-40">
          <div
            aria-hidden="true"
            data-modal-overlay=""
            className={`no-print fixed inset-0 z-40 bg-sea-950/60 ${closing ? 'animate-overlay-out' : ''}`}
          />
          <Dialog.Content
            role={role}
            // Radix makes the page behind inert but does not say so on the dialog: aria-modal does.
            aria-modal="true"
            data-closing={closing ? '' : undefined}
            className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] ${
              size === 'xl' ? 'max-w-6xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-md'
            } -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6 ${
              closing ? 'pointer-events-none animate-dialog-out' : ''
            } ${className}`}
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
            onEscapeKeyDown={(event) => {
              // An open popup inside (the MultiSelect's list) takes Escape for itself.
              const ownEscape = event.target instanceof Element && event.target.closest('[data-own-escape="true"]');
              if (!closeOnEscape || ownEscape) event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              if (!closeOnOutsideClick) event.preventDefault();
            }}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            {showHeader ? (
              <div className="flex items-start justify-between gap-4">
                <Dialog.Title className="text-2xl font-bold text-sea-900">{title}</Dialog.Title>
                {closeButton}
              </div>
            ) : (
              <>
                <Dialog.Title className="sr-only">{title}</Dialog.Title>
                {closeButton ? <div className="flex">{closeButton}</div> : null}
              </>
            )}
            {description ? <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description> : null}
            {children ? <div className={showHeader || description ? 'mt-6' : ''}>{children}</div> : null}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;
