import { freshState, type InMemoryState } from './in-memory-api.ts';

/**
 * The in-memory state survives a reload of the tab (session storage), like the server's data
 * survives one; it dies with the tab, and nothing leaves the browser.
 */
const KEY = 'portal.inMemory.state';

export function loadState(): InMemoryState {
  try {
    const saved = window.sessionStorage.getItem(KEY);
    if (saved) return JSON.parse(saved) as InMemoryState;
  } catch {
    // A storage that cannot be read (private mode, a corrupt entry) starts again.
  }
  return freshState();
}

export function saveState(state: InMemoryState): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Full or unavailable storage: the state stays in memory for this page.
  }
}
