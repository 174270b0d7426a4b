import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen: its title in the tab, one `h1`, and its content in a panel. */
export function Page({
  title,
  heading,
  children,
}: {
  title: string;
  heading: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="panel">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
