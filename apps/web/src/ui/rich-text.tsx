import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

const TAG = /<([a-z][a-z0-9]*)>([^<]*)<\/\1>/gi;

/**
 * A translated sentence whose `<name>words</name>` parts become the given elements (flat tags,
 * no nesting), e.g. "In partnership with <partner>Acme</partner>". Everything else, including
 * any tag that is not in `components`, stays text that React escapes. It spares the first
 * download react-i18next's `Trans` and its HTML parser (the landing route's size budget).
 */
export function RichText({
  text,
  components,
}: {
  text: string;
  components: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', words = ''] = match;
    const component = components[name];
    if (!component) continue;
    parts.push(text.slice(last, match.index));
    parts.push(cloneElement(component, { key: `${name}-${match.index}` }, words));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
