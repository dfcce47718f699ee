import type { ButtonHTMLAttributes } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { Button, type ButtonVariant } from './button';

interface LoginFirstButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  variant?: ButtonVariant;
  /** Logged in: the button does its work. Not logged in: it goes to the login page, returning here after Vipps. */
  loggedIn: boolean;
  onClick: () => void;
  /** Where the login returns to; default this page. A course's button returns to its row, dialog open. */
  returnTo?: string;
}

/** A button that needs login: for a visitor a GET form to the login page, working without the app (decision 045). */
export function LoginFirstButton({ loggedIn, onClick, returnTo, ...props }: LoginFirstButtonProps) {
  const { pathname, search } = useLocation();
  return (
    <form method="get" action={paths.login} className="contents">
      <input type="hidden" name={LOGIN_RETURN_PARAM} value={returnTo ?? `${pathname}${search}`} />
      <input type="hidden" name="handling" value="" />
      <Button
        type="submit"
        onClick={(event) => {
          if (!loggedIn) return;
          event.preventDefault();
          onClick();
        }}
        {...props}
      />
    </form>
  );
}
