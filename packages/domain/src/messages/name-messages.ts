/**
 * The messages of the name rule (rules/person-name.ts). `nameCharacters` names the characters
 * to remove, so it is a function of them; the others are plain texts.
 */
export const nameMessagesEn = {
  nameTooLong: 'Use at most 100 characters.',
  nameStart: 'A name must start with a letter.',
} as const;

export const nameMessagesFr = {
  nameTooLong: 'Utilisez au plus 100 caractères.',
  nameStart: 'Un nom doit commencer par une lettre.',
} as const satisfies Record<keyof typeof nameMessagesEn, string>;

/** Messages that name something from the answer: key -> the text for its argument. */
export const messagesWithArgumentEn = {
  nameCharacters: (characters: string) =>
    `Not allowed in a name: ${characters}. A name may contain letters, spaces, hyphens, apostrophes and periods, and a comma before a suffix such as Jr.`,
} as const;

export const messagesWithArgumentFr = {
  nameCharacters: (characters: string) =>
    `Caractères non permis dans un nom\u00a0: ${characters}. Un nom peut contenir des lettres, des espaces, des traits d’union, des apostrophes et des points, ainsi qu’une virgule devant un suffixe comme Jr.`,
} as const satisfies Record<keyof typeof messagesWithArgumentEn, (argument: string) => string>;
