import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../lib/i18n.ts';
import type { OnChoice } from '../lib/on-demand.ts';

/** What the part needs of its code: `onChoice(...)` or `onDemand(...)` (lib/on-demand.ts). */
type PartCode<T> = Pick<OnChoice<T>, 'load' | 'loaded'>;

interface PartOnChoiceProps<T> {
  /** The code of the part (`onChoice(() => import(...))`, lib/on-demand.ts). */
  part: PartCode<T>;
  /** The part, rendered from its module once that is here. */
  children(module: T): ReactNode;
}

type Rendered<T> = LazyExoticComponent<ComponentType<{ render(module: T): ReactNode }>>;

/** One attempt at the part's download, as React's `lazy` waits for it (and keeps its failure). */
function attempt<T>(part: PartCode<T>): Rendered<T> {
  return lazy(async () => {
    const module = await part.load();
    return { default: ({ render }: { render(loaded: T): ReactNode }) => render(module) };
  });
}

/**
 * A part of a screen that a person's choice shows, rendered once its code is here (at once when
 * the download finished as the person neared the choice): meanwhile a short status; on a failed
 * download, a message and a button that tries again. Nothing typed elsewhere is lost either way.
 */
export function PartOnChoice<T>({ part, children }: PartOnChoiceProps<T>) {
  // Held outside Suspense, so a render while waiting waits for the same attempt: a failed one
  // shows as failed rather than starting again in a loop; only "Try again" starts another.
  const [Loading, setLoading] = useState(() => attempt(part));
  // Decided once: had a later render switched from the lazy wrapper to the module's own tree,
  // React would have mounted the part anew and lost what was typed in it.
  const [here] = useState(() => part.loaded());
  if (here !== undefined) return children(here);
  return (
    <DownloadFailed onRetry={() => setLoading(() => attempt(part))}>
      <Suspense fallback={<PartLoading />}>
        <Loading render={children} />
      </Suspense>
    </DownloadFailed>
  );
}

function PartLoading() {
  const { t } = useTranslation();
  return (
    <p className="loading-inline" role="status">
      {t('partOnChoice.loading')}
    </p>
  );
}

function PartFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice-warning" role="alert">
      <p>{t('partOnChoice.failed')}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('partOnChoice.retry')}
      </button>
    </div>
  );
}

interface DownloadFailedProps {
  onRetry(): void;
  children: ReactNode;
}

/** React catches a render's failure only in a class component (there is no hook for it). */
class DownloadFailed extends Component<DownloadFailedProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PartFailed
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}
