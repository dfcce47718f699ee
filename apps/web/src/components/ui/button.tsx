import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'accent' | 'ghost' | 'onDark';
type Variant = ButtonVariant;
type Size = 'md' | 'lg';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<Variant, string> = {
  primary: 'bg-sea-800 text-white hover:bg-sea-900',
  secondary: 'border-2 border-sea-800 bg-white text-sea-800 hover:bg-sea-50',
  danger: 'bg-danger text-white hover:bg-red-800',
  accent: 'bg-sand-200 text-ink hover:bg-sand-300',
  ghost: 'text-sea-800 underline hover:bg-sea-50',
  onDark: 'border-2 border-white/80 text-white hover:bg-white/10',
};
const sizes: Record<Size, string> = { md: 'px-5 py-2 text-base', lg: 'px-6 py-3 text-lg' };

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  children: ReactNode;
}

export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, typeof className === 'string' ? className : '')} {...props} />;
}
