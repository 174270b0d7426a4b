import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, the browser a person would use: its PDF viewer shows a document opened in
 * a new tab. The tools download no browser on this machine.
 */
const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's old headless shell of the same Chromium (package `chromium-headless-shell`, which
 * .ci/run installs): the same Blink and V8 without the desktop browser around them. It walked
 * the journeys with about a fifth less processor time (ADR 0033), so the journeys run in it
 * when it is installed; CHROMIUM_HEADLESS_SHELL_PATH=off keeps them in the full browser.
 */
const headlessShellSetting = process.env.CHROMIUM_HEADLESS_SHELL_PATH;
const headlessShellPath =
  headlessShellSetting === 'off'
    ? undefined
    : (headlessShellSetting ?? '/usr/bin/chromium-headless-shell');

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/** The full browser: for what only it does (a PDF shown in a tab rather than saved). */
export const fullChromium: LaunchOptions = { executablePath: fullChromiumPath, args };

/** The browser the journeys run in: the headless shell when installed, else the full browser. */
export const journeyChromium: LaunchOptions =
  headlessShellPath && existsSync(headlessShellPath)
    ? { executablePath: headlessShellPath, args }
    : fullChromium;

/**
 * The tag of a journey that needs the full browser: the `full-browser` project runs it there,
 * the `journeys` project runs every other (playwright.config.ts).
 */
const fullBrowserTagName = '@full-browser';
export const FULL_BROWSER = { tag: fullBrowserTagName };
export const fullBrowserTag = new RegExp(fullBrowserTagName);
