import type { ReactNode } from 'react';
import './forms.css';

/** The frame of a membership screen: a section named by its one `h1`. */
export function ScreenFrame({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="container membership" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
