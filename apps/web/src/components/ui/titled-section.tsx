import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/** A page section named by its own h2 (aria-labelledby), so the two cannot drift apart. */
export function TitledSection({ id, title, className, titleClassName = 'text-xl font-bold text-sea-900', children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
