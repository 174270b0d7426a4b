export * from './constants.ts';
export * from './enums/countries.ts';
export * from './enums/define-enum.ts';
export * from './enums/provinces.ts';
export * from './enums/titles.ts';
