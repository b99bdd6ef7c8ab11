import type { Translation } from './translation'

/**
 * English (languages/en.json), read as `EN.<path>`: `EN.home`, `EN.answering.joined`. The
 * build writes each read's value in its place (english-reads.ts, in the translations plugin of
 * translation-module.ts), so each chunk carries only the English it reads; any other use of
 * EN fails the build. Imported whole (a test), this module is en.json's Translation.
 */
export declare const EN: Translation
