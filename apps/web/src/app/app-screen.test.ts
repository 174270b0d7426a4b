import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateInAppThrough } from '../lib/app-navigation.ts';
import { appScreen } from './app-screen.ts';

describe('the app’s screen, for the glitch page', () => {
  afterEach(() => {
    navigateInAppThrough(undefined);
    window.location.hash = '';
  });

  it('has no working screen before the client’s first render, nor once React unmounted it', () => {
    const container = document.createElement('div');
    container.innerHTML = '<main>prerendered</main>';
    const screen = appScreen(container);
    expect(screen.screenIsEmpty()).toBe(true);
    screen.rendered(() => {});
    expect(screen.screenIsEmpty()).toBe(false);
    container.replaceChildren();
    expect(screen.screenIsEmpty()).toBe(true);
  });

  it('opens the glitch page through the router, and draws the app again once', () => {
    const navigate = vi.fn<(path: string) => void>();
    navigateInAppThrough(navigate);
    window.location.hash = '#/home/funding';
    const container = document.createElement('div');
    const screen = appScreen(container);
    const draw = vi.fn(() => container.append(document.createElement('main')));
    screen.rendered(draw);
    screen.showErrorPage();
    expect(navigate).toHaveBeenCalledWith('/error');
    expect(draw).toHaveBeenCalledTimes(1);
    // The address is the router's to change: writing it would go around the leave guards.
    expect(window.location.hash).toBe('#/home/funding');
    container.replaceChildren();
    screen.showErrorPage();
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('falls back on the address before the router exists', () => {
    const screen = appScreen(document.createElement('div'));
    screen.showErrorPage();
    expect(window.location.hash).toBe('#/error');
  });
});
