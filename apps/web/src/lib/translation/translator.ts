import { setupI18n, type I18n } from '@lingui/core';
import type { Language } from '@portal/domain';
import type { AllResources } from '../i18n.ts';
import type { CompiledCatalogue } from './compile-catalogue.ts';

/** A catalogue's name: `common`, `profile`, `operations`... (`src/locales/<lang>/<name>.json`). */
export type Namespace = keyof AllResources & string;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | readonly string[]
    ? `${Prefix}${K}`
    : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPluralSuffix<K extends string> = K extends `${infer Key}_${PluralSuffix}` ? Key : K;

/** Every key of a namespace's catalogue, plural keys also without their suffix. */
export type TranslationKey<NS extends Namespace> =
  Paths<AllResources[NS]> | WithoutPluralSuffix<Paths<AllResources[NS]>>;

/** Values for the message's placeholders; `count` also chooses the plural form. */
export type TranslateOptions = {
  count?: number;
  /** What to show if the key is missing (a code the catalogue does not know yet). */
  defaultValue?: string;
  [placeholder: string]: unknown;
};

/** Translates a key of its namespace (or of `ns`) in its language. */
export interface TFunction<NS extends Namespace = 'common'> {
  (key: TranslationKey<NS>, options: TranslateOptions & { returnObjects: true }): string[];
  (key: TranslationKey<NS>, options?: TranslateOptions): string;
  /** A key of another namespace (its keys are checked where that namespace is the own one). */
  (key: string, options: TranslateOptions & { ns: Namespace }): string;
}

/** Loads one language's compiled catalogue of one namespace (a chunk of its own when built). */
export type CatalogueLoader = (
  language: Language,
  namespace: Namespace,
) => Promise<CompiledCatalogue>;

type LanguageListener = (language: Language) => void;

/**
 * The portal's translations (ADR 0031): Lingui's runtime formats the messages (placeholders,
 * plurals); this class holds which namespaces are loaded in which language, loads a namespace
 * the first time a screen asks for it, and changes the language only once every namespace in
 * use is loaded in the new one, so a switch never shows keys. Missing keys show the key, as
 * before, and never throw.
 */
export class Translator {
  readonly #lingui = new Map<Language, I18n>();
  readonly #loading = new Map<string, Promise<void>>();
  readonly #loaded = new Set<string>();
  readonly #listeners = new Set<LanguageListener>();
  readonly #load: CatalogueLoader;
  #language: Language;

  constructor(language: Language, load: CatalogueLoader) {
    this.#language = language;
    this.#load = load;
  }

  get language(): Language {
    return this.#language;
  }

  /** The namespaces loaded in the current language. */
  get namespaces(): Namespace[] {
    const prefix = `${this.#language}:`;
    return [...this.#loaded]
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length) as Namespace);
  }

  hasNamespace(namespace: Namespace, language: Language = this.#language): boolean {
    return this.#loaded.has(`${language}:${namespace}`);
  }

  /** Loads what is missing. */
  loadNamespaces(
    namespaces: readonly Namespace[],
    language: Language = this.#language,
  ): Promise<void> {
    return Promise.all(namespaces.map((namespace) => this.loadNamespace(namespace, language))).then(
      () => undefined,
    );
  }

  /**
   * The download of a namespace: the same promise until it is loaded (the one a suspended
   * screen waits on), then a settled one.
   */
  loadNamespace(namespace: Namespace, language: Language = this.#language): Promise<void> {
    const entry = `${language}:${namespace}`;
    if (this.#loaded.has(entry)) return Promise.resolve();
    let loading = this.#loading.get(entry);
    if (!loading) {
      loading = this.#load(language, namespace).then(
        (catalogue) => this.addCatalogue(language, namespace, catalogue),
        (error: unknown) => {
          // A failed download is tried again the next time the namespace is asked for.
          this.#loading.delete(entry);
          throw error;
        },
      );
      this.#loading.set(entry, loading);
    }
    return loading;
  }

  /** Adds a compiled catalogue (the loaders' result; tests and the prerender add them eagerly). */
  addCatalogue(language: Language, namespace: Namespace, catalogue: CompiledCatalogue): void {
    const messages: CompiledCatalogue = {};
    for (const [key, message] of Object.entries(catalogue))
      messages[`${namespace}:${key}`] = message;
    this.#linguiFor(language).load(language, messages);
    this.#loaded.add(`${language}:${namespace}`);
    this.#loading.delete(`${language}:${namespace}`);
  }

  #linguiFor(language: Language): I18n {
    let lingui = this.#lingui.get(language);
    if (!lingui) {
      lingui = setupI18n({ locale: language, messages: { [language]: {} } });
      this.#lingui.set(language, lingui);
    }
    return lingui;
  }

  /** Switches once the namespaces in use are loaded in `language`; listeners hear it after. */
  async changeLanguage(language: Language): Promise<void> {
    if (language === this.#language) return;
    await this.loadNamespaces(this.namespaces, language);
    this.#language = language;
    for (const listener of this.#listeners) listener(language);
  }

  on(_event: 'languageChanged', listener: LanguageListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether `namespace:key` has a message in the current language. */
  exists(key: string): boolean {
    return this.#linguiFor(this.#language).messages[key] !== undefined;
  }

  /** A translate function of one namespace, in one language (the current one by default). */
  getFixedT<NS extends Namespace>(language: Language | null, namespace: NS): TFunction<NS> {
    const lingui = this.#linguiFor(language ?? this.#language);
    const translate = (key: string, options: TranslateOptions & { ns?: Namespace } = {}) => {
      const { ns = namespace, returnObjects, defaultValue, ...values } = options;
      const id = `${ns}:${key}`;
      if (returnObjects) {
        const items: string[] = [];
        while (lingui.messages[`${id}.${items.length}`] !== undefined) {
          items.push(lingui._(`${id}.${items.length}`, values));
        }
        return items;
      }
      if (lingui.messages[id] === undefined) return defaultValue ?? key;
      return lingui._(id, values);
    };
    return translate as TFunction<NS>;
  }

  /** The common namespace's translate function, in the current language. */
  get t(): TFunction {
    return this.getFixedT(null, 'common');
  }
}
