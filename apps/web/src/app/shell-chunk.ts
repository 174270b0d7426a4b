import type { Plugin } from 'vite';

/**
 * One chunk for everything the page's entry (`entry`, not the not-found frame's) imports
 * statically (ADR 0031). Every route downloads all
 * of it before its screen shows, and the bundler otherwise splits the part later screens also
 * import into a score of small chunks, each with its own imports and exports: merged, the
 * public routes' first download is smaller.
 */
export function shellChunk(entry: RegExp): {
  plugin: Plugin;
  isShellModule: (id: string) => boolean;
} {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-shell-chunk',
    apply: 'build',
    buildEnd() {
      if (this.environment.config.consumer !== 'client') return;
      const entries = [...this.getModuleIds()].filter(
        (id) => entry.test(id) && this.getModuleInfo(id)?.isEntry,
      );
      const pending = [...entries];
      while (pending.length > 0) {
        const id = pending.pop() ?? '';
        if (shell.has(id)) continue;
        shell.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry page and its script (main.tsx) stay the entry chunk, which imports the shell.
      for (const id of entries) {
        shell.delete(id);
        for (const script of this.getModuleInfo(id)?.importedIds ?? []) shell.delete(script);
      }
    },
  };
  return { plugin, isShellModule: (id) => shell.has(id) };
}
