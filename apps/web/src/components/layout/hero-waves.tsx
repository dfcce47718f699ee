/** Decorative waves under the hero (inline SVG: no request, no layout shift). */
export function HeroWaves({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 1440 120" preserveAspectRatio="none" className={className}>
      <path d="M0 60c120 30 240 30 360 0s240-30 360 0 240 30 360 0 240-30 360 0v60H0z" fill="#4cc3c8" opacity=".35" />
      <path d="M0 80c120 24 240 24 360 0s240-24 360 0 240 24 360 0 240-24 360 0v40H0z" fill="#a8e2e3" opacity=".6" />
      <path d="M0 96c120 18 240 18 360 0s240-18 360 0 240 18 360 0 240-18 360 0v24H0z" fill="#fcfaf6" />
    </svg>
  );
}

/** A parent and baby in the water inside a round window, drawn simply. Fixed box: never shifts the layout. */
export function HeroIllustration({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 300 300" width="300" height="300" className={className}>
      <defs>
        <clipPath id="hero-circle">
          <circle cx="150" cy="150" r="140" />
        </clipPath>
      </defs>
      <circle cx="150" cy="150" r="146" fill="#a8e2e3" opacity=".35" />
      <g clipPath="url(#hero-circle)">
        <rect width="300" height="300" fill="#dcedf7" />
        <circle cx="225" cy="70" r="26" fill="#ecdbbd" />
        <circle cx="120" cy="140" r="30" fill="#f5ecdc" />
        <path d="M92 134c4-19 23-28 42-21 9 3 14 11 15 18-14-7-35-7-57 3z" fill="#7c5119" />
        <circle cx="184" cy="168" r="19" fill="#f5ecdc" />
        <path d="M169 158c3-10 16-14 24-10" stroke="#7c5119" strokeWidth="4" fill="none" strokeLinecap="round" />
        <path d="M140 172c12 12 26 14 38 7" stroke="#f5ecdc" strokeWidth="13" fill="none" strokeLinecap="round" />
        <path d="M0 180c25 12 50 12 75 0s50-12 75 0 50 12 75 0 50-12 75 0v120H0z" fill="#4cc3c8" />
        <path d="M0 212c25 10 50 10 75 0s50-10 75 0 50 10 75 0 50-10 75 0v88H0z" fill="#1ea3ad" />
        <path d="M0 246c25 8 50 8 75 0s50-8 75 0 50 8 75 0 50-8 75 0v54H0z" fill="#a8e2e3" />
        <circle cx="62" cy="150" r="7" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="78" cy="128" r="4" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="236" cy="150" r="5" fill="none" stroke="#fff" strokeWidth="3" />
      </g>
    </svg>
  );
}
