import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

export function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={className} width="40" height="40">
      <circle cx="20" cy="20" r="20" fill="#0b4a6f" />
      <circle cx="26" cy="13" r="4" fill="#ecdbbd" />
      <path d="M5 23c4 0 4-3 8-3s4 3 7.5 3 4-3 7.5-3 4 3 7 3" fill="none" stroke="#a8e2e3" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M7 30c3.5 0 3.5-2.5 7-2.5s3.5 2.5 6.5 2.5 3.5-2.5 6.5-2.5 3.5 2.5 6 2.5" fill="none" stroke="#4cc3c8" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="inline-flex min-h-11 items-center gap-2.5 rounded-lg font-bold text-sea-900 no-underline"
    >
      <LogoMark className="size-9 shrink-0 sm:size-10" />
      <span className="text-lg leading-tight sm:text-xl">{site.companyName}</span>
    </Link>
  );
}
