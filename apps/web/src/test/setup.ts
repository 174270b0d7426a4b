import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetSessionDeadline } from '../lib/session-clock.ts';
import { resetSessionEnd } from '../lib/session-end.ts';
import { preloadConfirmDialog } from '../ui/confirm-dialog.tsx';
import { failOnUnansweredCalls, installNoNetwork, watchCallsOf } from './no-network.ts';

// Routes load their screens on demand; the first load of a lazy module can take more than the
// default second on a busy 2-core machine, which is slowness, not failure.
configure({ asyncUtilTimeout: 5000 });

// The confirmation dialog downloads after a screen shows (ui/confirm-dialog.tsx); here it is
// loaded once, so a test opens it as a person would once the page has settled.
await preloadConfirmDialog();

// A call no fake answers fails the test that made it (no-network.ts).
installNoNetwork();
beforeEach(({ task }) => watchCallsOf(task));

afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.sessionStorage.clear();
  // A new page: no session ending, no session times.
  resetSessionEnd();
  forgetSessionDeadline();
  failOnUnansweredCalls();
});
