// Writes the page the server sends before any JavaScript runs (ADR 0027): after `vite build`,
// the real shell (header, footer, skip link) and the public screens are rendered with the
// client's own components, once per language, into dist/index.html (English) and
// dist/index.fr.html, with the style sheet inlined. A small inline script picks the screen
// from the address's fragment before the first paint; the client then renders the same markup.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const outDir = path.join(web, 'node_modules/.prerender');

/** The screens' names as `data-screen` values: `/express-error` is `express-error`. */
const screenName = (screenPath) => screenPath.slice(1);

const languages = /** @type {const} */ ([
  { language: 'en', file: 'index.html', htmlLang: 'en-CA' },
  { language: 'fr', file: 'index.fr.html', htmlLang: 'fr-CA' },
]);

const MARKER = 'data-prerendered';
/** The meta holding each prerendered screen's title in the page's language, read by the script. */
const TITLES_META = 'portal-screen-titles';

/** An attribute value, escaped for HTML. */
const attribute = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The renderer, built by Vite with the client's own configuration (aliases, CSS modules), so
 * the class names and components are the client's. Everything is bundled: no dependency is
 * left for Node to load on its own, which could be another copy of React than the alias says.
 */
async function loadRenderer() {
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'error',
    ssr: { noExternal: true },
    build: {
      ssr: path.join(web, 'src/prerender/shell.tsx'),
      outDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  return import(pathToFileURL(path.join(outDir, 'shell.js')).href);
}

/** Splits a rendered page around the inside of its one `<main>`. */
function splitAtMain(html) {
  const match = /^([\s\S]*<main\b[^>]*>)([\s\S]*)(<\/main>[\s\S]*)$/.exec(html);
  if (!match) throw new Error('the rendered shell has no <main>');
  const [, open = '', inner = '', close = ''] = match;
  return { open, inner, close };
}

/** Every class the markup uses must be in the style sheet: CSS modules must have agreed. */
function checkClasses(markup, css) {
  const missing = new Set();
  for (const [, list = ''] of markup.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of list.split(/\s+/).filter(Boolean)) {
      if (!css.includes(`.${name}`)) missing.add(name);
    }
  }
  // Classes that only name an element for scripts or tests have no rule; none of ours do.
  if (missing.size > 0) {
    throw new Error(`prerendered classes missing from the style sheet: ${[...missing].join(', ')}`);
  }
}

/**
 * Before the first paint: the screen named by the fragment (`#/version?x` is `version`) and
 * the partner's skin from its cookie, as the client would set them, so neither changes when
 * it takes over; and a visitor who is not signed in, at an address the route guard keeps for
 * signed-in people, leaves for sign-in at once as the guard would, without waiting for the
 * bundle. The server allows this script by its hash (web-client.ts).
 */
function chooserScript(screens, signIn, entry, modules, catalogues) {
  const known = JSON.stringify(Object.fromEntries(screens.map((screen) => [screen, 1])));
  const encodedPlaceholder = encodeURIComponent(signIn.placeholder);
  return [
    '(function(){',
    'var d=document.documentElement;',
    "var p='/'+location.hash.replace(/^#\\/?/,'').split('#')[0];",
    "var s=p.slice(1).split('?')[0].replace(/\\/$/,'');",
    `if(${known}[s]){d.setAttribute('data-screen',s);`,
    // The screen's own title, from the page's language (the meta above this script).
    `var tm=document.querySelector('meta[name="${TITLES_META}"]');`,
    'if(tm){try{var tt=JSON.parse(tm.content)[s];if(tt)document.title=tt}catch(e){}}}',
    'var m=/(?:^|;\\s*)partnerSkin=([^;]*)/.exec(document.cookie);',
    "var k=m?decodeURIComponent(m[1]).trim().toLowerCase():'';",
    "if(k==='harbour'||k==='prairie')d.setAttribute('data-skin',k);",
    // The skip link moves the focus without changing the address, before the client too.
    "document.addEventListener('click',function(e){",
    'var a=e.target&&e.target.closest&&e.target.closest(\'a[href="#main-content"]\');',
    "if(a){e.preventDefault();var n=document.getElementById('main-content');if(n)n.focus()}});",
    // A tab with a session shows the header's items of one (app/header.tsx) from the start.
    'var t=null;',
    `try{t=sessionStorage.getItem(${JSON.stringify(signIn.tokenKey)})}catch(e){}`,
    "if(t)d.setAttribute('data-session','');",
    `if(s===''||${JSON.stringify(signIn.guardedSegments)}.indexOf(s.split('/')[0])>=0){`,
    'if(!t){',
    `var r=s===''?${JSON.stringify(signIn.defaultLanding)}:p;`,
    `document.cookie=${JSON.stringify(`${signIn.returnUrlCookie}=`)}+encodeURIComponent(r)+'; path=/; SameSite=Lax; max-age=${signIn.returnUrlMaxAgeSeconds}'+(location.protocol==='https:'?'; Secure':'');`,
    `location.replace(${JSON.stringify(signIn.authorizeUrl)}.replace(${JSON.stringify(encodedPlaceholder)},encodeURIComponent(location.origin)));`,
    '}}',
    // The bundle is asked for once the page has painted (after the next frame): the first
    // paint never waits for it nor shares the line with it. Its modules are preloaded together
    // then, so they still download side by side; a hidden tab paints no frame and starts at once.
    'var started=0;',
    'var go=function(){if(started)return;started=1;',
    // With the page's first catalogues, in its language only (ADR 0031).
    `var c=${JSON.stringify(catalogues)};`,
    `${JSON.stringify(modules)}.concat(d.lang.indexOf('fr')===0?c.fr:c.en).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});`,
    `import(${JSON.stringify(entry)})};`,
    "if(document.visibilityState==='hidden')go();",
    'else requestAnimationFrame(function(){setTimeout(go,0)});',
    '})()',
  ].join('');
}

/** Shows one screen, or the skeleton when the fragment names none; the banner while sandboxed. */
function switchingCss(screens) {
  const shown = screens.map(
    (screen) => `html[data-screen="${screen}"] [data-prerender="${screen}"]`,
  );
  return [
    '[data-prerender],[data-prerender-sandbox]{display:none}',
    `${[...shown, 'html:not([data-screen]) [data-prerender="skeleton"]'].join(',')}{display:block}`,
    'html:has(meta[name="portal-environment"][content="sandbox"]) [data-prerender-sandbox]{display:contents}',
  ].join('\n');
}

async function main() {
  if (process.env.VITE_IN_MEMORY_API === 'true') {
    // The in-memory build (ADR 0028) goes to its own folder, for a static host that cannot
    // choose a page by cookie nor allow an inline script by its hash: it keeps the plain page.
    process.stdout.write('in-memory build: the page is not prerendered\n');
    return;
  }
  const template = await readFile(path.join(dist, 'index.html'), 'utf8');
  if (template.includes(MARKER)) {
    throw new Error('dist/index.html is already prerendered: run `vite build` first');
  }
  const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(template);
  if (!link) throw new Error('dist/index.html links no style sheet');
  const css = (await readFile(path.join(dist, ...link[1].split('/')), 'utf8')).trim();
  if (/url\(\s*['"]?(?!data:|#|https?:|\/)/.test(css)) {
    throw new Error('the style sheet has a relative url(): inlining it would break it');
  }

  // The entry and its modules start from the inline script (chooserScript), after the paint.
  const entryScript =
    /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(template);
  if (!entryScript) throw new Error('dist/index.html has no entry module script');
  const entry = entryScript[1];
  const preloads = [
    ...template.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g),
  ];
  const modules = [entry, ...preloads.map((preload) => preload[1])];

  const renderer = await loadRenderer();
  const screens = renderer.prerenderedScreens.map(screenName);
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
  /** @param {string} language */
  const firstCatalogues = (language) =>
    renderer.FIRST_NAMESPACES.map((namespace) => {
      const chunk = manifest[`src/locales/${language}/${namespace}.json?compiled`];
      if (!chunk) throw new Error(`no ${language}/${namespace} catalogue in the manifest`);
      return `/${chunk.file}`;
    });
  const script = chooserScript(
    screens,
    {
      ...renderer.signInRedirect(),
      placeholder: renderer.ORIGIN_PLACEHOLDER,
    },
    entry,
    modules,
    { en: firstCatalogues('en'), fr: firstCatalogues('fr') },
  );
  const scriptHash = createHash('sha256').update(script).digest('base64');

  for (const { language, file, htmlLang } of languages) {
    const i18n = await renderer.createShellI18n(language);
    // The client marks its main area busy while it loads; here the skeleton itself says it,
    // as the main area is shared by every screen of the page.
    const skeleton = splitAtMain(renderer.renderSkeleton(i18n).replace(' aria-busy="true"', ''));
    const parts = [`<div data-prerender="skeleton" aria-busy="true">${skeleton.inner}</div>`];
    /** @type {Record<string, string>} */
    const titles = {};
    for (const screenPath of renderer.prerenderedScreens) {
      const rendered = renderer.renderScreen(i18n, screenPath);
      if (!rendered.title) throw new Error(`${screenPath} sets no page title`);
      titles[screenName(screenPath)] = rendered.title;
      const page = splitAtMain(rendered.html);
      // The shell must be the same around every screen, or one of them would shift.
      if (page.open !== skeleton.open || page.close !== skeleton.close) {
        throw new Error(`the shell around ${screenPath} differs from the skeleton's`);
      }
      // A frame loads even hidden, and the client's render makes its own: the page holds the
      // frame's place (its height) with an empty box, so the frame loads once, after the paint.
      const inner = page.inner.replaceAll(
        /<iframe\b[^>]*\bheight="(\d+)"[^>]*><\/iframe>/g,
        (_, height) => `<div style="height:${height}px"></div>`,
      );
      parts.push(`<div data-prerender="${screenName(screenPath)}">${inner}</div>`);
    }
    // The client shows the banner first thing after the skip link when the server says so.
    const banner = renderer.renderSandboxBanner(i18n);
    const skipLinkEnd = skeleton.open.indexOf('</a>') + '</a>'.length;
    const open = `${skeleton.open.slice(0, skipLinkEnd)}<div data-prerender-sandbox="">${banner}</div>${skeleton.open.slice(skipLinkEnd)}`;
    // A button does nothing until the client runs: disabled until then, so it says so (and a
    // quick press waits rather than being lost). The client's buttons replace these.
    const body = `${open}${parts.join('')}${skeleton.close}`.replaceAll(
      '<button ',
      '<button disabled="" ',
    );
    checkClasses(body, css);

    const title = i18n.t('common:appTitle');
    // Replacements by function: a `$` in the text must not be read as a pattern.
    const html = template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${htmlLang}" ${MARKER}="">`)
      .replace(
        /<title>[^<]*<\/title>/,
        () =>
          `<title>${title}</title>\n    <meta name="${TITLES_META}" content="${attribute(JSON.stringify(titles))}">\n    <script>${script}</script>`,
      )
      .replace(link[0], () => `<style>${css}\n${switchingCss(screens)}</style>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      .replace(entryScript[0], '')
      .replaceAll(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">\s*/g, '');
    if (!html.includes(body)) throw new Error('dist/index.html has no empty <div id="root">');
    await writeFile(path.join(dist, file), html);
  }
  await rm(outDir, { recursive: true, force: true });
  process.stdout.write(
    `prerendered ${languages.map((entry) => entry.file).join(', ')}: the shell, a skeleton and ${screens.length} screens (script sha256-${scriptHash})\n`,
  );
}

await main();
