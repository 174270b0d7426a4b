import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title.ts';

/**
 * A screen: its title in the tab, one `h1`, and its content in a panel. `hasErrors` starts the
 * title with "Error: " while one of its forms shows an error summary (GOV.UK).
 */
export function Page({
  title,
  heading,
  hasErrors = false,
  children,
}: {
  title: string;
  heading: string;
  hasErrors?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title, { hasErrors });
  return (
    <div className="panel">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
