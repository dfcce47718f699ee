import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_SCROLL_BASE_PX, DASHBOARD_SCROLL_ROW_PX } from '@shared/constants';

interface DashboardBoxProps {
  title: string;
  /** Shown after the title, e.g. the number of courses today. */
  count?: number;
  link?: { to: string; label: string };
  /** Rows visible before the box scrolls (spec §9: 62 px plus 82 px per row). */
  scrollRows?: number;
  children: ReactNode;
}

/** One box of the admin dashboard: a titled card with an optional link and an optional scroll cap. */
export function DashboardBox({ title, count, link, scrollRows, children }: DashboardBoxProps) {
  const maxHeight = scrollRows ? DASHBOARD_SCROLL_BASE_PX + DASHBOARD_SCROLL_ROW_PX * scrollRows : undefined;
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold text-sea-900">
          {title}
          {count !== undefined ? <span className="ml-2 rounded-full bg-sea-50 px-2.5 py-0.5 text-base text-sea-900">{count}</span> : null}
        </h2>
        {link ? (
          <Link to={link.to} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
            {link.label}
          </Link>
        ) : null}
      </div>
      <div
        className="mt-3 min-w-0 overflow-y-auto"
        style={maxHeight ? { maxHeight } : undefined}
        // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={scrollRows ? 0 : undefined}
        aria-label={scrollRows ? title : undefined}
        role={scrollRows ? 'region' : undefined}
      >
        {children}
      </div>
    </section>
  );
}
