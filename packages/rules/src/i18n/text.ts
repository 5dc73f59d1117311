/** A text in both languages the game speaks: French first, as the rules are written. */
export interface Text {
  fr: string;
  en: string;
}
